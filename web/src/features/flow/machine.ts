import { FALLBACK_ERROR_MESSAGE } from '../../lib/http/api-error';

/**
 * The multi-step flow engine (spec 001 §2-§4 "Flow engine"): a pure state machine with no React in it.
 * `transition` is the whole rule set for synchronous moves; `createFlow` adds the one asynchronous
 * sequence (validate, then the step's completion handler, then the pause before a confirmation step,
 * then advance or finish) and lets any view subscribe to the state.
 */

/** Flow data: a map keyed by step id (spec 001 §3). */
export type FlowData = Record<string, unknown>;

/** Anything other than `true` blocks the move; a non-empty string is shown as the reason. */
export type StepValidationResult = boolean | string | null | undefined;

/**
 * A flow step (spec 001 §3): id, component, props, optional validate and onComplete. The machine never
 * looks at `component` or `props`, so it stays free of any view library.
 */
export interface FlowStepDefinition<C = unknown> {
  id: string;
  /** Shown above the step and in the step indicator; also marks a confirmation step ('check your email'). */
  title?: string;
  component: C;
  props?: Record<string, unknown>;
  validate?: (stepData: unknown, allData: FlowData) => StepValidationResult | Promise<StepValidationResult>;
  onComplete?: (stepData: unknown, allData: FlowData) => void | Promise<void>;
}

export interface FlowState {
  /** Index of the current step; 0 when there are no steps. */
  index: number;
  data: FlowData;
  completed: boolean;
  /** The error banner's text, or null. */
  error: string | null;
  /** True while a move is validated, completed and (for a confirmation step) paused: the 'Processing...' overlay. */
  processing: boolean;
}

export type FlowEvent =
  | { type: 'dataChanged'; stepId: string; stepData: unknown }
  | { type: 'processingStarted' }
  | { type: 'failed'; message: string }
  | { type: 'advanced' }
  | { type: 'finished' }
  | { type: 'settled' }
  | { type: 'back' }
  | { type: 'goTo'; target: number | string }
  | { type: 'reset'; initialData: FlowData };

export const VALIDATION_FAILED_MESSAGE = 'Validation failed';
export const NO_STEPS_MESSAGE = 'No steps defined';
export const PROCESSING_MESSAGE = 'Processing...';
/** Spec 000 §9, 001 §4: the pause before a confirmation-type step. */
export const CONFIRMATION_PAUSE_MS = 1_000;

export function initialFlowState(initialData: FlowData = {}): FlowState {
  return { index: 0, data: { ...initialData }, completed: false, error: null, processing: false };
}

/** Spec 001 §4: a step whose id contains 'confirm' or whose title mentions 'check your email'. */
export function isConfirmationStep(step: Pick<FlowStepDefinition, 'id' | 'title'>): boolean {
  return step.id.toLowerCase().includes('confirm') || (step.title ?? '').toLowerCase().includes('check your email');
}

export function isFirstStep(state: FlowState): boolean {
  return state.index === 0;
}

export function isLastStep(state: FlowState, stepCount: number): boolean {
  return state.index >= stepCount - 1;
}

/** The label of the forward button: 'Finish' on the last step, 'Next' before it. */
export function forwardLabel(state: FlowState, stepCount: number): 'Next' | 'Finish' {
  return isLastStep(state, stepCount) ? 'Finish' : 'Next';
}

/** The index a jump target names, or null when it names no step. */
export function resolveStepIndex(steps: ReadonlyArray<Pick<FlowStepDefinition, 'id'>>, target: number | string): number | null {
  if (typeof target === 'number') return Number.isInteger(target) && target >= 0 && target < steps.length ? target : null;
  const index = steps.findIndex((step) => step.id === target);
  return index < 0 ? null : index;
}

/** The message a validation result blocks with, or null when it lets the move through. */
export function validationMessage(result: StepValidationResult): string | null {
  if (result === true) return null;
  return typeof result === 'string' && result.trim() !== '' ? result : VALIDATION_FAILED_MESSAGE;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return FALLBACK_ERROR_MESSAGE;
}

/** Every synchronous rule of the flow. Moves that are not allowed return the state unchanged. */
export function transition(state: FlowState, event: FlowEvent, steps: ReadonlyArray<Pick<FlowStepDefinition, 'id'>>): FlowState {
  switch (event.type) {
    case 'dataChanged':
      return { ...state, data: { ...state.data, [event.stepId]: event.stepData } };
    case 'processingStarted':
      return { ...state, processing: true, error: null };
    case 'failed':
      // A completion callback that fails leaves the flow open, so the member can try again.
      return { ...state, processing: false, completed: false, error: event.message };
    case 'advanced':
      if (isLastStep(state, steps.length)) return { ...state, processing: false };
      return { ...state, index: state.index + 1, processing: false, error: null };
    case 'finished':
      return { ...state, completed: true, error: null };
    case 'settled':
      return { ...state, processing: false };
    case 'back':
      if (state.processing || isFirstStep(state)) return state;
      return { ...state, index: state.index - 1, completed: false, error: null };
    case 'goTo': {
      const index = resolveStepIndex(steps, event.target);
      if (state.processing || index === null) return state;
      return { ...state, index, completed: false, error: null };
    }
    case 'reset':
      return initialFlowState(event.initialData);
  }
}

export interface FlowOptions<C = unknown> {
  steps: ReadonlyArray<FlowStepDefinition<C>>;
  initialData?: FlowData;
  /** Called with all the flow data once the last step is finished. */
  onComplete?: (data: FlowData) => void | Promise<void>;
  /** How the confirmation pause waits; a test passes an instant or fake-timer wait. */
  wait?: (ms: number) => Promise<void>;
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
  /** Shows a step's own failure (a form that could not be sent) in the flow's error banner. */
  fail(message: string): void;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
        if (isConfirmationStep(following)) await (options.wait ?? realWait)(CONFIRMATION_PAUSE_MS);
        return settle({ type: 'advanced' });
      } catch (error) {
        settle({ type: 'failed', message: errorMessage(error) });
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
  };
}
