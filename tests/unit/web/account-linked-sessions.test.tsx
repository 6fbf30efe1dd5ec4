/**
 * /profile/security, linked accounts and active sessions: a Connect link per configured provider
 * not linked yet (a full navigation to /api/auth/connect/{id}, back to this page), the linked
 * accounts, unlinking behind a confirmation; each session's device in plain words, "This device",
 * signing out another session, and ending this one (which signs this browser out).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aUser, failure, probe } from './auth-fixtures';
import { aSession, aSocialAccount, elapse, methodsReply, openSecurityPage, removeFakeWebAuthn, SAFARI_ON_IPHONE, withProviders } from './account-fixtures';

afterEach(removeFakeWebAuthn);

const linkedSection = () => screen.getByRole('region', { name: 'Linked accounts' });
const sessionsSection = () => screen.getByRole('region', { name: 'Active sessions' });

describe('linked accounts', () => {
  it('offers a Connect link for every configured provider, back to this page', async () => {
    await openSecurityPage({ config: withProviders });
    expect(within(linkedSection()).getByText('No linked accounts yet')).toBeInTheDocument();
    expect(within(linkedSection()).getByRole('link', { name: 'Connect Test ID' })).toHaveAttribute('href', '/api/auth/connect/testid?redirect=%2Fprofile%2Fsecurity');
    expect(within(linkedSection()).getByRole('link', { name: 'Connect Acme' })).toHaveAttribute('href', '/api/auth/connect/acme?redirect=%2Fprofile%2Fsecurity');
    expect(within(linkedSection()).queryByRole('button', { name: /Unlink/ })).not.toBeInTheDocument();
  });

  it('keeps the client’s base path in the way back', async () => {
    await openSecurityPage({ config: { ...withProviders, bootstrap: { apiGatewayUrl: '', basePath: '/learn' } } });
    expect(within(linkedSection()).getByRole('link', { name: 'Connect Acme' })).toHaveAttribute('href', '/api/auth/connect/acme?redirect=%2Flearn%2Fprofile%2Fsecurity');
  });

  it('lists the linked accounts, and offers Connect only for the providers not linked', async () => {
    await openSecurityPage({ config: withProviders, accounts: [aSocialAccount()], methods: { methods: ['SOCIAL', 'MAGIC_LINK'] } });
    const list = within(linkedSection()).getByRole('list', { name: 'Your linked accounts' });
    expect(list).toHaveTextContent('Test ID');
    expect(list).toHaveTextContent('hank@provider.test');
    expect(list).toHaveTextContent('Linked Feb 10, 2026 · Last used Feb 20, 2026');
    expect(within(linkedSection()).queryByRole('link', { name: 'Connect Test ID' })).not.toBeInTheDocument();
    expect(within(linkedSection()).getByRole('link', { name: 'Connect Acme' })).toBeInTheDocument();
  });

  it('says when no provider is configured and nothing is linked', async () => {
    await openSecurityPage();
    expect(within(linkedSection()).getByText('No sign-in providers are available on this site.')).toBeInTheDocument();
    expect(within(linkedSection()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('unlinks with DELETE /api/auth/methods SOCIAL after a confirmation that says what goes', async () => {
    const { server, user } = await openSecurityPage({ config: withProviders, accounts: [aSocialAccount()], methods: { methods: ['SOCIAL', 'MAGIC_LINK'] }, user: aUser({ hasSocialLogin: true }) });
    server.on('DELETE /api/auth/methods', () => {
      server.on('GET /api/auth/social/list', { body: { success: true, accounts: [] } });
      return methodsReply({ methods: ['MAGIC_LINK'] });
    });
    await user.click(within(linkedSection()).getByRole('button', { name: 'Unlink account' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlink all accounts?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('This unlinks every account linked to yours (Test ID)'));
    await user.click(within(dialog).getByRole('button', { name: 'Unlink all' }));
    await elapse(0);
    expect(server.callsTo('DELETE /api/auth/methods')[0]?.body).toEqual({ method: 'SOCIAL' });
    expect(within(linkedSection()).getByText('No linked accounts yet')).toBeInTheDocument();
    expect(within(linkedSection()).getByRole('link', { name: 'Connect Test ID' })).toBeInTheDocument();
    expect(screen.getByText('Accounts unlinked')).toBeInTheDocument();
    expect(probe.auth?.state.hasSocialLogin).toBe(false);
  });
});

describe('active sessions', () => {
  const other = aSession({ id: 'session-phone', current: false, userAgent: SAFARI_ON_IPHONE, method: 'PASSKEY', ip: '198.51.100.4', signedInAt: '2026-02-27T08:00:00.000Z', lastUsedAt: '2026-02-28T18:30:00.000Z' });

  it('names each device in plain words, this one first and marked', async () => {
    await openSecurityPage({ sessions: [other, aSession()] });
    const items = within(within(sessionsSection()).getByRole('list', { name: 'Your sessions' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chrome on LinuxThis device');
    expect(items[0]).toHaveTextContent('203.0.113.7 · Signed in with email link on Mar 1, 2026');
    expect(items[1]).toHaveTextContent('Safari on iPhone');
    expect(items[1]).not.toHaveTextContent('This device');
    expect(items[1]).toHaveTextContent('198.51.100.4 · Signed in with passkey on Feb 27, 2026');
    expect(within(items[0]!).getByRole('button', { name: 'Sign out of this device' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: /^Sign out Safari on iPhone, last used Feb 28, 2026/ })).toBeInTheDocument();
  });

  it('signs another session out and lists the rest', async () => {
    const { server, user } = await openSecurityPage({ sessions: [aSession(), other] });
    server.on('DELETE /api/auth/sessions/session-phone', () => {
      server.on('GET /api/auth/sessions', { body: { success: true, sessions: [aSession()] } });
      return { body: { success: true } };
    });
    await user.click(within(sessionsSection()).getByRole('button', { name: /^Sign out Safari on iPhone/ }));
    await elapse(0);
    expect(server.callsTo('DELETE /api/auth/sessions/session-phone')).toHaveLength(1);
    expect(within(sessionsSection()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Signed out Safari on iPhone')).toBeInTheDocument();
    expect(probe.auth?.state.isAuthenticated).toBe(true);
  });

  it('ending this device’s session signs this browser out', async () => {
    const { server, user } = await openSecurityPage({ sessions: [aSession(), other] });
    server.on('DELETE /api/auth/sessions/session-here', { body: { success: true } });
    await user.click(within(sessionsSection()).getByRole('button', { name: 'Sign out of this device' }));
    await elapse(0);
    expect(server.callsTo('DELETE /api/auth/sessions/session-here')).toHaveLength(1);
    expect(probe.auth?.state.isAuthenticated).toBe(false);
    expect(probe.path).toBe('/');
  });

  it('shows a refused sign-out as the server words it', async () => {
    const { server, user } = await openSecurityPage({ sessions: [aSession(), other] });
    server.on('DELETE /api/auth/sessions/session-phone', failure(404, 'NOT_FOUND', 'Session not found'));
    await user.click(within(sessionsSection()).getByRole('button', { name: /^Sign out Safari on iPhone/ }));
    await elapse(0);
    expect(within(sessionsSection()).getByRole('alert')).toHaveTextContent('Session not found');
  });
});
