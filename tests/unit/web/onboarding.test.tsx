import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnboardingOptions } from '../../../domain/onboarding/steps';
import { preloadAllPages, routes } from '../../../web/src/app/routes';
import { completionDestination } from '../../../web/src/features/onboarding/completion';
import { OnboardingPage } from '../../../web/src/features/onboarding/OnboardingPage';
import { POST_PROFILE_REDIRECT_KEY } from '../../../web/src/lib/auth/magic-link';
import type { OnboardingConfig } from '../../../domain/onboarding/config';
import { appConfig, aUser, failure, fakeAuthServer, probe, renderWithAuth, useFakeClock, type FakeAuthServer } from './auth-fixtures';
import { axeViolations } from './fields-axe';

let server: FakeAuthServer;

const newcomer = aUser({ firstName: null, lastName: null, needsProfileCompletion: true });

// The app's pages are lazy (web/src/app/routes.tsx): loaded once here, they render as soon as they are opened under the fake clock.
beforeAll(() => preloadAllPages());

beforeEach(() => {
  useFakeClock();
  sessionStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  server = fakeAuthServer();
  server.signedIn(newcomer);
  server.on('PUT /api/auth/profile', ({ body }) => ({ body: { success: true, user: aUser({ ...(body as object), needsProfileCompletion: false }) } }));
  server.on('PUT /api/auth/preferences', ({ body }) => ({
    body: { success: true, preferences: { theme: 'system', emailNotifications: true, pushNotifications: false, ...(body as object) } },
  }));
});

const DEFAULTS_IN_CONFIG: OnboardingConfig = { showWelcome: true, showPreferences: true, showFeatures: true, skipProfile: false, skipPreferences: true, skipFeatures: true };

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** axe waits on real timers. */
async function a11yViolations() {
  vi.useRealTimers();
  return axeViolations(document.body);
}

