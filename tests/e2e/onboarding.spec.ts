/**
 * Onboarding in the browser, end to end (spec 000 §4): a new member signs in by a magic link from a
 * real mail, goes through the profile (blank names refused), welcome, preferences and the features
 * tour, and lands on the page asked for at sign-in; the next sign-in goes straight there. Then the
 * same journey by keyboard alone. Every step is checked with axe; with E2E_SCREENSHOT_DIR set (`npm
 * test` sets it to test-results/screenshots) each step leaves a screenshot there.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signInLinkIn, waitForMail } from './support/smtp-inbox';

// The callback waits 2 s before verifying and 2.5 s before redirecting.
const CALLBACK_TIMEOUT = { timeout: 15_000 };

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  // A full-page picture taken while scrolled draws the sticky header part-way down the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Asks for a link at /login for `target`, opens it from the mail (the `nth` to this address) and waits to land. */
async function signInByMagicLink(page: Page, email: string, target: string, nth = 1) {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await page.goto(signInLinkIn(await waitForMail(email, nth)));
}

const stepHeading = (page: Page) => page.getByRole('heading', { level: 2 });
const tourHeading = (page: Page) => page.getByRole('heading', { level: 3 });
const dot = (page: Page, n: number) => page.getByRole('group', { name: 'Features' }).getByRole('button').nth(n - 1);

interface Me {
  user: { firstName: string | null; lastName: string | null; needsProfileCompletion: boolean; preferences: { theme: string; emailNotifications: boolean; pushNotifications: boolean } };
}
const me = async (page: Page) => (await (await page.request.get('/api/auth/me')).json()) as Me;

