import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MultiStepFlow } from '../../../web/src/ui/flow/MultiStepFlow';
import { canContinue, SelectionStep, type SelectionOption } from '../../../web/src/ui/flow/SelectionStep';
import { defineStep, type FlowStepProps } from '../../../web/src/ui/flow/step';

const plans: SelectionOption[] = [
  { value: 'monthly', label: 'Monthly', description: 'Billed every month' },
  { value: 'yearly', label: 'Yearly', description: 'Two months free', primary: true },
  { value: 'lifetime', label: 'Lifetime', disabled: true },
];

describe('selection rule', () => {
  it('continues only with an enabled option chosen', () => {
    expect(canContinue(plans, null)).toBe(false);
    expect(canContinue(plans, 'monthly')).toBe(true);
    expect(canContinue(plans, 'lifetime')).toBe(false);
    expect(canContinue(plans, 'unknown')).toBe(false);
  });
});

describe('SelectionStep', () => {
  it('shows the options as one named radio group with the Recommended badge on the primary option', () => {
    render(<SelectionStep label="Billing option" options={plans} />);
    expect(screen.getByRole('group', { name: 'Billing option' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    const yearly = screen.getByRole('radio', { name: 'Yearly' });
    expect(yearly).toHaveAccessibleDescription('Recommended Two months free');
    expect(screen.getAllByText('Recommended')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveAccessibleDescription('Billed every month');
  });

  it('keeps disabled options out of reach', async () => {
    render(<SelectionStep label="Billing option" options={plans} />);
    const lifetime = screen.getByRole('radio', { name: 'Lifetime' });
    expect(lifetime).toBeDisabled();
    await userEvent.click(screen.getByText('Lifetime'));
    expect(lifetime).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('cannot continue without a selection, and continues with the chosen value', async () => {
    const onContinue = vi.fn();
    render(<SelectionStep label="Billing option" options={plans} onContinue={onContinue} />);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toBeDisabled();
    await userEvent.click(screen.getByText('Monthly'));
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(onContinue).toHaveBeenCalledExactlyOnceWith('monthly');
  });

  it('moves between options with the arrow keys', async () => {
    render(<SelectionStep label="Billing option" options={plans} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
  });
});

describe('SelectionStep in a flow', () => {
  const planStep = defineStep<{ label: string; options: SelectionOption[] }>({
    id: 'plan',
    title: 'Choose a plan',
    controls: 'step',
    component: SelectionStep,
    props: { label: 'Billing option', options: plans },
  });

  it('hands the choice to the flow and keeps it when the member comes back', async () => {
    const onComplete = vi.fn();
    function Summary({ allData }: FlowStepProps) {
      return <p>Plan: {String(allData.plan)}</p>;
    }
    render(<MultiStepFlow steps={[planStep, defineStep({ id: 'summary', title: 'Summary', component: Summary })]} onComplete={onComplete} />);
    await userEvent.click(screen.getByText('Yearly'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Plan: yearly')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('shows a failure of its continue handler in the flow banner', async () => {
    const failing = defineStep<{ label: string; options: SelectionOption[]; onContinue: () => Promise<void> }>({
      id: 'plan',
      title: 'Choose a plan',
      controls: 'step',
      component: SelectionStep,
      props: { label: 'Billing option', options: plans, onContinue: () => Promise.reject(new Error('Please select a subscription plan')) },
    });
    render(<MultiStepFlow steps={[failing, defineStep({ id: 'next', title: 'Next', component: () => null })]} />);
    await userEvent.click(screen.getByText('Monthly'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a subscription plan');
  });
});
