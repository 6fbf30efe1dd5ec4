/**
 * /login's passkey sign-in in Chromium with a virtual authenticator (DevTools `WebAuthn` domain):
 * the browser's autofill (conditional mediation) and the "Sign in with a passkey" button. The
 * member's passkey is made beforehand through the API and the browser's own
 * `navigator.credentials.create()`, so this file depends on /login alone.
 *
 * Chromium's virtual authenticator answers a pending autofill request by itself as soon as it may
 * simulate the member's presence: that stands for a member picking the passkey from the e-mail
 * field's suggestions. To use the button instead, presence is switched off while /login loads (the
 * autofill request then waits, and keeps waiting) and back on before the click. Every page visited
 * is checked with axe.
 */
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';

const uniqueEmail = () => `kira-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** Registers a member with a password, adds a passkey to the account, and signs out. */
async function memberWithPasskey(page: Page, email: string) {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoA11yViolations(page, '/register');
  await page.getByLabel('First name').fill('Kira');
  await page.getByLabel('Last name').fill('Argounova');
  await page.getByLabel('Email address').fill(email);
  await page.locator('input[name="password"]').fill('Petrograd-1922-We');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /Kira Argounova/ })).toBeVisible();

  const status = await page.evaluate(async () => {
    const bytes = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const text = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const post = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const { data } = (await (await post('/api/auth/passkey/register', { name: 'Laptop' })).json()) as {
      data: PublicKeyCredentialCreationOptions & { challenge: string; user: { id: string; name: string; displayName: string } };
    };
    const credential = (await navigator.credentials.create({
      publicKey: { ...data, challenge: bytes(data.challenge), user: { ...data.user, id: bytes(data.user.id) }, excludeCredentials: [] },
    })) as PublicKeyCredential;
    const response = credential.response as AuthenticatorAttestationResponse;
    const answer = await post('/api/auth/verify-passkey', {
      setAsPreferred: false,
      credential: {
        id: credential.id,
        rawId: text(credential.rawId),
        type: credential.type,
        clientExtensionResults: {},
        response: { clientDataJSON: text(response.clientDataJSON), attestationObject: text(response.attestationObject), transports: response.getTransports() },
      },
    });
    return answer.status;
  });
  expect(status).toBe(200);

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

async function expectSignedInAs(page: Page, email: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Your account' }).getByText(email)).toBeVisible();
  await expectNoA11yViolations(page, '/dashboard (signed in with a passkey)');
}

test.describe('passkey sign-in on /login', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the browser’s passkey autofill signs a member in from /login', async ({ page }) => {
    await virtualAuthenticator(page);
    const email = uniqueEmail();
    await memberWithPasskey(page, email);
    const signIn = page.waitForRequest((request) => request.url().endsWith('/api/auth/passkey/authenticate'));
    await page.goto('/login?redirect=%2Fdashboard');
    await signIn;
    await expectSignedInAs(page, email);
  });

  test('"Sign in with a passkey" replaces the waiting autofill request and signs the member in', async ({ page }) => {
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const email = uniqueEmail();
    await memberWithPasskey(page, email);

    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
    const autofillOptions = page.waitForResponse((response) => response.url().endsWith('/api/auth/passkey/authenticate/options'));
    await page.goto('/login?redirect=%2Fdashboard');
    await autofillOptions;
    // The page hands the options to the browser right after they arrive.
    await page.waitForTimeout(300);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await expect(page.getByLabel('Email address')).toHaveAttribute('autocomplete', 'username webauthn');
    await expectNoA11yViolations(page, '/login (a passkey request waiting)');

    // A pending request is not answered when presence comes back (Chromium simulates it when a
    // request starts), so the autofill request keeps waiting: the button's own ceremony, which ends
    // it, is the one that signs in, after options of its own.
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/auth/passkey/')) calls.push(path);
    });
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
    await page.waitForTimeout(500);
    expect(calls).toEqual([]);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectSignedInAs(page, email);
    expect(calls).toEqual(['/api/auth/passkey/authenticate/options', '/api/auth/passkey/authenticate']);
  });
});
