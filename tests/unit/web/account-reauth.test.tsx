/**
 * /profile/security, re-authentication: a sensitive action answered 403 REAUTHENTICATION_REQUIRED
 * opens the confirm-it's-you dialog, which offers only the ways the member has (password, passkey,
 * an e-mailed link), or signing in again; after a confirmation the action runs once more, and only once.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../../web/src/lib/page-navigation';
import { aUser, failure, probe } from './auth-fixtures';
import { aPasskey, creationOptions, elapse, fakeWebAuthn, methodsReply, openSecurityPage, reauthRequired, removeFakeWebAuthn, requestOptions, withProviders, type SecurityPageSetup } from './account-fixtures';

afterEach(removeFakeWebAuthn);

const methodRow = (label: string) => within(screen.getByRole('region', { name: 'Sign-in methods' })).getByText(label, { selector: '.method-list__name' }).closest('li')!;
const reauthDialog = () => screen.getByRole('dialog', { name: 'Confirm it’s you' });
const reauthOk = { body: { success: true, reauthenticatedUntil: '2026-03-01T12:10:00.000Z', emailSent: false } };

/** Opens the page and asks to turn off email links, which the server answers with REAUTHENTICATION_REQUIRED until `confirmed()`. */
async function removeNeedingReauth(setup: SecurityPageSetup) {
  const view = await openSecurityPage(setup);
  let confirmed = false;
  view.server.on('DELETE /api/auth/methods', () => (confirmed ? methodsReply({ methods: ['PASSWORD'] }) : reauthRequired()));
  view.server.on('POST /api/auth/reauthenticate', () => {
    confirmed = true;
    return reauthOk;
  });
  await view.user.click(within(methodRow('Email link')).getByRole('button', { name: 'Turn off: Email link' }));
  await view.user.click(within(screen.getByRole('dialog', { name: 'Turn off email links?' })).getByRole('button', { name: 'Turn off email links' }));
  await elapse(0);
  return view;
}

const deleteCalls = (view: Awaited<ReturnType<typeof openSecurityPage>>) => view.server.callsTo('DELETE /api/auth/methods');

