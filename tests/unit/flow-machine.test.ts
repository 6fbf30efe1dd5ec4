/**
 * The flow engine's rules (spec 001 §4 "Flow engine"), pure: the synchronous moves, the validation
 * outcome, the confirmation-step rule, and the asynchronous move run by createFlow.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFlow, type FlowOptions } from '../../domain/flow/flow';
import {
  CONFIRMATION_PAUSE_MS,
  errorMessage,
  forwardLabel,
  initialFlowState,
  isConfirmationStep,
  isFirstStep,
  resolveStepIndex,
  transition,
  validationMessage,
  type FlowEvent,
  type FlowStepDefinition,
} from '../../domain/flow/machine';

const step = (id: string, extra: Partial<FlowStepDefinition<string>> = {}): FlowStepDefinition<string> => ({
  id,
  component: id,
  ...extra,
});

afterEach(() => {
  vi.useRealTimers();
});

const instant = () => Promise.resolve();
const FALLBACK = 'An error occurred';

function flowOf(steps: FlowStepDefinition<string>[], extra: Partial<FlowOptions<string>> = {}) {
  return createFlow<string>({ steps, wait: instant, fallbackErrorMessage: FALLBACK, ...extra });
}

describe('flow machine: transitions', () => {
  const steps = [step('a'), step('b'), step('c')];

  it('starts on the first step with the initial data, not complete, no error, not processing', () => {
    expect(initialFlowState({ a: { x: 1 } })).toEqual({ index: 0, data: { a: { x: 1 } }, completed: false, error: null, processing: false });
  });

  it('keeps Back disabled on the first step: back there changes nothing', () => {
    const state = initialFlowState();
    expect(isFirstStep(state)).toBe(true);
    expect(transition(state, { type: 'back' }, steps)).toBe(state);
  });

  it('goes back one step and clears the error', () => {
    const state = { ...initialFlowState(), index: 2, error: 'x' };
    expect(transition(state, { type: 'back' }, steps)).toMatchObject({ index: 1, error: null });
  });

  it('labels the forward button Next before the last step and Finish on it', () => {
    expect(forwardLabel(initialFlowState(), 3)).toBe('Next');
    expect(forwardLabel({ ...initialFlowState(), index: 2 }, 3)).toBe('Finish');
    expect(forwardLabel(initialFlowState(), 1)).toBe('Finish');
  });

  it('jumps to a step by index or by id, and ignores targets that name no step', () => {
    const state = initialFlowState();
    expect(transition(state, { type: 'goTo', target: 2 }, steps).index).toBe(2);
    expect(transition(state, { type: 'goTo', target: 'b' }, steps).index).toBe(1);
    expect(transition(state, { type: 'goTo', target: 3 }, steps)).toBe(state);
    expect(transition(state, { type: 'goTo', target: -1 }, steps)).toBe(state);
    expect(transition(state, { type: 'goTo', target: 1.5 }, steps)).toBe(state);
    expect(transition(state, { type: 'goTo', target: 'nope' }, steps)).toBe(state);
    expect(resolveStepIndex(steps, 'c')).toBe(2);
  });

  it('refuses back and jumps while a move is processing', () => {
    const state = { ...initialFlowState(), index: 1, processing: true };
    expect(transition(state, { type: 'back' }, steps)).toBe(state);
    expect(transition(state, { type: 'goTo', target: 0 }, steps)).toBe(state);
  });

  it('resets to the first step with the initial data', () => {
    const state = { index: 2, data: { a: 1, b: 2 }, completed: true, error: 'x', processing: false };
    expect(transition(state, { type: 'reset', initialData: { a: 0 } }, steps)).toEqual(initialFlowState({ a: 0 }));
  });

  it('keeps the data keyed by step id', () => {
    const state = transition(initialFlowState({ a: 1 }), { type: 'dataChanged', stepId: 'b', stepData: { email: 'x@y.z' } }, steps);
    expect(state.data).toEqual({ a: 1, b: { email: 'x@y.z' } });
  });

  it('never leaves the range of steps, whatever the events (property)', () => {
    const event = fc.oneof(
      fc.constant<FlowEvent>({ type: 'back' }),
      fc.constant<FlowEvent>({ type: 'advanced' }),
      fc.constant<FlowEvent>({ type: 'processingStarted' }),
      fc.constant<FlowEvent>({ type: 'failed', message: 'm' }),
      fc.integer({ min: -3, max: 6 }).map<FlowEvent>((target) => ({ type: 'goTo', target })),
      fc.constant<FlowEvent>({ type: 'reset', initialData: {} }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let state = initialFlowState();
        for (const e of events) {
          state = transition(state, e, steps);
          expect(state.index).toBeGreaterThanOrEqual(0);
          expect(state.index).toBeLessThan(steps.length);
        }
      }),
    );
  });
});

describe('flow machine: validation results', () => {
  it('lets only `true` through; a message blocks with itself; anything else with "Validation failed"', () => {
    expect(validationMessage(true)).toBeNull();
    expect(validationMessage('Pick a plan')).toBe('Pick a plan');
    expect(validationMessage(false)).toBe('Validation failed');
    expect(validationMessage(undefined)).toBe('Validation failed');
    expect(validationMessage(null)).toBe('Validation failed');
    expect(validationMessage('  ')).toBe('Validation failed');
  });

  it('says a failure by its own message, else by the fallback it is given', () => {
    expect(errorMessage(new Error('Failed to process email. Please try again.'), FALLBACK)).toBe('Failed to process email. Please try again.');
    expect(errorMessage('Pick a plan', FALLBACK)).toBe('Pick a plan');
    expect(errorMessage(new Error(' '), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage({ message: 'not an error' }, FALLBACK)).toBe(FALLBACK);
  });
});

describe('flow machine: confirmation steps', () => {
  it('recognises a confirmation step by an id containing "confirm" or a title mentioning "check your email"', () => {
    expect(isConfirmationStep({ id: 'confirmation' })).toBe(true);
    expect(isConfirmationStep({ id: 'email-Confirm' })).toBe(true);
    expect(isConfirmationStep({ id: 'sent', title: 'Check your email' })).toBe(true);
    expect(isConfirmationStep({ id: 'sent', title: 'Now check your email inbox' })).toBe(true);
    expect(isConfirmationStep({ id: 'email', title: 'Your email' })).toBe(false);
  });
});

describe('flow machine: moving next', () => {
  it('validates, then runs the step onComplete, then advances', async () => {
    const order: string[] = [];
    const flow = flowOf([
      step('a', {
        validate: (data) => {
          order.push(`validate:${JSON.stringify(data)}`);
          return true;
        },
        onComplete: (data) => {
          order.push(`complete:${JSON.stringify(data)}`);
        },
      }),
      step('b'),
    ]);
    expect(await flow.next({ email: 'a@b.co' })).toBe(true);
    expect(order).toEqual(['validate:{"email":"a@b.co"}', 'complete:{"email":"a@b.co"}']);
    expect(flow.getState()).toMatchObject({ index: 1, data: { a: { email: 'a@b.co' } }, processing: false, error: null });
  });

  it('blocks on a validation message, shows it, and does not run onComplete', async () => {
    const onComplete = vi.fn();
    const flow = flowOf([step('a', { validate: () => 'Choose one', onComplete }), step('b')]);
    expect(await flow.next()).toBe(false);
    expect(flow.getState()).toMatchObject({ index: 0, error: 'Choose one', processing: false });
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('blocks with "Validation failed" when validation gives false without a message', async () => {
    const flow = flowOf([step('a', { validate: async () => false }), step('b')]);
    await flow.next();
    expect(flow.getState()).toMatchObject({ index: 0, error: 'Validation failed' });
  });

  it('shows a failing onComplete in the error banner and stays on the step', async () => {
    const flow = flowOf([step('a', { onComplete: () => Promise.reject(new Error('Failed to process email. Please try again.')) }), step('b')]);
    expect(await flow.next()).toBe(false);
    expect(flow.getState()).toMatchObject({ index: 0, error: 'Failed to process email. Please try again.', processing: false });
  });

  it('clears the error when the next attempt starts, and advances once it passes', async () => {
    let ok = false;
    const flow = flowOf([step('a', { validate: () => ok || 'Not yet' }), step('b')]);
    await flow.next();
    expect(flow.getState().error).toBe('Not yet');
    ok = true;
    await flow.next();
    expect(flow.getState()).toMatchObject({ index: 1, error: null });
  });

  it('is processing while a move runs, and ignores a second move meanwhile', async () => {
    let release!: () => void;
    const onComplete = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const flow = flowOf([step('a', { onComplete }), step('b'), step('c')]);
    const first = flow.next();
    await Promise.resolve();
    expect(flow.getState().processing).toBe(true);
    expect(await flow.next()).toBe(false);
    release();
    await first;
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(flow.getState()).toMatchObject({ index: 1, processing: false });
  });

  it('on the last step marks the flow complete and calls the completion callback with all data', async () => {
    const onComplete = vi.fn();
    const flow = flowOf([step('a'), step('b')], { initialData: { seed: 1 }, onComplete });
    await flow.next('first');
    await flow.next({ second: true });
    expect(flow.getState()).toMatchObject({ index: 1, completed: true, processing: false });
    expect(onComplete).toHaveBeenCalledExactlyOnceWith({ seed: 1, a: 'first', b: { second: true } });
    expect(await flow.next()).toBe(false);
  });

  it('leaves the flow open with the error when the completion callback fails', async () => {
    const flow = flowOf([step('a')], { onComplete: () => Promise.reject(new Error('Failed to update your profile. Please try again.')) });
    expect(await flow.next()).toBe(false);
    expect(flow.getState()).toMatchObject({ completed: false, error: 'Failed to update your profile. Please try again.' });
  });

  it('uses the fallback message ("An error occurred" in the client) for a failure without a message', async () => {
    const flow = flowOf([step('a', { onComplete: () => Promise.reject(new Error('')) }), step('b')]);
    await flow.next();
    expect(flow.getState().error).toBe('An error occurred');
  });

  it('pauses 1 s before a confirmation step, and only before one', async () => {
    vi.useFakeTimers();
    const waited: number[] = [];
    const wait = (ms: number) => {
      waited.push(ms);
      return new Promise<void>((resolve) => setTimeout(resolve, ms));
    };
    const flow = flowOf([step('email'), step('confirm'), step('done')], { wait });
    const toConfirm = flow.next('a@b.co');
    await vi.advanceTimersByTimeAsync(CONFIRMATION_PAUSE_MS - 1);
    expect(flow.getState()).toMatchObject({ index: 0, processing: true });
    await vi.advanceTimersByTimeAsync(1);
    expect(await toConfirm).toBe(true);
    expect(flow.getState()).toMatchObject({ index: 1, processing: false });

    const toDone = flow.next();
    await vi.advanceTimersByTimeAsync(0);
    expect(await toDone).toBe(true);
    expect(flow.getState().index).toBe(2);
    expect(waited).toEqual([1_000]);
  });

  it('does nothing when there are no steps', async () => {
    const flow = flowOf([]);
    expect(await flow.next()).toBe(false);
    expect(flow.getState()).toEqual(initialFlowState());
  });

  it('drops a move that was still running when the flow was reset', async () => {
    let release!: () => void;
    const flow = flowOf([step('a', { onComplete: () => new Promise<void>((resolve) => (release = resolve)) }), step('b')], {
      initialData: { a: 'start' },
    });
    const move = flow.next('typed');
    await Promise.resolve();
    flow.reset();
    release();
    expect(await move).toBe(false);
    expect(flow.getState()).toEqual(initialFlowState({ a: 'start' }));
  });

  it('shows a step\'s own failure in the banner, cleared by the next move', async () => {
    const flow = flowOf([step('a'), step('b')]);
    flow.fail('Failed to process email. Please try again.');
    expect(flow.getState()).toMatchObject({ index: 0, error: 'Failed to process email. Please try again.' });
    await flow.next();
    expect(flow.getState()).toMatchObject({ index: 1, error: null });
  });

  it('takes a step\'s own failure away again when the step says it is over', () => {
    const flow = flowOf([step('a'), step('confirm')]);
    flow.fail('Failed to send magic link. Please try again later.');
    flow.clearError();
    expect(flow.getState()).toMatchObject({ index: 0, error: null });
    const state = flow.getState();
    flow.clearError();
    expect(flow.getState()).toBe(state);
  });

  it('does not complete a step whose validation was still running when the flow was reset', async () => {
    let pass!: (result: boolean) => void;
    const onComplete = vi.fn();
    const flow = flowOf([step('a', { validate: () => new Promise<boolean>((resolve) => (pass = resolve)), onComplete }), step('b')]);
    const move = flow.next();
    await Promise.resolve();
    flow.reset();
    pass(true);
    expect(await move).toBe(false);
    expect(onComplete).not.toHaveBeenCalled();
    expect(flow.getState().index).toBe(0);
  });

  it('tells subscribers about every change, and stops after unsubscribe', async () => {
    const flow = flowOf([step('a'), step('b')]);
    const listener = vi.fn();
    const unsubscribe = flow.subscribe(listener);
    flow.updateData('a', 1);
    expect(listener).toHaveBeenCalledTimes(1);
    await flow.next();
    expect(listener.mock.calls.length).toBeGreaterThan(1);
    unsubscribe();
    listener.mockClear();
    flow.back();
    expect(listener).not.toHaveBeenCalled();
    expect(flow.getState().index).toBe(0);
  });
});
