/**
 * A running flow (spec 001 §4 "Flow engine"): the rules of machine.ts plus the one asynchronous move,
 * validate, then the step's completion handler, then the pause before a confirmation step, then
 * advance (or finish on the last step). Any view can subscribe to its state. How the pause waits and
 * what a failure without a message says are given by the caller, so this stays free of timers and of
 * any screen's wording.
 */
import {
  CONFIRMATION_PAUSE_MS,
  errorMessage,
  initialFlowState,
  isConfirmationStep,
  transition,
  validationMessage,
  type FlowData,
  type FlowEvent,
  type FlowState,
  type FlowStepDefinition,
} from './machine';

export interface FlowOptions<C = unknown> {
  steps: ReadonlyArray<FlowStepDefinition<C>>;
  initialData?: FlowData;
  /** Called with all the flow data once the last step is finished. */
  onComplete?: (data: FlowData) => void | Promise<void>;
  /** Waits out the pause before a confirmation step (a timer in the browser, an instant or fake one in a test). */
  wait: (ms: number) => Promise<void>;
  /** The banner's text for a failure that carries no message of its own. */
  fallbackErrorMessage: string;
}

export interface Flow<C = unknown> {
  getState(): FlowState;
  subscribe(listener: () => void): () => void;
  /** Replaces the steps and callbacks (a view re-renders with new ones) without touching the state. */
  setOptions(options: FlowOptions<C>): void;
  updateData(stepId: string, stepData: unknown): void;
  /**
   * Moves forward from the current step: stores `stepData` when given, validates, runs the step's
   * onComplete, pauses before a confirmation step, then advances; on the last step it finishes.
   * Resolves true when the move happened. Ignored while another move is processing.
   */
  next(stepData?: unknown): Promise<boolean>;
  back(): void;
  goTo(target: number | string): void;
  reset(): void;
  /** Shows a step's own failure (a form that could not be sent, a link that could not be sent) in the flow's error banner. */
  fail(message: string): void;
  /** Takes the banner away once the step's own failure is over (the link was sent after all). */
  clearError(): void;
}

export function createFlow<C>(initialOptions: FlowOptions<C>): Flow<C> {
  let options = initialOptions;
  let state = initialFlowState(options.initialData);
  const listeners = new Set<() => void>();

  const dispatch = (event: FlowEvent) => {
    const nextState = transition(state, event, options.steps);
    if (nextState === state) return;
    state = nextState;
    for (const listener of listeners) listener();
  };

  // Bumped by reset, so a move still in flight cannot land on the fresh flow.
  let generation = 0;

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setOptions(next) {
      options = next;
    },
    updateData(stepId, stepData) {
      dispatch({ type: 'dataChanged', stepId, stepData });
    },
    async next(...args: [stepData?: unknown]) {
      const { steps } = options;
      const index = state.index;
      const step = steps[index];
      if (!step || state.processing || state.completed) return false;
      const move = generation;
      // A reset during the move wins: the move stops, and what it learns afterwards is dropped.
      const current = () => move === generation;
      const settle = (event: FlowEvent) => {
        if (current()) dispatch(event);
        return current();
      };
      // `next()` and `next(undefined)` differ: only a given argument replaces the step's data.
      if (args.length > 0) dispatch({ type: 'dataChanged', stepId: step.id, stepData: args[0] });
      dispatch({ type: 'processingStarted' });
      const data = state.data;
      try {
        if (step.validate) {
          const blocked = validationMessage(await step.validate(data[step.id], data));
          if (blocked !== null) {
            settle({ type: 'failed', message: blocked });
            return false;
          }
        }
        if (!current()) return false;
        await step.onComplete?.(data[step.id], data);
        const following = steps[index + 1];
        if (!following) {
          if (!settle({ type: 'finished' })) return false;
          await options.onComplete?.(state.data);
          return settle({ type: 'settled' });
        }
        if (isConfirmationStep(following)) await options.wait(CONFIRMATION_PAUSE_MS);
        return settle({ type: 'advanced' });
      } catch (error) {
        settle({ type: 'failed', message: errorMessage(error, options.fallbackErrorMessage) });
        return false;
      }
    },
    back: () => dispatch({ type: 'back' }),
    goTo: (target) => dispatch({ type: 'goTo', target }),
    reset() {
      generation += 1;
      dispatch({ type: 'reset', initialData: options.initialData ?? {} });
    },
    fail: (message) => dispatch({ type: 'failed', message }),
    clearError: () => dispatch({ type: 'errorCleared' }),
  };
}
