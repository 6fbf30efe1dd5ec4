/**
 * Lead generation in the browser, end to end (spec 000 §2 screen 5, §4, §8): from the home page's call
 * to action to the e-mail step, the 1 s pause, the confirmation step that sends a real mail through the
 * SMTP sink, resend, and the mailed link signing the visitor in. Every page visited is checked with axe.
 * Set E2E_SCREENSHOT_DIR to keep screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { mailsTo, signInLinkIn, waitForMail } from './support/smtp-inbox';

// The callback waits 2 s before verifying and 2.5 s before redirecting.
const CALLBACK_TIMEOUT = { timeout: 15_000 };

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const currentStep = (page: Page) => page.getByRole('list', { name: 'Progress' }).locator('[aria-current="step"]');

test.describe('lead generation', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a visitor goes from the home page to the e-mail step and the confirmation, gets the mail, resends, and the link signs them in', async ({ page }) => {
    const email = uniqueEmail('lead');
    await page.emulateMedia({ colorScheme: 'light' });

    // The home page offers signed-out visitors a way in.
    await page.goto('/');
    const callout = page.getByRole('region', { name: 'Start reading today' });
    await expect(callout).toBeVisible();
    await expectNoA11yViolations(page, '/ (signed out, with the call to action)');
    await snap(page, 'lead-home-callout');
    await callout.getByRole('link', { name: 'Get started' }).click();

    // The e-mail step.
    await expect(page).toHaveURL(/\/get-started$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get started');
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(currentStep(page)).toContainText('Your email');
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expectNoA11yViolations(page, '/get-started (e-mail step)');
    await snap(page, 'lead-email-step');

    // Checked in the browser: nothing is sent for a malformed address.
    const field = page.getByLabel('Email address');
    await field.fill('lead@example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expectNoA11yViolations(page, '/get-started (invalid address)');
    await snap(page, 'lead-email-invalid');

    // By keyboard: the address, then Enter submits the step.
    await field.fill(email);
    await field.press('Enter');
    await expect(page.getByText('Processing...')).toBeVisible();
    const heading = page.getByRole('heading', { level: 2, name: 'Check your email' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(currentStep(page)).toContainText('Check your email');
    const masked = `${email.slice(0, 2)}***@example.test`;
    await expect(page.getByText(`We sent a link to ${masked}. Open it on this device to create your account and start reading.`)).toBeVisible();
    for (const service of ['Gmail', 'Outlook', 'Yahoo Mail']) {
      await expect(page.getByRole('link', { name: new RegExp(`Open ${service}`) })).toHaveAttribute('target', '_blank');
    }
    await expect(page.getByRole('button', { name: 'Resend link' })).toBeVisible();
    await expectNoA11yViolations(page, '/get-started (confirmation)');
    await snap(page, 'lead-confirmation');

    // The real mail, received by the test's SMTP server.
    const first = await waitForMail(email, 1);
    expect(first.subject).not.toBe('');
    signInLinkIn(first);

    // Resend: the tick, then the countdown; a second mail arrives and replaces the first link.
    await page.getByRole('button', { name: 'Resend link' }).click();
    await expect(page.getByRole('button', { name: 'Magic link sent!' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toHaveAttribute('aria-disabled', 'true');
    await expectNoA11yViolations(page, '/get-started (resend countdown)');
    await snap(page, 'lead-confirmation-resent');
    const second = await waitForMail(email, 2);
    expect(await mailsTo(email)).toHaveLength(2);

    // A narrow screen: the step still fits without sideways scrolling.
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(page, 'lead-confirmation-narrow');
    await page.setViewportSize({ width: 1280, height: 720 });

    // The latest link signs the visitor in; a new member goes on to complete the profile.
    await page.goto(signInLinkIn(second));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verifying your magic link', CALLBACK_TIMEOUT);
    await expect(page.getByText('Taking you to complete your profile...')).toBeVisible(CALLBACK_TIMEOUT);
    await expect(page).toHaveURL(/\/onboarding$/, CALLBACK_TIMEOUT);
    const me = await page.request.get('/api/auth/me');
    expect(me.ok()).toBe(true);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
    await snap(page, 'lead-signed-in');

    // Signed in, the home page no longer shows the call to action, and /get-started says so.
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Start reading today' })).toHaveCount(0);
    await page.goto('/get-started');
    await expect(page.getByText(`You’re already signed in as ${email}.`, { exact: false })).toBeVisible();
    await expectNoA11yViolations(page, '/get-started (signed in)');
  });

  test('going Back from the confirmation keeps the address; the first link, replaced by a later one, no longer works', async ({ page }) => {
    const email = uniqueEmail('lead-back');
    await page.goto('/get-started');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Check your email' })).toBeVisible();
    const first = signInLinkIn(await waitForMail(email, 1));

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(currentStep(page)).toContainText('Your email');
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Check your email' })).toBeVisible();
    await waitForMail(email, 2);

    await page.goto(first);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentication failed', CALLBACK_TIMEOUT);
    await expect(page.getByRole('alert')).toContainText('Invalid or expired magic link');
  });
});
