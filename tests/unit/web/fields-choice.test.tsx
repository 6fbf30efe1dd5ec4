import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MultiSelectField } from '../../../web/src/ui/fields/MultiSelectField';
import { SearchableSelectField } from '../../../web/src/ui/fields/SearchableSelectField';
import { SelectField } from '../../../web/src/ui/fields/SelectField';
import { TagField } from '../../../web/src/ui/fields/TagField';
import { ToggleField } from '../../../web/src/ui/fields/ToggleField';
import type { SelectOption } from '../../../web/src/ui/fields/rules/options';
import type { Tag } from '../../../web/src/ui/fields/rules/tags';
import { Controlled, reported } from './fields-harness';

const value = () => reported(screen.getByTestId);

const books: SelectOption[] = [
  { value: 'atlas', label: 'Atlas Shrugged', group: 'Novels', description: 'Rand, 1957' },
  { value: 'anthem', label: 'Anthem', group: 'Novels', disabled: true },
  { value: 'vos', label: 'The Virtue of Selfishness', group: 'Essays', description: 'Ethics' },
  { value: 'other', label: 'Other' },
];

describe('SelectField', () => {
  it('offers the options in their groups, with disabled ones disabled', async () => {
    render(<Controlled initial="">{(v, set) => <SelectField label="Book" options={books} value={v} onChange={set} />}</Controlled>);
    const select = screen.getByLabelText('Book');
    expect(within(select).getByRole('group', { name: 'Novels' })).toBeInTheDocument();
    expect(within(select).getByRole('option', { name: 'Anthem' })).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'Select an option' })).toHaveValue('');
    await userEvent.selectOptions(select, 'vos');
    expect(value()).toBe('vos');
  });

  it('shows the chosen option’s description under the select, as the select’s description', async () => {
    render(<Controlled initial="">{(v, set) => <SelectField label="Book" hint="The one you read first" options={books} value={v} onChange={set} />}</Controlled>);
    const select = screen.getByLabelText('Book');
    expect(select).toHaveAccessibleDescription('The one you read first');
    expect(screen.queryByText('Rand, 1957')).not.toBeInTheDocument();
    await userEvent.selectOptions(select, 'atlas');
    expect(screen.getByText('Rand, 1957')).toBeVisible();
    expect(select).toHaveAccessibleDescription('The one you read first Rand, 1957');
    await userEvent.selectOptions(select, 'vos');
    expect(select).toHaveAccessibleDescription('The one you read first Ethics');
    expect(screen.queryByText('Rand, 1957')).not.toBeInTheDocument();
    await userEvent.selectOptions(select, 'other');
    expect(select).toHaveAccessibleDescription('The one you read first');
  });

  it('links its error', () => {
    render(<SelectField label="Book" options={books} value="" onChange={() => {}} error="Book is required" />);
    const select = screen.getByLabelText('Book');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Book is required');
  });
});

describe('SearchableSelectField', () => {
  const renderSearch = (initial = '') =>
    render(<Controlled initial={initial}>{(v, set) => <SearchableSelectField label="Book" options={books} value={v} onChange={set} />}</Controlled>);

  it('is a labelled combobox whose list opens on typing and filters by label or description', async () => {
    renderSearch();
    const input = screen.getByRole('combobox', { name: 'Book' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(input, 'ethic');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Book' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['The Virtue of SelfishnessEthics']);
  });

  it('chooses with the arrows and Enter, skipping disabled options', async () => {
    renderSearch();
    const input = screen.getByRole('combobox', { name: 'Book' });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    // Order: ungrouped first (Other), then Novels (Atlas, Anthem disabled), then Essays.
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Atlas Shrugged/ }).id);
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Virtue/ }).id);
    await userEvent.keyboard('{Enter}');
    expect(value()).toBe('vos');
    expect(input).toHaveValue('The Virtue of Selfishness');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('groups options and marks disabled ones; clicking a disabled one chooses nothing', async () => {
    renderSearch();
    const input = screen.getByRole('combobox', { name: 'Book' });
    await userEvent.click(input);
    expect(screen.getByRole('group', { name: 'Essays' })).toBeInTheDocument();
    const anthem = screen.getByRole('option', { name: 'Anthem' });
    expect(anthem).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(anthem);
    expect(value()).toBe('');
    await userEvent.click(screen.getByRole('option', { name: /Atlas/ }));
    expect(value()).toBe('atlas');
  });

  it('says when nothing matches, and Escape restores the chosen label', async () => {
    renderSearch('atlas');
    const input = screen.getByRole('combobox', { name: 'Book' });
    expect(input).toHaveValue('Atlas Shrugged');
    await userEvent.clear(input);
    await userEvent.type(input, 'zzz');
    expect(screen.getByText('No options found')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('Atlas Shrugged');
    expect(value()).toBe('atlas');
  });

  it('clears the choice when the text is cleared and the member leaves', async () => {
    renderSearch('atlas');
    const input = screen.getByRole('combobox', { name: 'Book' });
    await userEvent.clear(input);
    await userEvent.tab();
    expect(value()).toBe('');
  });
});

