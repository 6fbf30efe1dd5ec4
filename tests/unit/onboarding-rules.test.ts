import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../adapters/config';
import { onboardingConfigSchema } from '../../domain/onboarding/config';
import {
  defaultFeatures,
  GET_STARTED_LABEL,
  jumpTourIndex,
  NEXT_FEATURE_LABEL,
  nextTourIndex,
  START_TOUR_LABEL,
  tourAction,
  TOUR_INTRO_INDEX,
} from '../../domain/onboarding/features';
import {
  canSkipStep,
  DEFAULT_ONBOARDING_OPTIONS,
  ONBOARDING_DEFAULT_NOTIFICATIONS,
  onboardingOptions,
  onboardingSteps,
  stepsAheadText,
  welcomeGreeting,
  type OnboardingOptions,
} from '../../domain/onboarding/steps';
import { appConfigSchema } from '../../domain/shared/app-config';

describe('onboarding configuration', () => {
  it('has the spec’s defaults: every step shown; skip profile false, preferences true, features true', () => {
    expect(DEFAULT_ONBOARDING_OPTIONS).toEqual({
      showWelcome: true,
      showPreferences: true,
      showFeatures: true,
      skipProfile: false,
      skipPreferences: true,
      skipFeatures: true,
      defaultRedirect: '/',
    });
    expect(ONBOARDING_DEFAULT_NOTIFICATIONS).toEqual({ emailNotifications: true, pushNotifications: false });
  });

  it('overrides only what is given', () => {
    expect(onboardingOptions({ skipProfile: true, showWelcome: undefined })).toEqual({ ...DEFAULT_ONBOARDING_OPTIONS, skipProfile: true });
    expect(onboardingOptions()).toEqual(DEFAULT_ONBOARDING_OPTIONS);
  });

  it('layers the runtime configuration under a page’s own options; an undefined value overrides nothing', () => {
    const configured = { showWelcome: false, skipProfile: true };
    expect(onboardingOptions(configured, { skipProfile: false, showWelcome: undefined })).toEqual({ ...DEFAULT_ONBOARDING_OPTIONS, showWelcome: false });
    expect(onboardingOptions(undefined, undefined)).toEqual(DEFAULT_ONBOARDING_OPTIONS);
  });

  it('decides which steps may be skipped from the skip flags; welcome and complete never', () => {
    const options = onboardingOptions();
    expect(['profile', 'welcome', 'preferences', 'features', 'complete'].map((step) => canSkipStep(step as never, options))).toEqual([false, false, true, true, false]);
    const strict = onboardingOptions({ skipProfile: true, skipPreferences: false, skipFeatures: false });
    expect(['profile', 'preferences', 'features'].map((step) => canSkipStep(step as never, strict))).toEqual([true, false, false]);
  });
});

describe('onboarding step order', () => {
  it('is profile, welcome, preferences, features, complete by default', () => {
    expect(onboardingSteps(onboardingOptions(), 4)).toEqual(['profile', 'welcome', 'preferences', 'features', 'complete']);
  });

  it('leaves out the features tour when no feature exists', () => {
    expect(onboardingSteps(onboardingOptions(), 0)).toEqual(['profile', 'welcome', 'preferences', 'complete']);
  });

  it('for any flags: starts with profile, ends with complete, keeps the order, and shows a step exactly when its flag is on', () => {
    const flags = fc.record({ showWelcome: fc.boolean(), showPreferences: fc.boolean(), showFeatures: fc.boolean() });
    fc.assert(
      fc.property(flags, fc.nat(6), (shown, featureCount) => {
        const options: OnboardingOptions = onboardingOptions(shown);
        const steps = onboardingSteps(options, featureCount);
        const order = ['profile', 'welcome', 'preferences', 'features', 'complete'];
        expect(steps[0]).toBe('profile');
        expect(steps.at(-1)).toBe('complete');
        expect([...steps].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(steps);
        expect(steps.includes('welcome')).toBe(shown.showWelcome);
        expect(steps.includes('preferences')).toBe(shown.showPreferences);
        expect(steps.includes('features')).toBe(shown.showFeatures && featureCount > 0);
      }),
    );
  });
});

describe('onboarding in the runtime configuration', () => {
  const specDefaults = { showWelcome: true, showPreferences: true, showFeatures: true, skipProfile: false, skipPreferences: true, skipFeatures: true };
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'onboarding-cfg-')), ...env });

  it('fills every flag left out with the spec’s default', () => {
    expect(onboardingConfigSchema.parse({})).toEqual(specDefaults);
    expect(onboardingConfigSchema.parse({ skipProfile: true, showFeatures: false })).toEqual({ ...specDefaults, skipProfile: true, showFeatures: false });
    expect(onboardingConfigSchema.safeParse({ skipProfile: 'yes' }).success).toBe(false);
  });

  it('is an optional block of the dynamic configuration: a configuration without it is still valid', () => {
    const dynamic = {
      corsOrigin: [],
      featureFlags: { newAdminUI: false, aiSearchEnabled: false },
      publicKeys: { placesBrowserKey: null, crmPortalId: null, stripePublishableKey: null },
      analytics: { analyticsId: null, crmPortalId: null },
      aiConfig: { model: null, maxQueryLength: 500, maxResults: 20 },
      socialProviders: [],
      supportEmail: 'support@localhost',
      environment: 'test',
    };
    const config = { bootstrap: { apiGatewayUrl: '', basePath: '' }, dynamic };
    expect(appConfigSchema.parse(config).dynamic.onboarding).toBeUndefined();
    expect(appConfigSchema.parse({ ...config, dynamic: { ...dynamic, onboarding: { showWelcome: false } } }).dynamic.onboarding).toEqual({ ...specDefaults, showWelcome: false });
  });

  it('is read from ONBOARDING_* variables, the spec’s defaults when unset', () => {
    expect(load({}).onboarding).toEqual(specDefaults);
    expect(
      load({
        ONBOARDING_SHOW_WELCOME: 'false',
        ONBOARDING_SHOW_PREFERENCES: 'no',
        ONBOARDING_SHOW_FEATURES: '0',
        ONBOARDING_SKIP_PROFILE: 'true',
        ONBOARDING_SKIP_PREFERENCES: 'off',
        ONBOARDING_SKIP_FEATURES: 'off',
      }).onboarding,
    ).toEqual({ showWelcome: false, showPreferences: false, showFeatures: false, skipProfile: true, skipPreferences: false, skipFeatures: false });
  });

  it('stops on a flag that is not a yes or no, naming the variable', () => {
    expect(() => load({ ONBOARDING_SKIP_PROFILE: 'maybe' })).toThrow(ConfigError);
    expect(() => load({ ONBOARDING_SKIP_PROFILE: 'maybe' })).toThrow(/^Invalid configuration: ONBOARDING_SKIP_PROFILE /);
  });
});

