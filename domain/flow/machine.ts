/**
 * The multi-step flow's rules (spec 001 §2-§4 "Flow engine"): its state, every synchronous move as
 * one `transition`, which step is a confirmation step, and what a validation result means. Pure: no
 * view library, no timers; `flow.ts` runs the one asynchronous move on top of these rules.
 */

/** Flow data: a map keyed by step id (spec 001 §3). */
export type FlowData = Record<string, unknown>;

/** Anything other than `true` blocks the move; a non-empty string is shown as the reason. */
export type StepValidationResult = boolean | string | null | undefined;

/**
 * A flow step (spec 001 §3): id, component, props, optional validate and onComplete. The rules never
 * look at `component` or `props`, so they stay free of any view library.
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
  | { type: 'errorCleared' }
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

/** Spec 001 §4: the message a validation result blocks with ('Validation failed' when it gives none), or null when it lets the move through. */
export function validationMessage(result: StepValidationResult): string | null {
  if (result === true) return null;
  return typeof result === 'string' && result.trim() !== '' ? result : VALIDATION_FAILED_MESSAGE;
}

/** What the banner says for a failure: its own message, else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return fallback;
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
    case 'errorCleared':
      return state.error === null ? state : { ...state, error: null };
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
