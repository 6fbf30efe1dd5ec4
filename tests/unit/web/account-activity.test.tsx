/**
 * /profile/security/activity, the member's security timeline: loading, a failed read with Try
 * again, nothing yet, the events in the server's words with device, place (or 'Place unknown') and
 * network, failures marked, pages kept in the address; and 'This wasn't me', which asks first,
 * signs out every other device and then points to the password.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecurityEventView } from '../../../domain/auth/security-timeline';
import { SecurityActivityPage } from '../../../web/src/features/account/SecurityActivityPage';
import { elapse } from './account-fixtures';
import { aUser, failure, fakeAuthServer, probe, renderWithAuth, useFakeClock, type Reply } from './auth-fixtures';

afterEach(() => vi.useRealTimers());

function anEvent(overrides: Partial<SecurityEventView> = {}): SecurityEventView {
  return {
    id: '1',
    kind: 'signed_in',
    label: 'Signed in with your password',
    note: null,
    method: 'Password',
    device: 'Chrome on macOS',
    place: null,
    ip: '203.0.113.0/24',
    at: '2026-02-27T09:30:00.000Z',
    outcome: 'success',
    thisDevice: false,
    byAdministrator: false,
    ...overrides,
  };
}

const pageOf = (events: SecurityEventView[], extra: Partial<{ total: number; page: number; totalPages: number }> = {}): Reply => ({
  body: { success: true, events, total: events.length, page: 1, limit: 20, totalPages: events.length === 0 ? 0 : 1, ...extra },
});

async function openActivity(reply: Reply | (() => Reply | Promise<Reply>), path = '/profile/security/activity') {
  useFakeClock();
  const server = fakeAuthServer();
  server.signedIn(aUser());
  server.on('GET /api/auth/security/events', typeof reply === 'function' ? reply : () => reply);
  const view = renderWithAuth({
    path,
    routes: [
      { path: 'profile/security/activity', element: <SecurityActivityPage /> },
      { path: 'profile/security', element: <h1>Account security</h1> },
    ],
  });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { ...view, server, user };
}

const activitySection = () => screen.getByRole('region', { name: 'Recent activity' });

describe('the security activity page', () => {
  it('shows it is loading until the timeline answers', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const pending = new Promise<Reply>((resolve) => {
      answer = resolve;
    });
    await openActivity(() => pending);
    await elapse(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Security activity' })).toBeInTheDocument();
    expect(within(activitySection()).getByRole('status')).toHaveTextContent('Loading your security activity…');
    answer(pageOf([anEvent()]));
    await elapse(0);
    expect(within(activitySection()).getByRole('list', { name: 'Your security activity' })).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    await openActivity(pageOf([]));
    await elapse(0);
    expect(within(activitySection()).getByText('No security activity yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Activity pages' })).not.toBeInTheDocument();
  });

  it('lists the events in the server’s words: device, time, place or "Place unknown", the network, failures and this device marked', async () => {
    const { server } = await openActivity(
      pageOf([
        anEvent({ id: '3', kind: 'sign_in_failed', label: 'Failed sign-in attempt with your password', note: 'Wrong password', outcome: 'failure', device: 'Firefox on Windows', place: 'France', ip: '198.51.100.0/24' }),
        anEvent({ id: '2', kind: 'roles_changed', label: 'Your roles were changed by an administrator', note: 'Now: MEMBER, GRADER (before: MEMBER)', device: null, ip: null, byAdministrator: true, method: null }),
        anEvent({ id: '1', thisDevice: true, device: 'Safari on iPhone', ip: '2001:db8:85a3:8d3::/64' }),
      ]),
    );
    await elapse(0);
    const items = within(within(activitySection()).getByRole('list', { name: 'Your security activity' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Failed sign-in attempt with your password');
    expect(within(items[0]!).getByText('Failed')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Wrong password');
    expect(items[0]).toHaveTextContent('Feb 27, 2026');
    expect(items[0]).toHaveTextContent('Firefox on Windows');
    expect(items[0]).toHaveTextContent('France · network 198.51.100.0/24');
    expect(items[1]).toHaveTextContent('Your roles were changed by an administrator');
    expect(items[1]).toHaveTextContent('Now: MEMBER, GRADER (before: MEMBER)');
    expect(items[1]).toHaveTextContent('By an administrator');
    expect(items[1]).not.toHaveTextContent('network');
    expect(items[2]).toHaveTextContent('This device');
    expect(items[2]).toHaveTextContent('Place unknown · network 2001:db8:85a3:8d3::/64');
    // 'This wasn't me' is offered beside a sign-in elsewhere, not beside this device's.
    expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/auth/security/events')[0]!.query.get('page')).toBe('1');
    expect(screen.getByRole('link', { name: 'Account security' })).toHaveAttribute('href', '/profile/security');
  });

  it('pages older and newer, the page kept in the address', async () => {
    const { server, user } = await openActivity(pageOf([anEvent()], { total: 41, page: 2, totalPages: 3 }), '/profile/security/activity?page=2');
    await elapse(0);
    const pager = screen.getByRole('navigation', { name: 'Activity pages' });
    expect(pager).toHaveTextContent('Page 2 of 3');
    expect(server.callsTo('GET /api/auth/security/events').at(-1)!.query.get('page')).toBe('2');
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    await elapse(0);
    expect(probe.path).toBe('/profile/security/activity?page=3');
    expect(server.callsTo('GET /api/auth/security/events').at(-1)!.query.get('page')).toBe('3');
    await user.click(within(pager).getByRole('button', { name: 'Newer' }));
    await elapse(0);
    await user.click(within(pager).getByRole('button', { name: 'Newer' }));
    await elapse(0);
    // Back on the first page: the address carries no page.
    expect(probe.path).toBe('/profile/security/activity');
    expect(server.callsTo('GET /api/auth/security/events').at(-1)!.query.get('page')).toBe('1');
  });

  it('says what failed and tries again on request', async () => {
    let failing = true;
    const { user } = await openActivity(() => (failing ? failure(403, 'FORBIDDEN', 'You do not have permission to do this') : pageOf([anEvent()])));
    await elapse(0);
    const alert = within(activitySection()).getByRole('alert');
    expect(alert).toHaveTextContent('We could not load your security activity.');
    expect(alert).toHaveTextContent('You do not have permission to do this');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await elapse(0);
    expect(within(activitySection()).getByText('Signed in with your password')).toBeInTheDocument();
  });
});

describe("'This wasn't me'", () => {
  it('asks first, then signs out every other device and points to the password', async () => {
    const { server, user } = await openActivity(pageOf([anEvent()]));
    server.on('POST /api/auth/sessions/end-others', { body: { success: true, endedSessions: 2 } });
    await elapse(0);
    await user.click(within(activitySection()).getByRole('button', { name: /^This wasn’t me/ }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('You stay signed in here');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('POST /api/auth/sessions/end-others')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'This wasn’t me' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out everywhere else' }));
    await elapse(0);
    expect(server.callsTo('POST /api/auth/sessions/end-others')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const outcome = screen.getByText('We signed out 2 other sessions.').closest('[role="status"]')!;
    expect(outcome).toHaveTextContent('Now change your password');
    expect(within(outcome as HTMLElement).getByRole('link', { name: 'Change your password' })).toHaveAttribute('href', '/profile/security#password');
    // The timeline is read again, to show the sign-out.
    expect(server.callsTo('GET /api/auth/security/events').length).toBeGreaterThan(1);
  });

  it('keeps the dialog open with the server’s reason when it fails', async () => {
    const { server, user } = await openActivity(pageOf([]));
    server.on('POST /api/auth/sessions/end-others', failure(401, 'UNAUTHENTICATED', 'Not authenticated'));
    await elapse(0);
    await user.click(screen.getByRole('button', { name: 'This wasn’t me' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out everywhere else' }));
    await elapse(0);
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('Not authenticated');
  });
});
