/**
 * /profile/security, the page and its sign-in methods: each method's state, the preferred badge,
 * make preferred, removal behind a confirmation (the last-method refusal shown as the server words
 * it), and the auth state kept in step with the methods answer (spec 000 §4).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadAllPages, routes } from '../../../web/src/app/routes';
import { aUser, failure, probe, renderWithAuth, useFakeClock } from './auth-fixtures';
import { accountServer, aSocialAccount, elapse, methodsReply, openSecurityPage, removeFakeWebAuthn, withProviders } from './account-fixtures';

// The app's pages are lazy (web/src/app/routes.tsx): loaded once here, they render as soon as they are opened under the fake clock.
beforeAll(() => preloadAllPages());

afterEach(removeFakeWebAuthn);

const methodsSection = () => screen.getByRole('region', { name: 'Sign-in methods' });
const methodRow = (label: string) => within(methodsSection()).getByText(label, { selector: '.method-list__name' }).closest('li')!;
const LAST_METHOD = 'You cannot remove your only way to sign in. Add another sign-in method first.';

describe('the account security page', () => {
  it('is a guarded page under /profile with one h1 and a section per topic', async () => {
    useFakeClock();
    accountServer();
    const view = renderWithAuth({ path: '/profile', routes, catchAll: false });
    await elapse(0);
    expect(view.router.state.location.pathname).toBe('/profile/security');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Account security');
    for (const name of ['Sign-in methods', 'Password', 'Passkeys', 'Linked accounts', 'Active sessions']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Account security' })).toHaveAttribute('href', '/profile/security');
  });

  it('sends a visitor who is not signed in to sign in first, and back here afterwards', async () => {
    useFakeClock();
    accountServer().on('GET /api/auth/auth-status', { body: { success: true, authenticated: false, user: null } });
    const view = renderWithAuth({ path: '/profile/security', routes, catchAll: false });
    await elapse(0);
    expect(`${view.router.state.location.pathname}${view.router.state.location.search}`).toBe('/login?redirect=%2Fprofile%2Fsecurity');
  });

  it('shows a loading state while the methods are on their way', async () => {
    let answer!: () => void;
    await openSecurityPage({}, (server) =>
      server.on('GET /api/auth/methods', () => new Promise((resolve) => (answer = () => resolve(methodsReply())))),
    );
    expect(within(methodsSection()).getByRole('status')).toHaveTextContent('Loading your sign-in methods…');
    answer();
    await elapse(0);
    expect(within(methodsSection()).queryByRole('status')).not.toBeInTheDocument();
    expect(methodRow('Email link')).toHaveTextContent('On');
  });

  it('says when the methods cannot be loaded, and tries again on request', async () => {
    const { server, user } = await openSecurityPage({}, (s) => s.on('GET /api/auth/methods', failure(403, 'FORBIDDEN', 'You may not do that')));
    const alert = within(methodsSection()).getByRole('alert');
    expect(alert).toHaveTextContent('We could not load your sign-in methods.');
    expect(alert).toHaveTextContent('You may not do that');
    server.on('GET /api/auth/methods', methodsReply());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await elapse(0);
    expect(methodRow('Email link')).toHaveTextContent('On');
  });
});

describe('sign-in methods', () => {
  it('lists every method with its state, marks the preferred one, and copies the answer into the auth state', async () => {
    await openSecurityPage({ methods: { methods: ['PASSWORD', 'PASSKEY', 'MAGIC_LINK'], preferredMethod: 'PASSKEY', emailVerified: false }, config: withProviders });
    expect(methodRow('Password')).toHaveTextContent('Set up');
    expect(methodRow('Passkeys')).toHaveTextContent('Set up');
    expect(methodRow('Passkeys')).toHaveTextContent('Preferred');
    expect(methodRow('Password')).not.toHaveTextContent('Preferred');
    expect(methodRow('Linked accounts')).toHaveTextContent('None linked');
    expect(methodRow('Email link')).toHaveTextContent('On');
    expect(within(methodsSection()).getByText('Email not verified')).toBeInTheDocument();
    // Not set up: a way to the section that sets it up, no removal.
    expect(within(methodRow('Linked accounts')).getByRole('link', { name: 'Set up: Linked accounts' })).toHaveAttribute('href', '#linked-accounts');
    expect(within(methodRow('Linked accounts')).queryByRole('button')).not.toBeInTheDocument();
    // The preferred one cannot be made preferred again; the email link is never preferred.
    expect(within(methodRow('Passkeys')).queryByRole('button', { name: /Make preferred/ })).not.toBeInTheDocument();
    expect(within(methodRow('Email link')).queryByRole('button', { name: /Make preferred/ })).not.toBeInTheDocument();
    expect(within(methodRow('Password')).getByRole('button', { name: 'Make preferred: Password' })).toBeEnabled();
    expect(probe.auth?.state).toMatchObject({ hasPassword: true, hasPasskey: true, hasSocialLogin: false, preferredAuthMethod: 'PASSKEY', emailVerified: false });
  });

  it('offers no way to link an account when the site has no provider', async () => {
    await openSecurityPage({ methods: { methods: ['MAGIC_LINK'] } });
    expect(methodRow('Linked accounts')).toHaveTextContent('None linked');
    expect(within(methodRow('Linked accounts')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(methodRow('Password')).getByRole('link', { name: 'Set up: Password' })).toHaveAttribute('href', '#password');
  });

  it('makes a method preferred with PUT /api/auth/methods/preferred and says so', async () => {
    const { server, user } = await openSecurityPage({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'] } });
    server.on('PUT /api/auth/methods/preferred', methodsReply({ methods: ['PASSWORD', 'MAGIC_LINK'], preferredMethod: 'PASSWORD' }));
    await user.click(within(methodRow('Password')).getByRole('button', { name: 'Make preferred: Password' }));
    await elapse(0);
    expect(server.callsTo('PUT /api/auth/methods/preferred')[0]?.body).toEqual({ method: 'PASSWORD' });
    expect(server.callsTo('PUT /api/auth/methods/preferred')[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(methodRow('Password')).toHaveTextContent('Preferred');
    expect(screen.getByText('Password is now your preferred way to sign in')).toBeInTheDocument();
    expect(probe.auth?.state.preferredAuthMethod).toBe('PASSWORD');
  });

  it('removes a method only after a confirmation, which Escape or Cancel call off', async () => {
    const { server, user } = await openSecurityPage({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'], preferredMethod: 'PASSWORD' } });
    server.on('DELETE /api/auth/methods', methodsReply({ methods: ['MAGIC_LINK'], preferredMethod: null }));
    const remove = within(methodRow('Password')).getByRole('button', { name: 'Remove: Password' });

    await user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Remove your password?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('You will no longer be able to sign in with a password.');
    // The safe choice has focus.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();

    await user.click(remove);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE /api/auth/methods')).toHaveLength(0);

    await user.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Remove your password?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove password' }));
    await elapse(0);
    expect(server.callsTo('DELETE /api/auth/methods')[0]?.body).toEqual({ method: 'PASSWORD' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(methodRow('Password')).toHaveTextContent('Not set up');
    // The Remove button went with the password: focus lands on the section's heading.
    expect(screen.getByRole('heading', { name: 'Sign-in methods' })).toHaveFocus();
    expect(screen.getByText('Password removed')).toBeInTheDocument();
    expect(probe.auth?.state).toMatchObject({ hasPassword: false, preferredAuthMethod: null });
  });

  it('keeps Tab inside the open dialog', async () => {
    const { user } = await openSecurityPage({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'] } });
    await user.click(within(methodRow('Email link')).getByRole('button', { name: 'Turn off: Email link' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off email links?' });
    expect(dialog).toHaveAccessibleDescription('Sign-in links will no longer be sent to hank.rearden@example.org. You will sign in with your other methods only.');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Turn off email links' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });

  it('shows the server’s refusal to remove the last way in as it words it, in the dialog', async () => {
    const { server, user } = await openSecurityPage({ methods: { methods: ['MAGIC_LINK'] } });
    server.on('DELETE /api/auth/methods', failure(422, 'LAST_METHOD', LAST_METHOD));
    await user.click(within(methodRow('Email link')).getByRole('button', { name: 'Turn off: Email link' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Turn off email links' }));
    await elapse(0);
    const dialog = screen.getByRole('dialog', { name: 'Turn off email links?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(LAST_METHOD);
    expect(methodRow('Email link')).toHaveTextContent('On');
    expect(server.callsTo('DELETE /api/auth/methods')).toHaveLength(1);
  });

  it('says that unlinking removes every linked account, naming them', async () => {
    const { server, user } = await openSecurityPage({
      methods: { methods: ['SOCIAL', 'MAGIC_LINK'] },
      accounts: [aSocialAccount(), aSocialAccount({ id: 'sa-2', provider: 'acme', providerName: 'Acme', email: 'hank@acme.test' })],
      config: withProviders,
      user: aUser({ hasSocialLogin: true }),
    });
    server.on('DELETE /api/auth/methods', methodsReply({ methods: ['MAGIC_LINK'] }));
    server.on('GET /api/auth/social/list', { body: { success: true, accounts: [] } });
    await user.click(within(methodRow('Linked accounts')).getByRole('button', { name: 'Unlink: Linked accounts' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlink all accounts?' });
    expect(dialog).toHaveAccessibleDescription('This unlinks every account linked to yours (Test ID, Acme), not just one. You will no longer be able to sign in with them.');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink all' }));
    await elapse(0);
    expect(server.callsTo('DELETE /api/auth/methods')[0]?.body).toEqual({ method: 'SOCIAL' });
    // The linked accounts are asked for again.
    expect(server.callsTo('GET /api/auth/social/list')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Linked accounts' })).getByText('No linked accounts yet')).toBeInTheDocument();
    expect(probe.auth?.state.hasSocialLogin).toBe(false);
  });

  it('turns email links back on with POST /api/auth/methods, with no confirmation needed', async () => {
    const { server, user } = await openSecurityPage({ methods: { methods: ['PASSWORD'], preferredMethod: 'PASSWORD' } });
    server.on('POST /api/auth/methods', methodsReply({ methods: ['PASSWORD', 'MAGIC_LINK'], preferredMethod: 'PASSWORD' }));
    expect(methodRow('Email link')).toHaveTextContent('Off');
    expect(within(methodRow('Email link')).queryByRole('button', { name: 'Turn off: Email link' })).not.toBeInTheDocument();
    await user.click(within(methodRow('Email link')).getByRole('button', { name: 'Turn on: Email link' }));
    await elapse(0);
    expect(server.callsTo('POST /api/auth/methods')[0]?.body).toEqual({ method: 'MAGIC_LINK' });
    expect(server.callsTo('POST /api/auth/methods')[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(methodRow('Email link')).toHaveTextContent('On');
    expect(within(methodRow('Email link')).getByRole('button', { name: 'Turn off: Email link' })).toBeInTheDocument();
    expect(within(methodRow('Email link')).queryByRole('button', { name: 'Turn on: Email link' })).not.toBeInTheDocument();
    expect(screen.getByText('Email links turned on')).toBeInTheDocument();
  });

  it('shows a refusal to turn email links on as the server words it', async () => {
    const { server, user } = await openSecurityPage({ methods: { methods: ['PASSWORD'] } });
    server.on('POST /api/auth/methods', failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 3 minutes.'));
    await user.click(within(methodRow('Email link')).getByRole('button', { name: 'Turn on: Email link' }));
    await elapse(0);
    expect(within(methodsSection()).getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 3 minutes.');
    expect(methodRow('Email link')).toHaveTextContent('Off');
  });

  it('shows a refused preference change as the server words it', async () => {
    const { server, user } = await openSecurityPage({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'] } });
    server.on('PUT /api/auth/methods/preferred', failure(404, 'METHOD_NOT_SET_UP', 'That sign-in method is not set up on your account'));
    await user.click(within(methodRow('Password')).getByRole('button', { name: 'Make preferred: Password' }));
    await elapse(0);
    expect(within(methodsSection()).getByRole('alert')).toHaveTextContent('That sign-in method is not set up on your account');
  });
});
