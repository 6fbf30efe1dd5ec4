/**
 * Passkeys in the browser, end to end, through Chromium's virtual authenticator (DevTools protocol
 * WebAuthn domain): a member signed in by magic link adds a passkey on /profile/security, renames
 * it, signs out, signs in with it on /login, and removes it, after which it no longer signs anyone
 * in. The page is checked with axe in its states. Set E2E_SCREENSHOT_DIR to keep screenshots.
 */
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { completeOnboarding } from './support/onboarding';
import { signInLinkIn, waitForMail } from './support/smtp-inbox';

// The callback waits 2 s before verifying and 2.5 s before redirecting.
const CALLBACK_TIMEOUT = { timeout: 15_000 };

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

async function snap(page: Page, name: string, fullPage = true) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/** A platform authenticator that verifies the user and answers every prompt by itself. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** A new member signs in by magic link, goes through onboarding, and lands on `target`. */
async function signInByMagicLink(page: Page, email: string, name: { first: string; last: string }, target: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await page.goto(signInLinkIn(await waitForMail(email)));
  await expect(page).toHaveURL(/\/onboarding$/, CALLBACK_TIMEOUT);
  await completeOnboarding(page, name);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/\//g, '\\/')}$`));
}

const passkeysRegion = (page: Page) => page.getByRole('region', { name: 'Passkeys' });
const methodRow = (page: Page, label: string) => page.getByRole('region', { name: 'Sign-in methods' }).getByRole('listitem').filter({ has: page.locator('.method-list__name', { hasText: label }) });

test.describe('passkeys', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a member adds a passkey, renames it, signs in with it, and removes it', async ({ page }) => {
    // The virtual authenticator answers every request by itself, the passkey autofill that /login
    // starts on arrival included, which would sign in before the button is pressed: this browser
    // says it has no autofill, so the journey goes through the button.
    await page.addInitScript(() => {
      if (typeof PublicKeyCredential === 'function') PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    const email = uniqueEmail('passkey');
    await page.emulateMedia({ colorScheme: 'light' });
    await signInByMagicLink(page, email, { first: 'Eddie', last: 'Willers' }, '/profile/security');

    // The page, reached from the header too.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account security');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account security' })).toHaveAttribute('href', '/profile/security');
    await expect(methodRow(page, 'Email link')).toContainText('On');
    await expect(methodRow(page, 'Passkeys')).toContainText('Not set up');
    await expect(passkeysRegion(page).getByText('No passkeys yet')).toBeVisible();
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await expect(sessions.getByText('This device', { exact: true })).toBeVisible();
    await expect(sessions).toContainText('Signed in with email link');
    await expectNoA11yViolations(page, '/profile/security (no passkeys)');
    await snap(page, 'security-light');

    // Add one: options, the authenticator's ceremony, verification.
    await passkeysRegion(page).getByLabel('Passkey name').fill('E2E laptop');
    await passkeysRegion(page).getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('Passkey “E2E laptop” added')).toBeVisible();
    const list = passkeysRegion(page).getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('E2E laptop');
    await expect(list).toContainText('Never used');
    await expect(methodRow(page, 'Passkeys')).toContainText('Set up');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    await expectNoA11yViolations(page, '/profile/security (one passkey)');
    await snap(page, 'security-passkey-added');

    // Rename it in place; the new name is the server's.
    await list.getByRole('button', { name: 'Rename E2E laptop' }).click();
    const nameField = list.getByLabel('New name for “E2E laptop”');
    await expect(nameField).toBeFocused();
    await nameField.fill('Virtual key');
    await list.getByRole('button', { name: 'Save name' }).click();
    await expect(list.getByRole('button', { name: 'Rename Virtual key' })).toBeFocused();
    await page.reload();
    await expect(passkeysRegion(page).getByRole('list', { name: 'Your passkeys' })).toContainText('Virtual key');

    // Dark theme, as the rest of the app.
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectNoA11yViolations(page, '/profile/security (dark theme)');
    await snap(page, 'security-dark');
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Light' }).check();

    // A phone-sized screen: the header keeps the way here (its words become the link's name only).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account security' })).toBeVisible();
    await expectNoA11yViolations(page, '/profile/security (narrow)');
    await snap(page, 'security-narrow');
    await page.setViewportSize({ width: 1280, height: 720 });

    // Sign out, then in again with the passkey alone.
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.goto('/login?redirect=%2Fdashboard');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account.getByText(email)).toBeVisible();
    await expect(account.getByText('Eddie Willers')).toBeVisible();

    // The passkey now shows its use, and this session says how it began.
    await page.getByRole('banner').getByRole('link', { name: 'Account security' }).click();
    await expect(page).toHaveURL(/\/profile\/security$/);
    const signedInList = passkeysRegion(page).getByRole('list', { name: 'Your passkeys' });
    await expect(signedInList).toContainText('Last used');
    await expect(page.getByRole('region', { name: 'Active sessions' })).toContainText('Signed in with passkey');

    // Remove it, behind a confirmation.
    await signedInList.getByRole('button', { name: 'Remove Virtual key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoA11yViolations(page, '/profile/security (remove dialog)');
    await snap(page, 'security-remove-dialog', false);
    await dialog.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Passkey “Virtual key” removed')).toBeVisible();
    await expect(passkeysRegion(page).getByText('No passkeys yet')).toBeVisible();
    await expect(methodRow(page, 'Passkeys')).toContainText('Not set up');

    // Removal takes effect at once: the authenticator still holds the key, the server refuses it.
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.goto('/login?redirect=%2Fdashboard');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toContainText('Passkey verification failed');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });
});
