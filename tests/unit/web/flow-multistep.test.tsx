import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MultiStepFlow, type FlowHandle } from '../../../web/src/ui/flow/MultiStepFlow';
import { defineStep, type FlowStep, type FlowStepProps } from '../../../web/src/ui/flow/step';

function Note({ text, data, setData }: FlowStepProps<string> & { text: string }) {
  return (
    <div>
      <p>{text}</p>
      <label>
        Answer
        <input value={data ?? ''} onChange={(event) => setData(event.target.value)} />
      </label>
    </div>
  );
}

const noteStep = (id: string, title: string | undefined, extra: Partial<Omit<FlowStep, 'component' | 'props'>> = {}) =>
  defineStep<{ text: string }, string>({ id, ...(title ? { title } : {}), component: Note, props: { text: `Body of ${id}` }, ...extra });

describe('MultiStepFlow', () => {
  it('says "No steps defined" without steps', () => {
    render(<MultiStepFlow steps={[]} />);
    expect(screen.getByText('No steps defined')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the numbered step indicator only with more than one step', () => {
    const { unmount } = render(<MultiStepFlow steps={[noteStep('only', 'Only')]} />);
    expect(screen.queryByRole('list', { name: 'Progress' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
    unmount();

    render(<MultiStepFlow steps={[noteStep('a', 'Your email'), noteStep('b', 'Preferences')]} />);
    const progress = screen.getByRole('list', { name: 'Progress' });
    const items = within(progress).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['1Step 1 of 2: Your email', '2Step 2 of 2: Preferences']);
    expect(items[0]).toHaveAttribute('aria-current', 'step');
  });

  it('keeps Back disabled on the first step, and moves with Next and Back', async () => {
    render(<MultiStepFlow steps={[noteStep('a', 'First'), noteStep('b', 'Second'), noteStep('c', 'Third')]} />);
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByText('Body of b')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    expect(within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem')[0]).toHaveTextContent('(completed)');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Second' })).toBeInTheDocument();
  });

  it('moves the focus to the new step heading on every step change', async () => {
    render(<MultiStepFlow steps={[noteStep('a', 'First'), noteStep('b', 'Second')]} />);
    // Not on the first render: the page decides where the focus starts.
    expect(screen.getByRole('heading', { name: 'First' })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Second' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'First' })).toHaveFocus();
  });

  it('blocks on a failed validation and shows its message in an alert', async () => {
    const steps = [noteStep('a', 'First', { validate: (data) => data === 'yes' || 'Please answer yes' }), noteStep('b', 'Second')];
    render(<MultiStepFlow steps={steps} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please answer yes');
    expect(screen.getByRole('heading', { name: 'First' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Answer'), 'yes');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Second' })).toBeInTheDocument();
  });

  it('finishes on the last step with all the data, keyed by step id', async () => {
    const onComplete = vi.fn();
    render(<MultiStepFlow steps={[noteStep('a', 'First'), noteStep('b', 'Second')]} initialData={{ source: 'home' }} onComplete={onComplete} />);
    await userEvent.type(screen.getByLabelText('Answer'), 'one');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(screen.getByLabelText('Answer'), 'two');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onComplete).toHaveBeenCalledExactlyOnceWith({ source: 'home', a: 'one', b: 'two' });
    expect(screen.getByRole('button', { name: 'Finish' })).toBeDisabled();
  });

  it('keeps what was typed when the member goes back', async () => {
    render(<MultiStepFlow steps={[noteStep('a', 'First'), noteStep('b', 'Second')]} />);
    await userEvent.type(screen.getByLabelText('Answer'), 'kept');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Answer')).toHaveValue('kept');
  });

  it('shows the Processing... overlay during the 1 s pause before a confirmation step', async () => {
    vi.useFakeTimers();
    render(<MultiStepFlow steps={[noteStep('email', 'Your email'), noteStep('sent', 'Check your email')]} />);
    act(() => screen.getByRole('button', { name: 'Next' }).click());
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.getByRole('status')).toHaveTextContent('Processing...');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Processing...')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  it('lets the page jump to a step by index or id, and reset to the first with the initial data', async () => {
    const ref = createRef<FlowHandle>();
    render(<MultiStepFlow ref={ref} steps={[noteStep('a', 'First'), noteStep('b', 'Second'), noteStep('c', 'Third')]} initialData={{ a: 'start' }} />);
    await userEvent.clear(screen.getByLabelText('Answer'));
    await userEvent.type(screen.getByLabelText('Answer'), 'changed');
    act(() => ref.current!.goTo('c'));
    expect(screen.getByRole('heading', { name: 'Third' })).toHaveFocus();
    act(() => ref.current!.goTo(1));
    expect(screen.getByRole('heading', { name: 'Second' })).toBeInTheDocument();
    act(() => ref.current!.reset());
    expect(screen.getByRole('heading', { name: 'First' })).toBeInTheDocument();
    expect(screen.getByLabelText('Answer')).toHaveValue('start');
  });

  it('lets a step jump by itself, and show its own failure in the banner', async () => {
    function Jumper({ goTo, fail }: FlowStepProps) {
      return (
        <>
          <button onClick={() => goTo('end')}>Skip ahead</button>
          <button onClick={() => fail('Failed to process email. Please try again.')}>Break</button>
        </>
      );
    }
    render(<MultiStepFlow steps={[defineStep({ id: 'start', title: 'Start', component: Jumper }), noteStep('mid', 'Middle'), noteStep('end', 'End')]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Break' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to process email. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Skip ahead' }));
    expect(screen.getByRole('heading', { name: 'End' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves the forward button to steps that bring their own', () => {
    render(<MultiStepFlow steps={[noteStep('a', 'First', { controls: 'step' }), noteStep('b', 'Second')]} />);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('focuses a heading the step renders itself when the step has no title', async () => {
    function Titled() {
      return <h2>Own heading</h2>;
    }
    render(<MultiStepFlow steps={[noteStep('a', 'First'), defineStep({ id: 'b', component: Titled })]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Own heading' })).toHaveFocus();
  });
});
