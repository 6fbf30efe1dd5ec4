/**
 * The onboarding block of the runtime configuration (GET /api/config, `dynamic.onboarding`): which
 * optional steps show and which may be skipped. A flag left out takes the spec's default (spec 000
 * §4: welcome, preferences and features shown; skip profile false, preferences true, features true).
 * Written with `zod/mini`: the start-up checks the configuration with it (docs/architecture.md §6).
 */
import * as z from 'zod/mini';
import { DEFAULT_ONBOARDING_OPTIONS } from './steps';

export const onboardingConfigSchema = z.object({
  showWelcome: z._default(z.boolean(), DEFAULT_ONBOARDING_OPTIONS.showWelcome),
  showPreferences: z._default(z.boolean(), DEFAULT_ONBOARDING_OPTIONS.showPreferences),
  showFeatures: z._default(z.boolean(), DEFAULT_ONBOARDING_OPTIONS.showFeatures),
  skipProfile: z._default(z.boolean(), DEFAULT_ONBOARDING_OPTIONS.skipProfile),
  skipPreferences: z._default(z.boolean(), DEFAULT_ONBOARDING_OPTIONS.skipPreferences),
  skipFeatures: z._default(z.boolean(), DEFAULT_ONBOARDING_OPTIONS.skipFeatures),
});

export type OnboardingConfig = z.infer<typeof onboardingConfigSchema>;