describe('MultiSelectField', () => {
  it('is a named group of checkboxes with descriptions, and reports the chosen values', async () => {
    render(<Controlled initial={[] as string[]}>{(v, set) => <MultiSelectField label="Books" options={books} value={v} onChange={set} />}</Controlled>);
    expect(screen.getByRole('group', { name: 'Books' })).toBeInTheDocument();
    const atlas = screen.getByRole('checkbox', { name: 'Atlas Shrugged' });
    expect(atlas).toHaveAccessibleDescription('Rand, 1957');
    expect(screen.getByRole('checkbox', { name: 'Anthem' })).toBeDisabled();
    await userEvent.click(atlas);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(value()).toEqual(['atlas', 'other']);
    await userEvent.click(atlas);
    expect(value()).toEqual(['other']);
  });

  it('marks every box invalid and links the error', () => {
    render(<MultiSelectField label="Books" options={books} value={[]} onChange={() => {}} error="Books is required" />);
    const box = screen.getByRole('checkbox', { name: 'Other' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Books is required');
  });
});

describe('ToggleField', () => {
  it('is a labelled switch that reports on and off', async () => {
    render(<Controlled initial={false}>{(v, set) => <ToggleField label="Email notifications" hint="A weekly digest" value={v} onChange={set} />}</Controlled>);
    const toggle = screen.getByRole('switch', { name: 'Email notifications' });
    expect(toggle).toHaveAccessibleDescription('A weekly digest');
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(value()).toBe(true);
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(value()).toBe(false);
  });
});

describe('TagField', () => {
  const renderTags = (initial: Tag[] = [], variant?: Tag['variant']) =>
    render(
      <Controlled initial={initial}>
        {(v, set) => (
          <form onSubmit={() => { throw new Error('Enter must not submit the form'); }}>
            <TagField label="Themes" value={v} onChange={set} {...(variant ? { variant } : {})} />
          </form>
        )}
      </Controlled>,
    );

  it('adds the trimmed text on Enter, without submitting the form', async () => {
    renderTags();
    const input = screen.getByLabelText('Themes');
    await userEvent.type(input, '  Ethics {Enter}');
    expect(value()).toEqual([{ id: 'ethics', label: 'Ethics', variant: 'default' }]);
    expect(input).toHaveValue('');
    expect(screen.getByRole('list', { name: 'Themes: 1 tag' })).toHaveTextContent('Ethics');
  });

  it('ignores a duplicate by lower-case id, and blank text', async () => {
    renderTags();
    const input = screen.getByLabelText('Themes');
    await userEvent.type(input, 'Ethics{Enter}ETHICS{Enter}   {Enter}');
    expect(value()).toEqual([{ id: 'ethics', label: 'Ethics', variant: 'default' }]);
  });

  it('removes the last tag with Backspace on the empty input, and any tag with its button', async () => {
    renderTags([
      { id: 'a', label: 'A', variant: 'primary' },
      { id: 'b', label: 'B', variant: 'success' },
      { id: 'c', label: 'C', variant: 'error' },
    ]);
    const input = screen.getByLabelText('Themes');
    await userEvent.type(input, '{Backspace}');
    expect((value() as Tag[]).map((t) => t.id)).toEqual(['a', 'b']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove A' }));
    expect((value() as Tag[]).map((t) => t.id)).toEqual(['b']);
  });

  it('gives new tags the field variant and shows each tag in its variant', async () => {
    renderTags([], 'warning');
    await userEvent.type(screen.getByLabelText('Themes'), 'Draft{Enter}');
    expect(value()).toEqual([{ id: 'draft', label: 'Draft', variant: 'warning' }]);
    expect(screen.getByText('Draft').closest('.tag')).toHaveClass('tag--warning');
  });

  it('tells how to use it', () => {
    renderTags();
    expect(screen.getByLabelText('Themes')).toHaveAccessibleDescription('Press Enter to add a tag. Backspace in the empty field removes the last tag.');
  });
});
