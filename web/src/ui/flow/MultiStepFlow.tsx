import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, useSyncExternalStore, type Ref } from 'react';
import { Button } from '../Button';
import { Spinner } from '../Spinner';
import { classNames } from '../size';
import { createFlow, type FlowOptions } from '../../../../domain/flow/flow';
import { forwardLabel, NO_STEPS_MESSAGE, PROCESSING_MESSAGE, type FlowData } from '../../../../domain/flow/machine';
import { FALLBACK_ERROR_MESSAGE } from '../../lib/http';
import type { FlowStep } from './step';
import './flow.css';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a page can do to its flow from outside: the same moves the steps have. */
export interface FlowHandle {
  next: (data?: unknown) => Promise<boolean>;
  back: () => void;
  goTo: (target: number | string) => void;
  reset: () => void;
}

export interface MultiStepFlowProps {
  steps: readonly FlowStep[];
  initialData?: FlowData;
  /** Called with all the flow data when the last step is finished. */
  onComplete?: (data: FlowData) => void | Promise<void>;
  /** Names the flow for assistive technology: 'Onboarding', 'Get free books'. */
  label?: string;
  className?: string;
  ref?: Ref<FlowHandle>;
}

/**
 * A multi-step flow (spec 001 §2): numbered step indicator when there is more than one step, the
 * current step under its heading, Back and Next/Finish, an error banner and a 'Processing...' overlay
 * while a move runs. The rules live in domain/flow; this component only shows them. On every step
 * change the focus moves to the new step's heading, so keyboard and screen-reader users start there.
 */
export function MultiStepFlow({ steps, initialData, onComplete, label, className, ref }: MultiStepFlowProps) {
  const options = (): FlowOptions<FlowStep['component']> => ({
    steps,
    wait,
    fallbackErrorMessage: FALLBACK_ERROR_MESSAGE,
    ...(initialData ? { initialData } : {}),
    ...(onComplete ? { onComplete } : {}),
  });
  const [flow] = useState(() => createFlow(options()));
  useLayoutEffect(() => {
    flow.setOptions(options());
  });
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
  useImperativeHandle(ref, () => ({ next: (...args) => flow.next(...args), back: flow.back, goTo: flow.goTo, reset: flow.reset }), [flow]);

  const stepRef = useRef<HTMLDivElement>(null);
  const shownIndex = useRef(state.index);
  useEffect(() => {
    if (shownIndex.current === state.index) return;
    shownIndex.current = state.index;
    const container = stepRef.current;
    const heading = container?.querySelector<HTMLElement>('h1, h2, h3, h4');
    const target = heading ?? container;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [state.index]);

  if (steps.length === 0) {
    return (
      <section className={classNames('flow', className)} aria-label={label}>
        <p className="flow__empty">{NO_STEPS_MESSAGE}</p>
      </section>
    );
  }

  const index = Math.min(state.index, steps.length - 1);
  const step = steps[index]!;
  const Component = step.component;
  const isLast = index === steps.length - 1;

  return (
    <section className={classNames('flow', className)} aria-label={label} aria-busy={state.processing || undefined}>
      {steps.length > 1 && (
        <ol className="flow-steps" aria-label="Progress">
          {steps.map((s, i) => {
            const status = i < index ? 'completed' : i === index ? 'current' : 'upcoming';
            return (
              <li key={s.id} className={`flow-steps__item flow-steps__item--${status}`} aria-current={i === index ? 'step' : undefined}>
                <span className="flow-steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="flow-steps__title">
                  <span className="visually-hidden">
                    Step {i + 1} of {steps.length}
                    {s.title ? ': ' : ''}
                  </span>
                  {s.title}
                  {status === 'completed' && <span className="visually-hidden"> (completed)</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}

      {state.error && (
        <div className="flow__error" role="alert">
          {state.error}
        </div>
      )}

      <div className="flow__step" ref={stepRef} key={step.id}>
        {step.title && <h2 className="flow__title">{step.title}</h2>}
        <Component
          {...step.props}
          stepId={step.id}
          data={state.data[step.id]}
          allData={state.data}
          setData={(data: unknown) => flow.updateData(step.id, data)}
          next={(...args: [data?: unknown]) => flow.next(...args)}
          back={flow.back}
          goTo={flow.goTo}
          reset={flow.reset}
          fail={flow.fail}
          clearError={flow.clearError}
          isFirst={index === 0}
          isLast={isLast}
          processing={state.processing}
        />
      </div>

      <div className="flow__nav">
        <Button variant="secondary" onClick={flow.back} disabled={index === 0 || state.processing}>
          Back
        </Button>
        {step.controls !== 'step' && (
          <Button onClick={() => void flow.next()} disabled={state.processing || state.completed}>
            {forwardLabel({ ...state, index }, steps.length)}
          </Button>
        )}
      </div>

      {state.processing && (
        <div className="flow__overlay">
          <Spinner size="lg" label={PROCESSING_MESSAGE} showLabel />
        </div>
      )}
    </section>
  );
}
