/** What each onboarding step keeps in the flow data, under its step id. */
import type { Preferences } from '../../lib/auth/api';

/** A step the configuration lets the member pass over ('Skip for now', 'Skip tour'). */
export interface Skipped {
  skipped: true;
}

export type ProfileStepData = { firstName: string; lastName: string } | Skipped;
export type PreferencesStepData = Preferences | Skipped;
export type FeaturesStepData = { toured: true } | Skipped;

export const SKIP_STEP_LABEL = 'Skip for now';

export function isSkipped(data: unknown): data is Skipped {
  return typeof data === 'object' && data !== null && (data as Partial<Skipped>).skipped === true;
}
