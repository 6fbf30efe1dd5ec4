/**
 * Passwords in the browser, end to end (issue 4): a visitor registers at /register, lands signed in,
 * signs out, and signs in again with the password at /login. /register and /login are checked with
 * axe, in their empty and their error states. Set E2E_SCREENSHOT_DIR to keep screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function expectPageShape(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
}

/** The password input (the Password tab's panel carries the same name). */
const passwordInput = (page: Page) => page.locator('input[name="password"]');

test.describe('sign-in with a password', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a visitor registers, lands signed in, signs out, and signs in again with the password', async ({ page }) => {
    const email = uniqueEmail('eddie');
    const password = 'Rearden-Metal-1926';

    // From a guarded page to /login, then on to registration, keeping the destination.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/register\?redirect=%2Fdashboard$/);
    await expectPageShape(page, 'Create your account');
    await expectNoA11yViolations(page, '/register');
    await snap(page, 'register');

    // Checked in the browser first.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();
    await expectNoA11yViolations(page, '/register (errors)');
    await snap(page, 'register-errors');

    await page.getByLabel('First name').fill('Eddie');
    await page.getByLabel('Last name').fill('Willers');
    await page.getByLabel('Email address').fill(email);
    await passwordInput(page).fill('rearden');
    await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Very Weak, 1 of 5');
    await passwordInput(page).fill(password);
    await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Strong, 5 of 5');
    await expect(page.getByText('Password strength: Strong')).toBeVisible();
    await expectNoA11yViolations(page, '/register (filled in)');
    await snap(page, 'register-filled');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account.getByText('Eddie Willers')).toBeVisible();
    await expect(account.getByText(email)).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /Eddie Willers/ })).toBeVisible();

    // The same address cannot register twice.
    await header.getByRole('button', { name: 'Sign out' }).click();
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.goto('/register');
    await page.getByLabel('First name').fill('Eddie');
    await page.getByLabel('Last name').fill('Willers');
    await page.getByLabel('Email address').fill(email);
    await passwordInput(page).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText(/An account with this email already exists\. Please sign in instead\./);

    // Signed out, the dashboard sends the visitor to sign in.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await expectPageShape(page, 'Sign in');
    await page.getByRole('tab', { name: 'Password' }).click();
    await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
    await expectNoA11yViolations(page, '/login (password)');
    await snap(page, 'login-password');

    await page.getByLabel('Email address').fill(email);
    await passwordInput(page).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
    await expect(passwordInput(page)).toBeFocused();
    await expect(passwordInput(page)).toHaveValue('');
    await expectNoA11yViolations(page, '/login (refused)');
    await snap(page, 'login-password-refused');

    await passwordInput(page).fill(password);
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(account.getByText(email)).toBeVisible();
    await expect(header.getByRole('link', { name: /Eddie Willers/ })).toBeVisible();

    // Signed in, /login has nothing to offer: on to the redirect.
    await page.goto('/login?redirect=%2Fdashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the sign-in page checks the address and the password before sending anything, in the login form’s words', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expectPageShape(page, 'Sign in');
    await page.getByRole('tab', { name: 'Password' }).click();
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) sent += 1;
    });
    await page.getByLabel('Email address').fill('eddie@taggart');
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeFocused();
    await expectNoA11yViolations(page, '/login (password, dark, errors)');
    await snap(page, 'login-password-errors-dark');
    expect(sent).toBe(0);

    // The e-mailed link's form keeps its own wording (spec 000 §5).
    await page.getByRole('tab', { name: 'Email link' }).click();
    await page.getByLabel('Email address').fill('eddie@taggart');
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Invalid email format')).toHaveCount(0);
  });
});
