import type { ComponentType } from 'react';
import type { FlowData, FlowStepDefinition } from '../../../../domain/flow/machine';

/** What the flow hands every step component, beside the step's own props. */
export interface FlowStepProps<TData = unknown> {
  stepId: string;
  /** This step's entry in the flow data (kept when the member goes back and forth). */
  data: TData | undefined;
  allData: FlowData;
  setData: (data: TData) => void;
  /** Stores `data` when given, then validates, completes and advances (or finishes on the last step). */
  next: (data?: TData) => Promise<boolean>;
  back: () => void;
  goTo: (target: number | string) => void;
  reset: () => void;
  /** Shows a failure in the flow's error banner. */
  fail: (message: string) => void;
  /** Takes the banner away once the step's own failure is over. */
  clearError: () => void;
  isFirst: boolean;
  isLast: boolean;
  processing: boolean;
}

export type StepComponent = ComponentType<FlowStepProps & Record<string, unknown>>;

export interface FlowStep extends FlowStepDefinition<StepComponent> {
  /**
   * 'flow' (default): the flow shows Back and Next/Finish. 'step': the step has its own submit button
   * (a form step, a selection step), so the flow shows only Back.
   */
  controls?: 'flow' | 'step';
}

type StepInput<P, D> = Omit<FlowStep, 'component' | 'props'> & {
  // P is read from `props` alone: a step without props needs none, whatever its component declares.
  component: ComponentType<FlowStepProps<D> & NoInfer<P>>;
} & ({} extends P ? { props?: P } : { props: P });

/**
 * Declares a step whose component and props are checked against each other; the flow holds steps of
 * many kinds, so the list itself keeps only the shape every step shares. `D` is the shape of the
 * step's own data: the step is the only writer of its entry (through setData and next), apart from
 * the flow's initialData, which the page must give in the same shape.
 */
export function defineStep<P extends object = Record<never, never>, D = unknown>(step: StepInput<P, D>): FlowStep {
  // The component receives exactly `props` plus FlowStepProps, which StepInput tied together above.
  return step as unknown as FlowStep;
}
