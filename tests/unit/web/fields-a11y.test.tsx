import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DateField,
  EmailField,
  FileUploadField,
  MultiSelectField,
  NumberField,
  OtpField,
  PasswordField,
  PhoneField,
  SchoolAddressFields,
  SearchableSelectField,
  SelectField,
  TagField,
  TextAreaField,
  ToggleField,
  UrlField,
  EMPTY_SCHOOL_ADDRESS,
  type SelectOption,
} from '../../../web/src/ui/fields';
import { toFileEntry } from '../../../web/src/ui/fields/rules/files';
import { axeViolations } from './fields-axe';

const options: SelectOption[] = [
  { value: 'a', label: 'Atlas Shrugged', group: 'Novels', description: '1957' },
  { value: 'b', label: 'Anthem', group: 'Novels', disabled: true },
  { value: 'c', label: 'Other' },
];

const noop = () => {};

function AllFields({ error }: { error?: string }) {
  const e = error ? { error } : {};
  return (
    <form>
      <EmailField label="Email" value="" onChange={noop} hint="For the sign-in link" {...e} />
      <PasswordField label="Password" value="abc" onChange={noop} showStrength {...e} />
      <NumberField label="Copies" value={3} onChange={noop} {...e} />
      <PhoneField label="Phone" value="" onChange={noop} {...e} />
      <UrlField label="Website" value="" onChange={noop} {...e} />
      <SelectField label="Book" options={options} value="" onChange={noop} {...e} />
      <SearchableSelectField label="Search a book" options={options} value="" onChange={noop} {...e} />
      <MultiSelectField label="Books" options={options} value={['a']} onChange={noop} {...e} />
      <TagField label="Themes" value={[{ id: 'ethics', label: 'Ethics', variant: 'primary' }]} onChange={noop} {...e} />
      <TextAreaField label="Message" value="Hi" onChange={noop} maxLength={100} {...e} />
      <DateField label="Teach date" value={null} onChange={noop} {...e} />
      <ToggleField label="Email notifications" value onChange={noop} {...e} />
      <OtpField label="Code" value="12" onChange={noop} {...e} />
      <FileUploadField label="Cover" value={[toFileEntry(new File(['x'], 'a.png', { type: 'image/png' }))]} onChange={noop} {...e} />
      <SchoolAddressFields
        value={EMPTY_SCHOOL_ADDRESS}
        onChange={noop}
        places={error ? null : { suggestSchools: async () => [], schoolAddress: async () => EMPTY_SCHOOL_ADDRESS }}
        {...(error ? { errors: { schoolName: error, schoolZip: error } } : {})}
      />
    </form>
  );
}

describe('form fields: accessibility (axe-core)', () => {
  it('has no violations at rest', async () => {
    const { container } = render(<AllFields />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('has no violations with every field showing an error', async () => {
    const { container } = render(<AllFields error="Something is wrong" />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('has no violations with the searchable list open', async () => {
    const { container, getByRole } = render(<AllFields />);
    await userEvent.click(getByRole('combobox', { name: 'Search a book' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(await axeViolations(container)).toEqual([]);
  });
});
