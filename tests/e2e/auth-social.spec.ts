/**
 * Social sign-in in the browser, end to end (issue 4), through a real OpenID provider started by the
 * global setup ("Test ID", tests/e2e/support/social-provider.ts): a new member continues with the
 * provider on /login and lands signed in; a cancelled sign-in comes back with its message; and a
 * member who signed up with a password links the provider on /profile/security, then signs in with
 * it as the same member. Set E2E_SCREENSHOT_DIR to keep screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { cancelAtProvider, E2E_SOCIAL_PROVIDER, signInAtProvider } from './support/social-provider';

const PROVIDER = E2E_SOCIAL_PROVIDER.name;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const continueWithProvider = (page: Page) => page.getByRole('link', { name: `Continue with ${PROVIDER}` });

async function registerWithPassword(page: Page, member: { firstName: string; lastName: string; email: string; password: string }) {
  await page.goto('/register?redirect=%2Fdashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoA11yViolations(page, '/register');
  await page.getByLabel('First name').fill(member.firstName);
  await page.getByLabel('Last name').fill(member.lastName);
  await page.getByLabel('Email address').fill(member.email);
  await page.locator('input[name="password"]').fill(member.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Your account' }).getByText(member.email)).toBeVisible();
  await expectNoA11yViolations(page, '/dashboard (registered with a password)');
}

test.describe('social sign-in', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a new member continues with the provider on /login and lands signed in', async ({ page }) => {
    const email = `francisco-${unique()}@provider.test`;
    await page.goto('/login?redirect=%2Fdashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    const link = continueWithProvider(page);
    await expect(link).toHaveAttribute('href', `/api/auth/connect/${E2E_SOCIAL_PROVIDER.id}?redirect=%2Fdashboard`);
    await expectNoA11yViolations(page, '/login (with a social provider)');
    await snap(page, 'login-social');

    await link.click();
    await signInAtProvider(page, { email, givenName: 'Francisco', familyName: 'd’Anconia' });

    await expect(page).toHaveURL(/\/dashboard$/);
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account.getByText('Francisco d’Anconia')).toBeVisible();
    await expect(account.getByText(email)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /Francisco d’Anconia/ })).toBeVisible();
    await expectNoA11yViolations(page, '/dashboard (signed in with a social provider)');
    await snap(page, 'social-signed-in');
  });

  test('a sign-in cancelled at the provider comes back to /login with its message', async ({ page }) => {
    await page.goto('/login');
    await continueWithProvider(page).click();
    await cancelAtProvider(page);
    await expect(page).toHaveURL(/\/login\?error=SOCIAL_ACCESS_DENIED$/);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Authentication failed');
    await expect(alert).toContainText('Sign-in was cancelled at the provider.');
    // Every other way in is still offered.
    await expect(page.getByRole('button', { name: 'Send magic link' })).toBeVisible();
    await expect(continueWithProvider(page)).toBeVisible();
    await expectNoA11yViolations(page, '/login?error=SOCIAL_ACCESS_DENIED');
    await snap(page, 'login-social-cancelled');
  });

  test('a member links the provider on /profile/security, then signs in with it as the same member', async ({ page }) => {
    const member = { firstName: 'Hugh', lastName: 'Akston', email: `hugh-${unique()}@example.test`, password: 'Patrick-Henry-1957' };
    // The provider knows the member under another address: the link, not the e-mail, makes them one.
    const providerEmail = `h.akston-${unique()}@provider.test`;
    await registerWithPassword(page, member);

    await page.goto('/profile/security');
    const connect = page.getByRole('link', { name: `Connect ${PROVIDER}` });
    await expect(connect).toHaveAttribute('href', `/api/auth/connect/${E2E_SOCIAL_PROVIDER.id}?redirect=%2Fprofile%2Fsecurity`);
    await expectNoA11yViolations(page, '/profile/security (nothing linked)');
    await connect.click();
    await signInAtProvider(page, { email: providerEmail, givenName: 'Hugh', familyName: 'Akston' });

    await expect(page).toHaveURL(/\/profile\/security$/);
    const linked = page.getByRole('list', { name: 'Your linked accounts' }).getByRole('listitem');
    await expect(linked).toHaveCount(1);
    await expect(linked).toContainText(PROVIDER);
    await expect(linked).toContainText(providerEmail);
    await expect(page.getByRole('link', { name: `Connect ${PROVIDER}` })).toHaveCount(0);
    await expectNoA11yViolations(page, '/profile/security (a provider linked)');
    await snap(page, 'security-linked');

    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

    await page.goto('/login?redirect=%2Fdashboard');
    await continueWithProvider(page).click();
    // The provider remembers the member's session there; if it asks again, the same account answers.
    const providerLogin = page.getByRole('heading', { level: 1, name: `Sign in to ${PROVIDER}` });
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(providerLogin.or(account)).toBeVisible();
    if (await providerLogin.isVisible()) await signInAtProvider(page, { email: providerEmail });

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(account.getByText(member.email)).toBeVisible();
    await expect(account.getByText('Hugh Akston')).toBeVisible();
  });
});
