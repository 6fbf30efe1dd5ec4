import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormStep } from '../../../web/src/ui/flow/FormStep';
import { MultiStepFlow } from '../../../web/src/ui/flow/MultiStepFlow';
import type { FormFieldConfig } from '../../../web/src/ui/flow/form-fields';
import { defineStep, type FlowStepProps } from '../../../web/src/ui/flow/step';

const profileFields: FormFieldConfig[] = [
  { name: 'firstName', type: 'text', label: 'First name', width: '1/2' },
  { name: 'lastName', type: 'text', label: 'Last name', width: '1/2' },
  { name: 'email', type: 'email', label: 'Email', required: true, helperText: 'We send the sign-in link here' },
];

const profileSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  email: z.string(),
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('FormStep', () => {
  it('lays fields out in their widths, labelled, with helper text', () => {
    render(<FormStep fields={profileFields} />);
    expect(screen.getByLabelText('First name').closest('.form-step__cell')).toHaveClass('form-step__cell--1-2');
    expect(screen.getByLabelText('Email (required)').closest('.form-step__cell')).toHaveClass('form-step__cell--full');
    expect(screen.getByLabelText('Email (required)')).toHaveAccessibleDescription('We send the sign-in link here');
  });

  it('shows the schema messages under the fields, linked, and focuses the first invalid field', async () => {
    const onSubmit = vi.fn();
    render(<FormStep fields={profileFields} schema={profileSchema} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Email (required)'), 'a@b.co');
    await userEvent.type(screen.getByLabelText('Last name'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const first = screen.getByLabelText('First name');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(first).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('gives the required and type messages of its fields before the schema', async () => {
    render(<FormStep fields={profileFields} schema={profileSchema} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Email (required)')).toHaveAccessibleDescription(expect.stringContaining('Email is required'));
    await userEvent.type(screen.getByLabelText('Email (required)'), 'nope');
    expect(screen.getByLabelText('Email (required)')).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address.'));
  });

  it('submits the parsed values, reading "Submitting..." while it is sent', async () => {
    const sending = deferred();
    const onSubmit = vi.fn(() => sending.promise);
    render(<FormStep fields={profileFields} schema={profileSchema} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('First name'), '  Ada ');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Email (required)'), 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const button = await screen.findByRole('button', { name: 'Submitting...' });
    expect(button).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' });
    sending.resolve();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('follows new fields and a new schema given after it first showed', async () => {
    const onSubmit = vi.fn();
    const strict = z.object({ nickname: z.string().min(5, 'Nickname must be at least 5 characters') });
    const relaxed = z.object({ nickname: z.string().min(2, 'Nickname must be at least 2 characters') });
    const nickname: FormFieldConfig = { name: 'nickname', type: 'text', label: 'Nickname' };
    const { rerender } = render(<FormStep fields={[nickname]} schema={strict} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Nickname'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription('Nickname must be at least 5 characters');
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(<FormStep fields={[nickname, { name: 'city', type: 'text', label: 'City', required: true }]} schema={relaxed} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('City (required)')).toHaveAccessibleDescription('City is required');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('City (required)'), 'Boston');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ nickname: 'Ada' });
  });

  it('shows a failed submit in an alert outside a flow', async () => {
    render(<FormStep fields={[{ name: 'note', type: 'text', label: 'Note' }]} onSubmit={() => Promise.reject(new Error('Failed to update profile'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile');
  });

  it('has a Cancel button only when asked', async () => {
    const onCancel = vi.fn();
    const { unmount } = render(<FormStep fields={profileFields} />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    unmount();
    render(<FormStep fields={profileFields} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows groups with their title and description', () => {
    render(
      <FormStep
        groups={[
          { title: 'About you', description: 'As it should appear on the order', fields: profileFields.slice(0, 2) },
          { title: 'Contact', fields: profileFields.slice(2) },
        ]}
      />,
    );
    const about = screen.getByRole('group', { name: 'About you' });
    expect(within(about).getByText('As it should appear on the order')).toBeInTheDocument();
    expect(within(about).getByLabelText('First name')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Contact' })).getByLabelText('Email (required)')).toBeInTheDocument();
  });

  it('renders a conditional field only while its condition holds, and never sends it otherwise', async () => {
    const onSubmit = vi.fn();
    render(
      <FormStep
        fields={[
          { name: 'teacher', type: 'toggle', label: 'I am a teacher' },
          { name: 'school', type: 'text', label: 'School name', required: true, conditionallyRender: (v) => v.teacher === true },
          { name: 'source', type: 'text', label: 'Source', hidden: true },
        ]}
        defaultValues={{ source: 'home-page', school: 'Stale' }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.queryByLabelText(/School name/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Source')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'I am a teacher' }));
    const school = screen.getByLabelText('School name (required)');
    await userEvent.clear(school);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(school).toHaveAccessibleDescription('School name is required');
    await userEvent.click(screen.getByRole('switch', { name: 'I am a teacher' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ teacher: false, source: 'home-page' });
  });

  it('renders every field type of the spec with its label', async () => {
    const options = [{ value: 'a', label: 'A' }];
    render(
      <FormStep
        fields={[
          { name: 'text', type: 'text', label: 'Text' },
          { name: 'email', type: 'email', label: 'Email' },
          { name: 'password', type: 'password', label: 'Password' },
          { name: 'number', type: 'number', label: 'Number' },
          { name: 'tel', type: 'tel', label: 'Phone' },
          { name: 'url', type: 'url', label: 'Website' },
          { name: 'select', type: 'select', label: 'Select', options },
          { name: 'textarea', type: 'textarea', label: 'Text area', fieldProps: { maxLength: 20 } },
          { name: 'date', type: 'date', label: 'Date' },
          { name: 'toggle', type: 'toggle', label: 'Toggle' },
          { name: 'multiselect', type: 'multiselect', label: 'Multi', options },
          { name: 'tag', type: 'tag', label: 'Tags' },
          { name: 'searchableSelect', type: 'searchableSelect', label: 'Search', options },
        ]}
      />,
    );
    // The phone and date fields come with their libraries, downloaded when a form has one (ui/flow/library-fields.ts).
    expect(await screen.findByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(await screen.findByLabelText('Date')).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    expect(screen.getByLabelText('Text')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Number')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Website')).toHaveAttribute('type', 'url');
    expect(screen.getByRole('combobox', { name: 'Select' })).toBeInTheDocument();
    expect(screen.getByLabelText('Text area')).toHaveAttribute('maxlength', '20');
    expect(screen.getByLabelText('Date')).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    expect(screen.getByRole('switch', { name: 'Toggle' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Multi' })).toBeInTheDocument();
    expect(screen.getByLabelText('Tags')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveAttribute('aria-autocomplete', 'list');
  });
});

describe('FormStep in a flow', () => {
  const emailStep = defineStep<{ fields: FormFieldConfig[] }>({
    id: 'email',
    title: 'Your email',
    controls: 'step',
    component: FormStep,
    props: { fields: [{ name: 'email', type: 'email', label: 'Email', required: true }] },
  });

  it('hands its values to the flow, which keeps them under the step id and shows them again on Back', async () => {
    const onComplete = vi.fn();
    function Done({ allData }: FlowStepProps) {
      return <p>Thanks, {String((allData.email as { email: string }).email)}</p>;
    }
    render(<MultiStepFlow steps={[emailStep, defineStep({ id: 'done', title: 'Done', component: Done })]} onComplete={onComplete} />);
    await userEvent.type(screen.getByLabelText('Email (required)'), 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Thanks, ada@example.org')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Email (required)')).toHaveValue('ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(onComplete).toHaveBeenCalledWith({ email: { email: 'ada@example.org' }, done: undefined });
  });

  it('shows a failed submit in the flow error banner', async () => {
    const failing = defineStep<{ fields: FormFieldConfig[]; onSubmit: () => Promise<void> }>({
      id: 'email',
      title: 'Your email',
      controls: 'step',
      component: FormStep,
      props: { fields: [{ name: 'note', type: 'text', label: 'Note' }], onSubmit: () => Promise.reject(new Error('Failed to process email. Please try again.')) },
    });
    render(<MultiStepFlow steps={[failing, defineStep({ id: 'x', title: 'Next one', component: () => null })]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process email. Please try again.');
    expect(screen.getByRole('heading', { name: 'Your email' })).toBeInTheDocument();
  });
});