/** The whole app at `path`; `onboarding` is the runtime configuration's block (GET /api/config), absent by default. */
async function openApp(path = '/onboarding', onboarding?: Partial<OnboardingConfig>) {
  const config = onboarding ? { ...appConfig, dynamic: { ...appConfig.dynamic, onboarding: { ...DEFAULTS_IN_CONFIG, ...onboarding } } } : appConfig;
  const view = renderWithAuth({ path, routes, catchAll: false, config });
  await elapse(0);
  return { ...view, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

/** The page alone, with its configuration, at /onboarding (anything else is 'Elsewhere'). */
async function openOnboarding(options: Partial<OnboardingOptions> = {}, features?: Parameters<typeof OnboardingPage>[0]['features']) {
  const view = renderWithAuth({ path: '/onboarding', routes: [{ path: 'onboarding', element: <OnboardingPage options={options} {...(features ? { features } : {})} /> }] });
  await elapse(0);
  return { ...view, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

type User = ReturnType<typeof userEvent.setup>;

const stepHeading = () => screen.getByRole('heading', { level: 2 });
const progressTitles = () =>
  within(screen.getByRole('list', { name: 'Progress' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.flow-steps__title')?.lastChild?.textContent ?? '');

async function saveProfile(user: User, first = 'Dagny', last = 'Taggart') {
  await user.type(screen.getByLabelText(/First name/), first);
  await user.type(screen.getByLabelText(/Last name/), last);
  await user.click(screen.getByRole('button', { name: 'Save and continue' }));
  await elapse(0);
}

describe('onboarding: the steps', () => {
  it('goes profile, welcome, preferences, features tour, complete with the spec’s defaults', async () => {
    await openApp();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Set up your account');
    expect(progressTitles()).toEqual(['Profile', 'Welcome!', 'Preferences', 'Features', 'All set']);
    expect(stepHeading()).toHaveTextContent('Profile');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    // skip profile is false by default
    expect(screen.queryByRole('button', { name: 'Skip for now' })).not.toBeInTheDocument();
    expect(await a11yViolations()).toEqual([]);
  }, 20_000);

  it.each<[Partial<OnboardingOptions>, string[]]>([
    [{ showWelcome: false }, ['Profile', 'Preferences', 'Features', 'All set']],
    [{ showPreferences: false }, ['Profile', 'Welcome!', 'Features', 'All set']],
    [{ showFeatures: false }, ['Profile', 'Welcome!', 'Preferences', 'All set']],
    [{ showWelcome: false, showPreferences: false, showFeatures: false }, ['Profile', 'All set']],
  ])('leaves out a step whose show flag is off (%o)', async (options, titles) => {
    await openOnboarding(options);
    expect(progressTitles()).toEqual(titles);
  });

  it('takes the show and skip flags from the runtime configuration at /onboarding', async () => {
    const { user } = await openApp('/onboarding', { showWelcome: false, skipProfile: true, skipPreferences: false });
    expect(progressTitles()).toEqual(['Profile', 'Preferences', 'Features', 'All set']);
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await elapse(0);
    expect(stepHeading()).toHaveTextContent('Preferences');
    expect(screen.queryByRole('button', { name: 'Skip for now' })).not.toBeInTheDocument();
  });

  it('leaves out the features tour when there are no features', async () => {
    await openOnboarding({}, []);
    expect(progressTitles()).toEqual(['Profile', 'Welcome!', 'Preferences', 'All set']);
  });
});

describe('onboarding: the profile step', () => {
  it('keeps Save disabled while a name is blank and says which, linked to the field', async () => {
    const { user } = await openApp();
    const save = screen.getByRole('button', { name: 'Save and continue' });
    expect(save).toBeDisabled();

    const first = screen.getByLabelText(/First name/);
    await user.click(first);
    await user.tab();
    const message = screen.getByText('First name is required');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByText('Last name is required')).not.toBeInTheDocument();

    await user.type(first, '   ');
    await user.type(screen.getByLabelText(/Last name/), 'Taggart');
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText(/Last name/));
    await user.tab();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Last name/), 'Taggart');
    await user.type(first, 'Dagny');
    expect(save).toBeEnabled();
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(server.callsTo('PUT /api/auth/profile')).toHaveLength(0);
  });

  it('saves the trimmed names, says “Profile completed!” and greets the member by name', async () => {
    const { user } = await openApp();
    await saveProfile(user, '  Dagny ', ' Taggart');
    expect(server.callsTo('PUT /api/auth/profile')[0]?.body).toEqual({ firstName: 'Dagny', lastName: 'Taggart' });
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('Profile completed!')).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent(/^Welcome, Dagny!$/);
    expect(stepHeading()).toHaveFocus();
    expect(probe.auth?.state.needsProfileCompletion).toBe(false);
    expect(probe.auth?.state.firstName).toBe('Dagny');
  });

  it('a failed save shows the spec’s message and stays on the profile', async () => {
    server.on('PUT /api/auth/profile', failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
    const { user } = await openApp();
    await saveProfile(user);
    await elapse(4_000);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to update your profile. Please try again.');
    expect(stepHeading()).toHaveTextContent('Profile');
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeEnabled();
    expect(screen.queryByText('Profile completed!')).not.toBeInTheDocument();
  });

  it('starts from the names the member already has', async () => {
    server.signedIn(aUser({ firstName: 'Hank', lastName: null, needsProfileCompletion: true }));
    await openApp();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Hank');
    expect(screen.getByLabelText(/Last name/)).toHaveValue('');
  });

  it('can be skipped when the configuration allows it; the welcome then says “Welcome!”', async () => {
    const { user } = await openOnboarding({ skipProfile: true });
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await elapse(0);
    expect(server.callsTo('PUT /api/auth/profile')).toHaveLength(0);
    expect(stepHeading()).toHaveTextContent(/^Welcome!$/);
  });
});

describe('onboarding: welcome and preferences', () => {
  it.each<[Partial<OnboardingOptions>, string]>([
    [{}, 'Three short steps and you are ready.'],
    [{ showFeatures: false }, 'Two short steps and you are ready.'],
    [{ showPreferences: false, showFeatures: false }, 'One more step and you are ready.'],
  ])('welcome counts the steps that follow it (%o)', async (options, text) => {
    const { user } = await openOnboarding(options);
    await saveProfile(user);
    expect(stepHeading()).toHaveTextContent('Welcome, Dagny!');
    expect(screen.getByText(/short steps|more step/)).toHaveTextContent(text);
  });

  it('welcome has Get Started; preferences start at e-mail on, push off and the current theme, and are saved', async () => {
    const { user, themeStore } = await openApp();
    await saveProfile(user);
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await elapse(0);
    expect(stepHeading()).toHaveTextContent('Preferences');
    const theme = screen.getByRole('group', { name: 'Appearance' });
    expect(within(theme).getByRole('radio', { name: 'System' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
    // skip preferences is true by default
    expect(screen.getByRole('button', { name: 'Skip for now' })).toBeInTheDocument();

    await user.click(within(theme).getByRole('radio', { name: 'Dark' }));
    await user.click(screen.getByRole('switch', { name: 'Push notifications' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await elapse(0);
    expect(server.callsTo('PUT /api/auth/preferences').map((call) => call.body)).toEqual([{ theme: 'dark', emailNotifications: true, pushNotifications: true }]);
    expect(themeStore.getSnapshot().preference).toBe('dark');
    expect(stepHeading()).toHaveTextContent('Features');
  });

  it('skipping the preferences saves nothing', async () => {
    const { user } = await openApp();
    await saveProfile(user);
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await elapse(0);
    expect(server.callsTo('PUT /api/auth/preferences')).toHaveLength(0);
    expect(stepHeading()).toHaveTextContent('Features');
  });

  it('a failed save says “Failed to update preferences” and stays', async () => {
    server.on('PUT /api/auth/preferences', failure(400, 'VALIDATION_ERROR', 'Theme must be light, dark or system'));
    const { user } = await openApp();
    await saveProfile(user);
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await elapse(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to update preferences');
    expect(stepHeading()).toHaveTextContent('Preferences');
  });

  it('no skip without the configuration’s leave', async () => {
    const { user } = await openOnboarding({ skipPreferences: false, showWelcome: false });
    await saveProfile(user);
    expect(stepHeading()).toHaveTextContent('Preferences');
    expect(screen.queryByRole('button', { name: 'Skip for now' })).not.toBeInTheDocument();
  });
});

describe('onboarding: the features tour', () => {
  async function atTour(options: Partial<OnboardingOptions> = {}) {
    const view = await openOnboarding({ showWelcome: false, showPreferences: false, ...options });
    await saveProfile(view.user);
    expect(stepHeading()).toHaveTextContent('Features');
    return view;
  }

  const dots = () => within(screen.getByRole('group', { name: 'Features' })).getAllByRole('button');

  it('starts at the intro, then Next through the four default features, Get Started on the last', async () => {
    const { user } = await atTour();
    expect(screen.getByRole('button', { name: 'Start Tour' })).toBeInTheDocument();
    expect(dots().map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Feature 1: Personalized Recommendations',
      'Feature 2: Conversations Hub',
      'Feature 3: Reimagined Content Library',
      'Feature 4: Objectivism Learning Platform Homepage',
    ]);
    expect(dots().some((dot) => dot.hasAttribute('aria-current'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Start Tour' }));
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Personalized Recommendations');
    expect(screen.getByRole('heading', { level: 3 })).toHaveFocus();
    expect(screen.getByText('Feature 1 of 4')).toBeInTheDocument();
    expect(dots()[0]).toHaveAttribute('aria-current', 'step');

    const forward = screen.getByRole('button', { name: 'Next' });
    await user.click(forward);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Conversations Hub');
    expect(screen.getByText('Feature 2 of 4: Conversations Hub')).toBeInTheDocument();
    await user.click(forward);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Reimagined Content Library');
    await user.click(forward);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Objectivism Learning Platform Homepage');
    expect(forward).toHaveTextContent('Get Started');
    expect(forward).toHaveFocus();

    await user.click(forward);
    await elapse(0);
    expect(stepHeading()).toHaveTextContent('All set');
  });

  it('dots jump to any feature', async () => {
    const { user } = await atTour();
    await user.click(dots()[2]!);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Reimagined Content Library');
    expect(dots()[2]).toHaveAttribute('aria-current', 'step');
    expect(dots()[2]).toHaveFocus();
    await user.click(dots()[0]!);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Personalized Recommendations');
    await user.click(dots()[3]!);
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeInTheDocument();
    expect(await a11yViolations()).toEqual([]);
  }, 20_000);

  it('Skip tour leaves the tour from the intro or from any feature', async () => {
    const { user } = await atTour();
    await user.click(screen.getByRole('button', { name: 'Start Tour' }));
    await user.click(screen.getByRole('button', { name: 'Skip tour' }));
    await elapse(0);
    expect(stepHeading()).toHaveTextContent('All set');
  });

  it('offers no Skip tour when the configuration does not allow it', async () => {
    await atTour({ skipFeatures: false });
    expect(screen.queryByRole('button', { name: 'Skip tour' })).not.toBeInTheDocument();
  });

  it('tours the features it is given', async () => {
    const { user } = await openOnboarding({ showWelcome: false, showPreferences: false }, [{ title: 'Contests', description: 'Write and win.', icon: 'sparkles', color: '#b45309' }]);
    await saveProfile(user);
    await user.click(screen.getByRole('button', { name: 'Start Tour' }));
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Contests');
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeInTheDocument();
  });
});

describe('onboarding: completion', () => {
  async function finishAll(user: User) {
    await saveProfile(user);
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await elapse(0);
    await user.click(screen.getByRole('button', { name: 'Skip tour' }));
    await elapse(0);
    expect(stepHeading()).toHaveTextContent('All set');
    expect(screen.getByText(/Your account is ready, Dagny\./)).toBeInTheDocument();
  }

  it('goes on to the redirect remembered at sign-in, and forgets it', async () => {
    sessionStorage.setItem(POST_PROFILE_REDIRECT_KEY, '/profile/security');
    const { user } = await openApp();
    await finishAll(user);
    await user.click(screen.getByRole('button', { name: 'Go to your content' }));
    await elapse(0);
    expect(probe.path).toBe('/profile/security');
    expect(sessionStorage.getItem(POST_PROFILE_REDIRECT_KEY)).toBeNull();
  });

  it('goes to the default (/) without a remembered redirect', async () => {
    const { user } = await openApp();
    await finishAll(user);
    await user.click(screen.getByRole('button', { name: 'Go to your dashboard' }));
    await elapse(0);
    expect(probe.path).toBe('/');
  });

  it('goes to a configured default', async () => {
    const { user } = await openOnboarding({ defaultRedirect: '/dashboard', showWelcome: false, showPreferences: false, showFeatures: false });
    await saveProfile(user);
    await user.click(screen.getByRole('button', { name: 'Go to your dashboard' }));
    await elapse(0);
    expect(screen.getByText('Elsewhere')).toBeInTheDocument();
    expect(probe.path).toBe('/dashboard');
  });

  it.each([
    ['/dashboard', '/dashboard'],
    ['/library?q=ethics#top', '/library?q=ethics#top'],
    [null, '/'],
    ['', '/'],
    ['https://evil.test/', '/'],
    ['//evil.test', '/'],
    ['/onboarding', '/'],
    ['/onboarding?step=2', '/'],
    ['/onboardingish', '/onboardingish'],
  ])('completionDestination(%s) is %s', (remembered, expected) => {
    expect(completionDestination(remembered, '/', 'http://localhost:3000')).toBe(expected);
  });

  it('an unsafe remembered redirect falls back to the configured default', () => {
    expect(completionDestination('https://evil.test/x', '/dashboard', 'http://localhost:3000')).toBe('/dashboard');
  });
});
