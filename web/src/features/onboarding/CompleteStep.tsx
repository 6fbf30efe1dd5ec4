import { Button } from '../../ui/Button';
import type { FlowStepProps } from '../../ui/flow';

export interface CompleteStepProps extends FlowStepProps {
  firstName: string | null;
  /** Where completion goes, in words: 'your dashboard', 'your contest entry', 'your content'. */
  destination: string;
}

/** The last step: a summary and the way on, which finishes the flow (and so redirects). */
export function CompleteStep({ firstName, destination, next, processing }: CompleteStepProps) {
  const name = firstName?.trim();
  return (
    <div className="onboarding-complete">
      <span className="onboarding-complete__icon" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.25} strokeLinecap="round" strokeLinejoin="round" focusable="false">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </span>
      <p className="onboarding-step__lead">
        {name ? `Your account is ready, ${name}.` : 'Your account is ready.'} You can change your name and preferences at any time from your account.
      </p>
      <div className="onboarding-step__actions">
        <Button size="lg" onClick={() => void next()} loading={processing}>
          Go to {destination}
        </Button>
      </div>
    </div>
  );
}
