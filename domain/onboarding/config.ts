/**
 * The onboarding block of the runtime configuration (GET /api/config, `dynamic.onboarding`): which
 * optional steps show and which may be skipped. A flag left out takes the spec's default (spec 000
 * §4: welcome, preferences and features shown; skip profile false, preferences true, features true).
 */
import { z } from 'zod';
import { DEFAULT_ONBOARDING_OPTIONS } from './steps';

export const onboardingConfigSchema = z.object({
  showWelcome: z.boolean().default(DEFAULT_ONBOARDING_OPTIONS.showWelcome),
  showPreferences: z.boolean().default(DEFAULT_ONBOARDING_OPTIONS.showPreferences),
  showFeatures: z.boolean().default(DEFAULT_ONBOARDING_OPTIONS.showFeatures),
  skipProfile: z.boolean().default(DEFAULT_ONBOARDING_OPTIONS.skipProfile),
  skipPreferences: z.boolean().default(DEFAULT_ONBOARDING_OPTIONS.skipPreferences),
  skipFeatures: z.boolean().default(DEFAULT_ONBOARDING_OPTIONS.skipFeatures),
});

export type OnboardingConfig = z.infer<typeof onboardingConfigSchema>;