describe('the confirm-it’s-you dialog', () => {
  it('confirms with the password, then runs the action again, once', async () => {
    const view = await removeNeedingReauth({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'] } });
    const dialog = reauthDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('For your security, confirm who you are before changing how you sign in. This lasts 10 minutes.');
    const password = within(dialog).getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    // No passkey on the account (and no WebAuthn here): not offered.
    expect(within(dialog).queryByRole('button', { name: 'Confirm with a passkey' })).not.toBeInTheDocument();
    expect(deleteCalls(view)).toHaveLength(1);

    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm with password' }));
    expect(within(dialog).getByText('Enter your password')).toBeInTheDocument();
    expect(view.server.callsTo('POST /api/auth/reauthenticate')).toHaveLength(0);

    await view.user.type(password, 'Rearden-Metal-1');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm with password' }));
    await elapse(0);
    expect(view.server.callsTo('POST /api/auth/reauthenticate')[0]?.body).toEqual({ method: 'PASSWORD', password: 'Rearden-Metal-1' });
    expect(deleteCalls(view).map((call) => call.body)).toEqual([{ method: 'MAGIC_LINK' }, { method: 'MAGIC_LINK' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(methodRow('Email link')).toHaveTextContent('Off');
    expect(screen.getByText('Email links turned off')).toBeInTheDocument();
  });

  it('shows a wrong password as the server words it and lets the member try again', async () => {
    const view = await removeNeedingReauth({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'] } });
    view.server.on('POST /api/auth/reauthenticate', failure(401, 'INVALID_CREDENTIALS', 'Invalid credentials'));
    await view.user.type(within(reauthDialog()).getByLabelText('Password', { selector: 'input' }), 'wrong-one');
    await view.user.click(within(reauthDialog()).getByRole('button', { name: 'Confirm with password' }));
    await elapse(0);
    expect(within(reauthDialog()).getByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(deleteCalls(view)).toHaveLength(1);
    // Still signed in: a refused password here is not a lost session.
    expect(probe.auth?.state.isAuthenticated).toBe(true);
  });

  it('does not run the action a third time when the retry is refused again', async () => {
    const view = await openSecurityPage({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'] } });
    view.server.on('DELETE /api/auth/methods', reauthRequired());
    view.server.on('POST /api/auth/reauthenticate', reauthOk);
    await view.user.click(within(methodRow('Email link')).getByRole('button', { name: 'Turn off: Email link' }));
    await view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Turn off email links' }));
    await elapse(0);
    await view.user.type(within(reauthDialog()).getByLabelText('Password', { selector: 'input' }), 'Rearden-Metal-1');
    await view.user.click(within(reauthDialog()).getByRole('button', { name: 'Confirm with password' }));
    await elapse(0);
    expect(deleteCalls(view)).toHaveLength(2);
    expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('dialog', { name: 'Turn off email links?' })).getByRole('alert')).toHaveTextContent('Please confirm it is you: re-authenticate to continue.');
  });

  it('confirms with a passkey: options, the browser’s assertion, then the action again', async () => {
    const webauthn = fakeWebAuthn();
    const view = await removeNeedingReauth({ methods: { methods: ['PASSKEY', 'MAGIC_LINK'] } });
    view.server.on('POST /api/auth/passkey/reauthenticate/options', { body: { success: true, data: requestOptions } });
    const dialog = reauthDialog();
    expect(within(dialog).queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm with a passkey' }));
    await elapse(0);
    expect(view.server.callsTo('POST /api/auth/passkey/reauthenticate/options')).toHaveLength(1);
    expect(webauthn.requests).toHaveLength(1);
    expect(view.server.callsTo('POST /api/auth/reauthenticate')[0]?.body).toMatchObject({
      method: 'PASSKEY',
      credential: { id: 'Y3JlZC0x', type: 'public-key', response: { signature: 'c2ln' } },
    });
    expect(deleteCalls(view)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes a closed passkey prompt calmly, and reports a refused passkey with ‘Failed to verify passkey’', async () => {
    const webauthn = fakeWebAuthn();
    webauthn.answerGet = () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    const view = await removeNeedingReauth({ methods: { methods: ['PASSKEY', 'MAGIC_LINK'] } });
    view.server.on('POST /api/auth/passkey/reauthenticate/options', { body: { success: true, data: requestOptions } });
    await view.user.click(within(reauthDialog()).getByRole('button', { name: 'Confirm with a passkey' }));
    await elapse(0);
    expect(within(reauthDialog()).getByRole('status')).toHaveTextContent('The passkey prompt was closed or timed out. Try again, or use another way.');
    expect(within(reauthDialog()).queryByRole('alert')).not.toBeInTheDocument();

    view.server.on('POST /api/auth/reauthenticate', failure(401, 'PASSKEY_VERIFICATION_FAILED', 'Passkey verification failed'));
    fakeWebAuthn();
    await view.user.click(within(reauthDialog()).getByRole('button', { name: 'Confirm with a passkey' }));
    await elapse(0);
    const alert = within(reauthDialog()).getByRole('alert');
    expect(alert).toHaveTextContent('Failed to verify passkey');
    expect(alert).toHaveTextContent('Passkey verification failed');
    expect(deleteCalls(view)).toHaveLength(1);
  });

  it('with no password, passkey or email link, explains and offers only signing in again', async () => {
    const view = await openSecurityPage({ methods: { methods: ['SOCIAL', 'PASSKEY'] } });
    view.server.on('DELETE /api/auth/methods', reauthRequired());
    await view.user.click(within(methodRow('Passkeys')).getByRole('button', { name: 'Remove: Passkeys' }));
    await view.user.click(within(screen.getByRole('dialog', { name: 'Remove all passkeys?' })).getByRole('button', { name: 'Remove all passkeys' }));
    await elapse(0);
    const dialog = reauthDialog();
    // A passkey on the account, but no WebAuthn in this browser: nothing to confirm with here.
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('your account has no password, passkey or email link to confirm it with here. Sign in again, then come back to this page.'));
    expect(within(dialog).queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm with a passkey' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Email me a sign-in link' })).not.toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    await elapse(0);
    expect(view.server.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(probe.auth?.state.isAuthenticated).toBe(false);
    expect(probe.path).toBe('/login?redirect=%2Fprofile%2Fsecurity');
  });

  it('confirms by e-mailed link without signing out: the link comes back here, then the action runs again', async () => {
    const view = await openSecurityPage({ methods: { methods: ['SOCIAL', 'MAGIC_LINK'] } });
    let linkOpened = false;
    view.server.on('DELETE /api/auth/methods', () => (linkOpened ? methodsReply({ methods: ['SOCIAL'] }) : reauthRequired()));
    view.server.on('POST /api/auth/reauthenticate', { body: { success: true, reauthenticatedUntil: null, emailSent: true } });
    await view.user.click(within(methodRow('Email link')).getByRole('button', { name: 'Turn off: Email link' }));
    await view.user.click(within(screen.getByRole('dialog', { name: 'Turn off email links?' })).getByRole('button', { name: 'Turn off email links' }));
    await elapse(0);

    const dialog = reauthDialog();
    expect(dialog).toHaveAccessibleDescription('For your security, confirm who you are before changing how you sign in. This lasts 10 minutes.');
    expect(within(dialog).queryByRole('button', { name: 'I’ve opened the link, continue' })).not.toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Email me a sign-in link' }));
    await elapse(0);
    expect(view.server.callsTo('POST /api/auth/reauthenticate')[0]?.body).toEqual({
      method: 'MAGIC_LINK',
      redirectUrl: `${window.location.origin}/profile/security`,
      appUrl: window.location.origin,
      basePath: '',
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent('We sent a sign-in link to hank.rearden@example.org. Open it in this browser, then come back here and continue.');
    expect(probe.auth?.state.isAuthenticated).toBe(true);
    expect(deleteCalls(view)).toHaveLength(1);

    linkOpened = true;
    await view.user.click(within(dialog).getByRole('button', { name: 'I’ve opened the link, continue' }));
    await elapse(0);
    expect(deleteCalls(view)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(methodRow('Email link')).toHaveTextContent('Off');
  });

  it('shows a refused link request as the server words it', async () => {
    const view = await removeNeedingReauth({ methods: { methods: ['SOCIAL', 'MAGIC_LINK'] } });
    view.server.on('POST /api/auth/reauthenticate', failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 12 minutes.'));
    await view.user.click(within(reauthDialog()).getByRole('button', { name: 'Email me a sign-in link' }));
    await elapse(0);
    expect(within(reauthDialog()).getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 12 minutes.');
    expect(within(reauthDialog()).queryByRole('button', { name: 'I’ve opened the link, continue' })).not.toBeInTheDocument();
  });

  it('closes on Escape without an error, and the action can be tried again', async () => {
    const view = await removeNeedingReauth({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'] } });
    await view.user.keyboard('{Escape}');
    await elapse(0);
    expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).not.toBeInTheDocument();
    const confirmation = screen.getByRole('dialog', { name: 'Turn off email links?' });
    expect(within(confirmation).queryByRole('alert')).not.toBeInTheDocument();
    const again = within(confirmation).getByRole('button', { name: 'Turn off email links' });
    expect(again).toHaveFocus();
    await view.user.click(again);
    await elapse(0);
    expect(reauthDialog()).toBeInTheDocument();
    expect(deleteCalls(view)).toHaveLength(2);
  });
});

describe('adding a way in from a stale session (issue 11)', () => {
  it('a passkey: options refused for a stale session open the dialog; once confirmed, the options, the ceremony and the verify run', async () => {
    const webauthn = fakeWebAuthn();
    const view = await openSecurityPage({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'] } });
    let confirmed = false;
    view.server.on('POST /api/auth/passkey/register', () => (confirmed ? { body: { success: true, data: creationOptions } } : reauthRequired()));
    view.server.on('POST /api/auth/reauthenticate', () => {
      confirmed = true;
      return reauthOk;
    });
    view.server.on('POST /api/auth/verify-passkey', { body: { success: true, user: aUser({ hasPasskey: true }), passkey: aPasskey({ id: 'pk-new', name: 'Passkey' }) } });
    await view.user.click(within(screen.getByRole('region', { name: 'Passkeys' })).getByRole('button', { name: 'Add a passkey' }));
    await elapse(0);
    const dialog = reauthDialog();
    expect(webauthn.creations).toHaveLength(0);
    await view.user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Rearden-Metal-1');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm with password' }));
    await elapse(0);
    expect(view.server.callsTo('POST /api/auth/passkey/register')).toHaveLength(2);
    expect(webauthn.creations).toHaveLength(1);
    expect(view.server.callsTo('POST /api/auth/verify-passkey')).toHaveLength(1);
  });

  it('a linked account: Connect asks the server first, opens the dialog for a stale session, then goes to the provider', async () => {
    const leaveTo = vi.spyOn(pageNavigation, 'leaveTo').mockImplementation(() => undefined);
    try {
      const view = await openSecurityPage({ config: withProviders, methods: { methods: ['PASSWORD', 'MAGIC_LINK'] } });
      let confirmed = false;
      view.server.on('POST /api/auth/reauthenticate/check', () => (confirmed ? { body: { success: true, reauthenticatedUntil: '2026-03-01T12:10:00.000Z' } } : reauthRequired()));
      view.server.on('POST /api/auth/reauthenticate', () => {
        confirmed = true;
        return reauthOk;
      });
      await view.user.click(within(screen.getByRole('region', { name: 'Linked accounts' })).getByRole('link', { name: 'Connect Acme' }));
      await elapse(0);
      expect(leaveTo).not.toHaveBeenCalled();
      const dialog = reauthDialog();
      await view.user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Rearden-Metal-1');
      await view.user.click(within(dialog).getByRole('button', { name: 'Confirm with password' }));
      await elapse(0);
      expect(view.server.callsTo('POST /api/auth/reauthenticate/check')).toHaveLength(2);
      expect(leaveTo).toHaveBeenCalledTimes(1);
      expect(leaveTo.mock.calls[0]?.[0]).toMatch(/\/api\/auth\/connect\/acme\?redirect=%2Fprofile%2Fsecurity$/);
    } finally {
      leaveTo.mockRestore();
    }
  });
});
