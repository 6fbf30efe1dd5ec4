/**
 * Sign-in by magic link in the browser, end to end: the form, the mail through a real SMTP server,
 * the callback screen with the spec's waits (2 s, then 2.5 s or 1.5 s), the guarded pages and the
 * header. Every page visited is checked with axe. Set E2E_SCREENSHOT_DIR to keep screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { completeOnboarding } from './support/onboarding';
import { mailsTo, signInLinkIn, waitForMail } from './support/smtp-inbox';

// The callback waits 2 s before verifying and 2.5 s before redirecting.
const CALLBACK_TIMEOUT = { timeout: 15_000 };
const DEMO_MEMBER = { email: 'member@demo.objectivism.test', name: 'Morgan Reyes' };

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function expectPageShape(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, CALLBACK_TIMEOUT);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
}

/** Asks for a link at /login (with `query`) and waits for the check-your-email prompt. */
async function requestLink(page: Page, email: string, query = '?redirect=/dashboard') {
  await page.goto(`/login${query}`);
  await expectPageShape(page, 'Sign in');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expectPageShape(page, 'Check your email');
  await expect(page.getByText('We sent a sign-in link to')).toBeVisible();
}

test.describe('sign-in by magic link', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a member asks for a link, opens it from the mail and lands on the dashboard; the link then counts as verified', async ({ page, context, browser }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login?redirect=/dashboard');
    await expectPageShape(page, 'Sign in');
    await expect(page.getByRole('link', { name: 'Terms of Service' }).first()).toHaveAttribute('href', '/terms');
    await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy');
    await expectNoA11yViolations(page, '/login');
    await snap(page, 'login');

    // Checked in the browser: nothing is sent for a malformed address.
    await page.getByLabel('Email address').fill('member@demo');
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email address')).toBeFocused();
    await expectNoA11yViolations(page, '/login (invalid address)');
    await snap(page, 'login-invalid');

    // The demo member's address is shared with earlier attempts (a retry): read the mail after theirs.
    const earlier = (await mailsTo(DEMO_MEMBER.email)).length;
    await page.getByLabel('Email address').fill(DEMO_MEMBER.email);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expectPageShape(page, 'Check your email');
    await expect(page.getByText('me***@demo.objectivism.test')).toBeVisible();
    for (const service of ['Gmail', 'Outlook', 'Yahoo Mail']) {
      await expect(page.getByRole('link', { name: new RegExp(`Open ${service}`) })).toHaveAttribute('target', '_blank');
    }
    await expect(page.getByRole('button', { name: 'Resend link' })).toBeEnabled();
    await expectNoA11yViolations(page, 'check your email');
    await snap(page, 'check-your-email');

    const mail = await waitForMail(DEMO_MEMBER.email, earlier + 1);
    const link = signInLinkIn(mail);
    expect(new URL(link).searchParams.get('redirect')).toBe('/dashboard');

    // The verification request is held until the loading state has been checked, so a slow machine
    // cannot move the page on while axe is still reading it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/verify', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(link);
    await expectPageShape(page, 'Verifying your magic link');
    await expectNoA11yViolations(page, 'callback (loading)');
    release();
    await expectPageShape(page, 'You’re signed in');
    await expect(page.getByText('Taking you to your dashboard...')).toBeVisible();
    await expectNoA11yViolations(page, 'callback (success)');
    await snap(page, 'callback-success');

    await expect(page).toHaveURL(/\/dashboard$/, CALLBACK_TIMEOUT);
    await expectPageShape(page, 'Welcome, Morgan');
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account.getByText(DEMO_MEMBER.name)).toBeVisible();
    await expect(account.getByText(DEMO_MEMBER.email)).toBeVisible();
    await expect(account.getByRole('list', { name: 'Roles' })).toHaveText('Member');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /Morgan Reyes/ })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expectNoA11yViolations(page, '/dashboard');
    await snap(page, 'dashboard-light');

    // The same link again in this tab: the browser-session marker says it was verified.
    await page.goto(link);
    await expectPageShape(page, 'You’re signed in');
    await expect(page.getByText('This magic link was already verified.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, CALLBACK_TIMEOUT);

    // In a new tab (no marker): the server answers TOKEN_ALREADY_USED, which counts as success.
    const other = await context.newPage();
    await other.goto(link);
    await expectPageShape(other, 'Verifying your magic link');
    await expectPageShape(other, 'You’re signed in');
    await expect(other.getByText('This magic link was already verified.')).toBeVisible();
    await expect(other).toHaveURL(/\/dashboard$/, CALLBACK_TIMEOUT);
    await other.close();

    // On another device (a browser with no session): the same rule and timing, then the truth on arrival.
    const elsewhere = await (await browser.newContext()).newPage();
    await elsewhere.goto(link);
    await expectPageShape(elsewhere, 'You’re signed in');
    await expect(elsewhere).toHaveURL(/\/login\?redirect=%2Fdashboard&notice=link-used$/, CALLBACK_TIMEOUT);
    await expect(elsewhere.getByRole('status').filter({ hasText: 'This link was already used. Enter your e-mail to get a new one.' })).toBeVisible();
    await expect(elsewhere.getByRole('textbox', { name: /email/i })).toBeVisible();
    await snap(elsewhere, 'login-link-already-used');
    await elsewhere.context().close();

    // The theme chosen while signed in is saved to the member's preferences and comes back with them.
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect
      .poll(async () => (await page.request.get('/api/auth/me').then((r) => r.json()) as { user: { preferences: { theme: string } } }).user.preferences.theme)
      .toBe('dark');
    await expectNoA11yViolations(page, '/dashboard (dark theme)');
    await snap(page, 'dashboard-dark');

    await header.getByRole('button', { name: 'Sign out' }).click();
    await expectPageShape(page, 'Welcome to the Objectivism Learning Platform');
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await expectPageShape(page, 'Sign in');
  });

  test('a new member is sent to onboarding, then on to the page asked for', async ({ page }) => {
    const email = uniqueEmail('newcomer');
    await requestLink(page, email);
    const link = signInLinkIn(await waitForMail(email));

    await page.goto(link);
    await expect(page.getByText('Taking you to complete your profile...')).toBeVisible(CALLBACK_TIMEOUT);
    await expect(page).toHaveURL(/\/onboarding$/, CALLBACK_TIMEOUT);
    await expectPageShape(page, 'Set up your account');
    // Every onboarding step is covered by onboarding.spec.ts.
    await completeOnboarding(page, { first: 'Dagny', last: 'Taggart' });

    await expect(page).toHaveURL(/\/dashboard$/);
    await expectPageShape(page, 'Welcome, Dagny');
    await expect(page.getByRole('region', { name: 'Your account' }).getByText('Dagny Taggart')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /Dagny Taggart/ })).toBeVisible();
    await expectNoA11yViolations(page, '/dashboard (after onboarding)');
  });

  test('resending replaces the first link, which then shows the error state and a way back to sign in', async ({ page }) => {
    const email = uniqueEmail('resend');
    await requestLink(page, email);
    const first = signInLinkIn(await waitForMail(email, 1));

    await page.getByRole('button', { name: 'Resend link' }).click();
    await expect(page.getByRole('button', { name: 'Magic link sent!' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();
    await expectNoA11yViolations(page, 'check your email (countdown)');
    await snap(page, 'check-your-email-countdown');
    await waitForMail(email, 2);

    await page.goto(first);
    await expectPageShape(page, 'Authentication failed');
    const problem = page.getByRole('alert');
    await expect(problem).toContainText('Verification failed');
    await expect(problem).toContainText('Invalid or expired magic link');
    await expect(problem).toContainText('A newer sign-in link was sent to this address');
    await expect(page.getByText('We were unable to verify your account. Please try again or request a new magic link.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact support' }).last()).toHaveAttribute('href', /^mailto:/);
    await expectNoA11yViolations(page, 'callback (error)');
    await snap(page, 'callback-error');

    await page.getByRole('link', { name: 'Return to login' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await expectPageShape(page, 'Sign in');
  });

  test('an expired link shows the error state and a way back to sign in', async ({ page }) => {
    const email = uniqueEmail('expired');
    await requestLink(page, email);
    const link = signInLinkIn(await waitForMail(email));

    // The development tool ends this address's link now: every other test keeps 15-minute links.
    const expired = await page.request.post('/api/dev/magic-links/expire', { data: { email } });
    expect(expired.status()).toBe(200);
    expect(await expired.json()).toEqual({ success: true, expired: 1 });

    await page.goto(link);
    await expectPageShape(page, 'Authentication failed');
    const problem = page.getByRole('alert');
    await expect(problem).toContainText('Verification failed');
    await expect(problem).toContainText('Invalid or expired magic link');
    await expect(problem).toContainText('This sign-in link has expired.');
    await expect(page.getByText('We were unable to verify your account. Please try again or request a new magic link.')).toBeVisible();
    await expectNoA11yViolations(page, 'callback (expired)');
    await snap(page, 'callback-expired');

    await page.getByRole('link', { name: 'Return to login' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await expectPageShape(page, 'Sign in');
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('a callback without a token says so at once', async ({ page }) => {
    await page.goto('/auth/callback');
    await expectPageShape(page, 'Authentication failed');
    await expect(page.getByRole('alert')).toContainText('No verification token found in the URL.');
    // Spec 000 §2: 'Try again' and 'Contact support'; with no token, trying again is asking for a new link.
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact support' })).toBeVisible();
    await expectNoA11yViolations(page, 'callback (no token)');
  });

  test('signed-in pages send a visitor to sign in, keeping the page asked for', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fonboarding$/);
    await expectPageShape(page, 'Sign in');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });
});
