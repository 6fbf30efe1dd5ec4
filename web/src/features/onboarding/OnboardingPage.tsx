import { useNavigate } from 'react-router';
import { onboardingProfileSchema } from '../../../../domain/auth/schemas';
import { defaultFeatures, type FeatureItem } from '../../../../domain/onboarding/features';
import {
  canSkipStep,
  ONBOARDING_DEFAULT_NOTIFICATIONS,
  onboardingOptions,
  onboardingSteps,
  PROFILE_COMPLETED_MESSAGE,
  PROFILE_UPDATE_FAILED_MESSAGE,
  stepsAheadText,
  type OnboardingOptions,
  type OnboardingStepId,
  welcomeGreeting,
} from '../../../../domain/onboarding/steps';
import { pageTitle, PRODUCT_NAME } from '../../lib/product';
import { useTheme } from '../../lib/theme-context';
import { useAppConfig } from '../../lib/use-app-config';
import { browserSession, POST_PROFILE_REDIRECT_KEY } from '../../lib/auth/magic-link';
import { destinationLabel } from '../../lib/auth/redirect';
import { useToast } from '../../ui/Toast';
import { UPDATE_PREFERENCES_FAILED_MESSAGE, useAuth } from '../../lib/auth/AuthProvider';
import { defineStep, MultiStepFlow, type FlowStep } from '../../ui/flow';
import { CompleteStep } from './CompleteStep';
import { completionDestination } from './completion';
import { FeaturesTourStep } from './FeaturesTourStep';
import { PreferencesStep } from './PreferencesStep';
import { ProfileStep } from './ProfileStep';
import { isSkipped, type FeaturesStepData, type PreferencesStepData, type ProfileStepData } from './step-data';
import { WelcomeStep } from './WelcomeStep';
import './onboarding.css';

export const ONBOARDING_TITLE = 'Set up your account';

export const DEFAULT_FEATURES: readonly FeatureItem[] = defaultFeatures(PRODUCT_NAME);

export interface OnboardingPageProps {
  /**
   * The show and skip flags and the default redirect. Where not given, the flags come from the
   * runtime configuration (GET /api/config, `dynamic.onboarding`), and from the spec's defaults there.
   */
  options?: Partial<OnboardingOptions>;
  features?: readonly FeatureItem[];
}

/**
 * /onboarding (spec 000 §4): profile, welcome, preferences, features tour, then completion, on the
 * multi-step flow engine. Saving goes through the sign-in work's profile and preferences calls; the
 * end goes on to the redirect remembered at sign-in, else the default.
 */
export function OnboardingPage({ options: overrides, features = DEFAULT_FEATURES }: OnboardingPageProps) {
  const { dynamic } = useAppConfig();
  const options = onboardingOptions(dynamic.onboarding, overrides);
  const { state, updateProfile, updatePreferences } = useAuth();
  const theme = useTheme();
  const toast = useToast();
  const navigate = useNavigate();
  const origin = window.location.origin;
  // Only read here: it is taken (and so forgotten) when onboarding completes, so a reload keeps it.
  const destination = completionDestination(browserSession.get(POST_PROFILE_REDIRECT_KEY), options.defaultRedirect, origin);

  const ids = onboardingSteps(options, features.length);

  const definitions: Record<OnboardingStepId, FlowStep> = {
    profile: defineStep({
      id: 'profile',
      title: 'Profile',
      controls: 'step',
      component: ProfileStep,
      props: { initial: { firstName: state.firstName ?? '', lastName: state.lastName ?? '' }, canSkip: canSkipStep('profile', options) },
      validate: (data: unknown) => {
        if (isSkipped(data)) return canSkipStep('profile', options);
        const parsed = onboardingProfileSchema.safeParse(data);
        return parsed.success || parsed.error.issues[0]?.message;
      },
      onComplete: async (data: unknown) => {
        if (isSkipped(data)) return;
        try {
          await updateProfile(onboardingProfileSchema.parse(data as ProfileStepData));
        } catch {
          throw new Error(PROFILE_UPDATE_FAILED_MESSAGE);
        }
        toast.show(PROFILE_COMPLETED_MESSAGE, { tone: 'success' });
      },
    }),
    welcome: defineStep({
      id: 'welcome',
      // The greeting itself heads the step (and names it in the step indicator).
      title: welcomeGreeting(state.firstName),
      controls: 'step',
      component: WelcomeStep,
      props: { productName: PRODUCT_NAME, stepsAhead: stepsAheadText(ids) },
    }),
    preferences: defineStep({
      id: 'preferences',
      title: 'Preferences',
      controls: 'step',
      component: PreferencesStep,
      props: { initial: { theme: theme.preference, ...ONBOARDING_DEFAULT_NOTIFICATIONS }, canSkip: canSkipStep('preferences', options) },
      validate: (data: unknown) => (isSkipped(data) ? canSkipStep('preferences', options) : true),
      onComplete: async (data: unknown) => {
        if (isSkipped(data)) return;
        const chosen = data as Exclude<PreferencesStepData, { skipped: true }>;
        let saved;
        try {
          saved = await updatePreferences(chosen);
        } catch {
          throw new Error(UPDATE_PREFERENCES_FAILED_MESSAGE);
        }
        theme.setPreference(saved.theme);
      },
    }),
    features: defineStep({
      id: 'features',
      title: 'Features',
      controls: 'step',
      component: FeaturesTourStep,
      props: { features: [...features], canSkip: canSkipStep('features', options) },
      validate: (data: unknown) => (isSkipped(data as FeaturesStepData) ? canSkipStep('features', options) : true),
    }),
    complete: defineStep({
      id: 'complete',
      title: 'All set',
      controls: 'step',
      component: CompleteStep,
      props: { firstName: state.firstName, destination: destinationLabel(destination) },
    }),
  };
  const steps = ids.map((id) => definitions[id]);

  const finish = () => {
    const target = completionDestination(browserSession.take(POST_PROFILE_REDIRECT_KEY), options.defaultRedirect, origin);
    void navigate(target, { replace: true });
  };

  return (
    <div className="onboarding-page">
      <title>{pageTitle(ONBOARDING_TITLE)}</title>
      <section className="onboarding-card" aria-labelledby="onboarding-title">
        <h1 id="onboarding-title" className="onboarding-card__title">
          {ONBOARDING_TITLE}
        </h1>
        <MultiStepFlow steps={steps} onComplete={finish} label="Onboarding" />
      </section>
    </div>
  );
}
