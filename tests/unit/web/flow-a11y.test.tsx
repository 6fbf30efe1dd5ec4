import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FormStep } from '../../../web/src/ui/flow/FormStep';
import { MultiStepFlow } from '../../../web/src/ui/flow/MultiStepFlow';
import { SelectionStep, type SelectionOption } from '../../../web/src/ui/flow/SelectionStep';
import type { FormFieldConfig } from '../../../web/src/ui/flow/form-fields';
import { defineStep } from '../../../web/src/ui/flow/step';
import { axeViolations } from './fields-axe';

const fields: FormFieldConfig[] = [
  { name: 'firstName', type: 'text', label: 'First name', width: '1/2', required: true },
  { name: 'lastName', type: 'text', label: 'Last name', width: '1/2', required: true },
  { name: 'role', type: 'select', label: 'Role', options: [{ value: 'teacher', label: 'Teacher' }] },
];
const options: SelectionOption[] = [
  { value: 'print', label: 'Print', description: 'Shipped to your school', primary: true },
  { value: 'ebook', label: 'E-book' },
  { value: 'audio', label: 'Audio', disabled: true },
];

const steps = [
  defineStep<{ groups: { title: string; description: string; fields: FormFieldConfig[] }[] }>({
    id: 'profile',
    title: 'Your profile',
    controls: 'step',
    component: FormStep,
    props: { groups: [{ title: 'About you', description: 'As it should appear on the order', fields }] },
  }),
  defineStep<{ label: string; options: SelectionOption[] }>({
    id: 'format',
    title: 'Choose a format',
    controls: 'step',
    component: SelectionStep,
    props: { label: 'Book format', options },
  }),
];

describe('multi-step flow: accessibility (axe-core)', () => {
  it('has no violations on a form step, with its errors and the flow banner showing', async () => {
    const { container } = render(<MultiStepFlow label="Order books" steps={steps} />);
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('First name (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('has no violations on a selection step', async () => {
    const { container } = render(<MultiStepFlow label="Order books" steps={steps} />);
    await userEvent.type(screen.getByLabelText('First name (required)'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name (required)'), 'Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('group', { name: 'Book format' })).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });
});
