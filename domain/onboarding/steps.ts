/**
 * Onboarding's configuration and step order (spec 000 §4): profile, welcome (if shown), preferences
 * (if shown), features tour (if shown and any features exist), complete.
 */

export const ONBOARDING_STEP_IDS = ['profile', 'welcome', 'preferences', 'features', 'complete'] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEP_IDS)[number];

export interface OnboardingOptions {
  showWelcome: boolean;
  showPreferences: boolean;
  showFeatures: boolean;
  /** Whether the member may pass a step without filling it in ('Skip for now', 'Skip tour'). */
  skipProfile: boolean;
  skipPreferences: boolean;
  skipFeatures: boolean;
  /** Where completion goes when no redirect was remembered at sign-in. */
  defaultRedirect: string;
}

/** Spec 000 §4 "Onboarding defaults"; `/` is the default destination after sign-in (spec 000 §2). */
export const DEFAULT_ONBOARDING_OPTIONS: Readonly<OnboardingOptions> = Object.freeze({
  showWelcome: true,
  showPreferences: true,
  showFeatures: true,
  skipProfile: false,
  skipPreferences: true,
  skipFeatures: true,
  defaultRedirect: '/',
});

/** The onboarding preferences' starting values (spec 000 §4): e-mail notifications on, push off. */
export const ONBOARDING_DEFAULT_NOTIFICATIONS = Object.freeze({ emailNotifications: true, pushNotifications: false });

/** The defaults, overridden by each layer in turn (the runtime configuration, then a page's own); an undefined value overrides nothing. */
export function onboardingOptions(...layers: ReadonlyArray<Partial<OnboardingOptions> | undefined>): OnboardingOptions {
  const defined = layers.map((layer) => Object.fromEntries(Object.entries(layer ?? {}).filter(([, value]) => value !== undefined)));
  return Object.assign({ ...DEFAULT_ONBOARDING_OPTIONS }, ...defined);
}

/** The steps a member goes through, in order. The profile and completion steps are always there. */
export function onboardingSteps(options: OnboardingOptions, featureCount: number): OnboardingStepId[] {
  const steps: OnboardingStepId[] = ['profile'];
  if (options.showWelcome) steps.push('welcome');
  if (options.showPreferences) steps.push('preferences');
  if (options.showFeatures && featureCount > 0) steps.push('features');
  steps.push('complete');
  return steps;
}

/** Whether the configuration lets the member pass this step without completing it. */
export function canSkipStep(step: OnboardingStepId, options: OnboardingOptions): boolean {
  switch (step) {
    case 'profile':
      return options.skipProfile;
    case 'preferences':
      return options.skipPreferences;
    case 'features':
      return options.skipFeatures;
    case 'welcome':
    case 'complete':
      return false;
  }
}

/** Spec 000 §4: 'Welcome, {name}!' with the member's first name, or 'Welcome!' without one. */
export function welcomeGreeting(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Welcome, ${name}!` : 'Welcome!';
}

const COUNT_WORDS = ['No', 'One', 'Two', 'Three', 'Four'];

/**
 * What the welcome step says is left, counted from the steps that follow it in `steps` (the
 * completion step included): 'Three short steps and you are ready.' with the defaults.
 */
export function stepsAheadText(steps: readonly OnboardingStepId[], from: OnboardingStepId = 'welcome'): string {
  const index = steps.indexOf(from);
  const ahead = index < 0 ? 0 : steps.length - index - 1;
  if (ahead === 0) return 'You are ready.';
  if (ahead === 1) return 'One more step and you are ready.';
  return `${COUNT_WORDS[ahead] ?? ahead} short steps and you are ready.`;
}

export const PROFILE_COMPLETED_MESSAGE = 'Profile completed!';
export const PROFILE_UPDATE_FAILED_MESSAGE = 'Failed to update your profile. Please try again.';