/** Presses Tab until `target` has the focus (the page decides where the focus starts). */
async function tabTo(page: Page, target: Locator, limit = 30) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('onboarding', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a new member goes through every step and lands on the page asked for; the next sign-in goes straight there', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const email = uniqueEmail('onboarding');
    await signInByMagicLink(page, email, '/dashboard');
    await expect(page.getByText('Taking you to complete your profile...')).toBeVisible(CALLBACK_TIMEOUT);
    await expect(page).toHaveURL(/\/onboarding$/, CALLBACK_TIMEOUT);

    // Profile: blank names are refused.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up your account');
    await expect(page.getByRole('main')).toHaveCount(1);
    const progress = page.getByRole('list', { name: 'Progress' });
    await expect(progress.getByRole('listitem')).toHaveText([
      /Step 1 of 5: Profile/,
      /Step 2 of 5: Welcome!/,
      /Step 3 of 5: Preferences/,
      /Step 4 of 5: Features/,
      /Step 5 of 5: All set/,
    ]);
    await expect(stepHeading(page)).toHaveText('Profile');
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    const save = page.getByRole('button', { name: 'Save and continue' });
    await expect(save).toBeDisabled();
    await expectNoA11yViolations(page, 'onboarding: profile');
    await snap(page, 'onboarding-1-profile');

    const first = page.getByLabel('First name');
    const last = page.getByLabel('Last name');
    await first.focus();
    await first.blur();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await first.fill('   ');
    await last.fill('Taggart');
    await last.fill('');
    await last.blur();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(save).toBeDisabled();
    await expectNoA11yViolations(page, 'onboarding: profile (blank names)');
    await snap(page, 'onboarding-1-profile-blank');
    expect((await me(page)).user.needsProfileCompletion).toBe(true);

    await first.fill('  Dagny ');
    await last.fill('Taggart');
    await expect(save).toBeEnabled();
    await save.click();

    // Welcome.
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Profile completed!')).toBeVisible();
    await expect(stepHeading(page)).toHaveText('Welcome, Dagny!');
    await expect(stepHeading(page)).toBeFocused();
    expect((await me(page)).user).toMatchObject({ firstName: 'Dagny', lastName: 'Taggart', needsProfileCompletion: false });
    await expectNoA11yViolations(page, 'onboarding: welcome');
    await snap(page, 'onboarding-2-welcome');
    await page.getByRole('button', { name: 'Get Started' }).click();

    // Preferences: e-mail on, push off to start with.
    await expect(stepHeading(page)).toHaveText('Preferences');
    const appearance = page.getByRole('main').getByRole('group', { name: 'Appearance' });
    await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Skip for now' })).toBeVisible();
    await expectNoA11yViolations(page, 'onboarding: preferences');
    await snap(page, 'onboarding-3-preferences');
    await appearance.getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('switch', { name: 'Push notifications' }).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Features tour: intro, Start Tour, Next, dots, Get Started on the last.
    await expect(stepHeading(page)).toHaveText('Features');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect((await me(page)).user.preferences).toEqual({ theme: 'dark', emailNotifications: true, pushNotifications: true });
    await expect(page.getByRole('button', { name: 'Start Tour' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skip tour' })).toBeVisible();
    await expectNoA11yViolations(page, 'onboarding: features tour intro (dark)');
    await snap(page, 'onboarding-4-features-intro');

    await page.getByRole('button', { name: 'Start Tour' }).click();
    await expect(tourHeading(page)).toHaveText('Personalized Recommendations');
    await expect(tourHeading(page)).toBeFocused();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(tourHeading(page)).toHaveText('Conversations Hub');
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'step');
    await dot(page, 4).click();
    await expect(tourHeading(page)).toHaveText('Objectivism Learning Platform Homepage');
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    await dot(page, 3).click();
    await expect(tourHeading(page)).toHaveText('Reimagined Content Library');
    await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
    await expectNoA11yViolations(page, 'onboarding: features tour');
    await snap(page, 'onboarding-4-features-tour');
    await page.getByRole('button', { name: 'Skip tour' }).click();

    // Completion: on to the redirect remembered at sign-in.
    await expect(stepHeading(page)).toHaveText('All set');
    await expect(page.getByText(/Your account is ready, Dagny\./)).toBeVisible();
    await expectNoA11yViolations(page, 'onboarding: complete');
    await snap(page, 'onboarding-5-complete');
    await page.getByRole('button', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Dagny');
    await expect(page.getByRole('banner').getByRole('link', { name: /Dagny Taggart/ })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('postProfileRedirect'))).toBeNull();

    // Onboarded: the next sign-in goes straight to the page asked for.
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await signInByMagicLink(page, email, '/profile/security', 2);
    await expect(page.getByText('Taking you to your content...')).toBeVisible(CALLBACK_TIMEOUT);
    await expect(page).toHaveURL(/\/profile\/security$/, CALLBACK_TIMEOUT);
  });

  test('the whole of onboarding by keyboard alone, on a narrow screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    const email = uniqueEmail('keyboard');
    await signInByMagicLink(page, email, '/dashboard');
    await expect(page).toHaveURL(/\/onboarding$/, CALLBACK_TIMEOUT);
    await expect(stepHeading(page)).toHaveText('Profile');
    await expectNoA11yViolations(page, 'onboarding: profile (narrow)');
    await snap(page, 'onboarding-narrow-1-profile');

    // Profile: Tab into the names, type, Enter submits.
    await tabTo(page, page.getByLabel('First name'));
    await page.keyboard.type('Ellis');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Last name')).toBeFocused();
    await page.keyboard.type('Wyatt');
    await page.keyboard.press('Enter');

    // Welcome: the focus is on the step's heading; Get Started is the next stop.
    await expect(stepHeading(page)).toHaveText('Welcome, Ellis!');
    await expect(stepHeading(page)).toBeFocused();
    await expect(page.getByText('Three short steps and you are ready.')).toBeVisible();
    await snap(page, 'onboarding-narrow-2-welcome');
    await tabTo(page, page.getByRole('button', { name: 'Get Started' }));
    await page.keyboard.press('Enter');

    // Preferences: arrow keys choose the theme, Space turns e-mail notifications off.
    await expect(stepHeading(page)).toBeFocused();
    await expect(stepHeading(page)).toHaveText('Preferences');
    await snap(page, 'onboarding-narrow-3-preferences');
    const appearance = page.getByRole('main').getByRole('group', { name: 'Appearance' });
    await tabTo(page, appearance.getByRole('radio', { name: 'System' }));
    await page.keyboard.press('ArrowLeft');
    await expect(appearance.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(appearance.getByRole('radio', { name: 'Dark' })).toBeFocused();
    await tabTo(page, page.getByRole('switch', { name: 'Email notifications' }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Save and continue' }));
    await page.keyboard.press('Enter');

    // Features tour: Start Tour, then Next until Get Started, all on one button.
    await expect(stepHeading(page)).toHaveText('Features');
    await tabTo(page, page.getByRole('button', { name: 'Start Tour' }));
    await page.keyboard.press('Enter');
    await expect(tourHeading(page)).toBeFocused();
    const forward = page.getByRole('button', { name: 'Next' });
    await tabTo(page, forward);
    for (const title of ['Conversations Hub', 'Reimagined Content Library', 'Objectivism Learning Platform Homepage']) {
      await page.keyboard.press('Enter');
      await expect(tourHeading(page)).toHaveText(title);
    }
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeFocused();
    await expectNoA11yViolations(page, 'onboarding: features tour (narrow, dark)');
    await snap(page, 'onboarding-narrow-4-features-tour');
    await page.keyboard.press('Enter');

    // Complete.
    await expect(stepHeading(page)).toHaveText('All set');
    await expect(stepHeading(page)).toBeFocused();
    await snap(page, 'onboarding-narrow-5-complete');
    await tabTo(page, page.getByRole('button', { name: 'Go to your dashboard' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ellis');

    expect((await me(page)).user).toMatchObject({
      firstName: 'Ellis',
      lastName: 'Wyatt',
      needsProfileCompletion: false,
      preferences: { theme: 'dark', emailNotifications: false, pushNotifications: false },
    });
  });
});
