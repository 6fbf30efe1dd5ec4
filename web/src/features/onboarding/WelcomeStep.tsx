import { GET_STARTED_LABEL } from '../../../../domain/onboarding/features';
import type { FlowStepProps } from '../../ui/flow';
import { Button } from '../../ui/Button';

export interface WelcomeStepProps extends FlowStepProps {
  productName: string;
  /** What is left after this step ('Three short steps and you are ready.'), counted by the page from its steps. */
  stepsAhead: string;
}

/** Spec 000 §4: the greeting ('Welcome, {name}!' or 'Welcome!') is the step's title; then 'Get Started'. */
export function WelcomeStep({ productName, stepsAhead, next, processing }: WelcomeStepProps) {
  return (
    <div className="onboarding-welcome">
      <p className="onboarding-step__lead">
        We are glad you are here. The {productName} brings together books, essays, lectures and courses on the philosophy of Objectivism, and the people who
        study it. {stepsAhead}
      </p>
      <div className="onboarding-step__actions">
        <Button size="lg" onClick={() => void next()} loading={processing}>
          {GET_STARTED_LABEL}
        </Button>
      </div>
    </div>
  );
}