describe('what the welcome step says is left', () => {
  it('counts the steps after the welcome, the completion included', () => {
    expect(stepsAheadText(onboardingSteps(onboardingOptions(), 4))).toBe('Three short steps and you are ready.');
    expect(stepsAheadText(onboardingSteps(onboardingOptions({ showFeatures: false }), 4))).toBe('Two short steps and you are ready.');
    expect(stepsAheadText(onboardingSteps(onboardingOptions(), 0))).toBe('Two short steps and you are ready.');
    expect(stepsAheadText(onboardingSteps(onboardingOptions({ showPreferences: false, showFeatures: false }), 4))).toBe('One more step and you are ready.');
    expect(stepsAheadText(['welcome'])).toBe('You are ready.');
  });
});

describe('welcome greeting', () => {
  it.each([
    ['Dagny', 'Welcome, Dagny!'],
    ['  Dagny ', 'Welcome, Dagny!'],
    ['', 'Welcome!'],
    ['   ', 'Welcome!'],
    [null, 'Welcome!'],
    [undefined, 'Welcome!'],
  ])('%j gives %s', (name, greeting) => {
    expect(welcomeGreeting(name)).toBe(greeting);
  });
});

describe('default features', () => {
  it('are the four of the spec, each with title, description, icon and colour, the last named after the product', () => {
    const features = defaultFeatures('Objectivism Learning Platform');
    expect(features.map((feature) => feature.title)).toEqual([
      'Personalized Recommendations',
      'Conversations Hub',
      'Reimagined Content Library',
      'Objectivism Learning Platform Homepage',
    ]);
    for (const feature of features) {
      expect(feature.description.length).toBeGreaterThan(0);
      expect(feature.icon).toMatch(/\S/);
      expect(feature.color).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(new Set(features.map((feature) => feature.icon)).size).toBe(4);
  });
});

describe('features tour', () => {
  it('starts at the intro (-1) with “Start Tour”, then “Next”, and “Get Started” on the last feature', () => {
    expect(TOUR_INTRO_INDEX).toBe(-1);
    expect([-1, 0, 1, 2, 3].map((index) => tourAction(index, 4))).toEqual([START_TOUR_LABEL, NEXT_FEATURE_LABEL, NEXT_FEATURE_LABEL, NEXT_FEATURE_LABEL, GET_STARTED_LABEL]);
    expect([START_TOUR_LABEL, NEXT_FEATURE_LABEL, GET_STARTED_LABEL]).toEqual(['Start Tour', 'Next', 'Get Started']);
    expect(tourAction(0, 1)).toBe('Get Started');
  });

  it('moves forward one feature at a time and is done after the last', () => {
    expect([-1, 0, 1, 2, 3].map((index) => nextTourIndex(index, 4))).toEqual([0, 1, 2, 3, 'done']);
    expect(nextTourIndex(-1, 0)).toBe('done');
  });

  it('jumps (dots) to any feature, and ignores a target that names none', () => {
    expect(jumpTourIndex(-1, 2, 4)).toBe(2);
    expect(jumpTourIndex(3, 0, 4)).toBe(0);
    for (const target of [-1, 4, 1.5, Number.NaN]) expect(jumpTourIndex(1, target, 4)).toBe(1);
  });

  it('walking with Next from the intro visits every feature once, in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), (count) => {
        const visited: number[] = [];
        let index: number | 'done' = TOUR_INTRO_INDEX;
        while (index !== 'done') {
          if (index >= 0) visited.push(index);
          index = nextTourIndex(index, count);
        }
        expect(visited).toEqual(Array.from({ length: count }, (_, i) => i));
      }),
    );
  });
});
