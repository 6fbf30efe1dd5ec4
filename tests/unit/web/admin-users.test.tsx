/**
 * The member pages of the admin area (/admin/users, /admin/users/:id): only for users.manage
 * (ADMIN), in the navigation for them alone; the list with its search, role and status filters and
 * pages in the address, its loading, empty and failed states; a member's profile, ways in and
 * security events; roles as checkboxes with their descriptions (MEMBER kept, ADMIN not taken from
 * oneself, 'Sign in again' when the server wants a recent sign-in); status after a confirmation.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_DESCRIPTIONS } from '../../../domain/auth/roles';
import { aUser } from './auth-fixtures';
import { anEditor, fakeAdminServer, preloadAdminPages, renderAdmin, trpcError, trpcInput, trpcOk, where } from './admin-fixtures';

beforeAll(async () => {
  await preloadAdminPages();
  await Promise.all([import('../../../web/src/features/admin/users/UserListPage'), import('../../../web/src/features/admin/users/UserDetailPage')]);
}, 60_000);

const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';
const MEMBER_ID = 'b0000000-0000-4000-8000-000000000002';
const anAdmin = () => aUser({ id: ADMIN_ID, roles: ['MEMBER', 'ADMIN'], email: 'ayn@example.org', firstName: 'Ayn', lastName: 'Admin' });

const aListedUser = (overrides: Record<string, unknown> = {}) => ({
  id: MEMBER_ID,
  email: 'dagny@example.org',
  emailVerified: true,
  firstName: 'Dagny',
  lastName: 'Taggart',
  roles: ['MEMBER', 'TEACHER'],
  isActive: true,
  lastLoginAt: '2026-02-20T10:00:00.000Z',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-02-20T10:00:00.000Z',
  ...overrides,
});

const page = (users: unknown[], extra: Record<string, number> = {}) => ({ users, total: users.length, page: 1, limit: 20, totalPages: users.length === 0 ? 0 : 1, ...extra });

const aRecord = (user: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  user: { ...aListedUser(user), phoneNumber: null, country: 'US', language: 'en', birthYear: 1980, marketingOptIn: false, weeklyDigestOptIn: true },
  signInMethods: { methods: ['PASSWORD', 'PASSKEY', 'MAGIC_LINK'], preferred: 'PASSWORD', passkeys: 2, linkedAccounts: [] },
  activeSessions: 3,
  adminByConfiguration: false,
  ...extra,
});

const eventsPage = (events: unknown[] = [], extra: Record<string, number> = {}) => ({ events, total: events.length, page: 1, limit: 10, totalPages: events.length === 0 ? 0 : 1, ...extra });
const anEvent = (overrides: Record<string, unknown> = {}) => ({
  id: '1',
  kind: 'signed_in',
  label: 'Signed in with your password',
  note: null,
  method: 'Password',
  device: 'Chrome on macOS',
  place: null,
  ip: '203.0.113.0/24',
  at: '2026-02-20T10:00:00.000Z',
  outcome: 'success',
  thisDevice: false,
  byAdministrator: false,
  ...overrides,
});

function memberServer(record = aRecord(), events = eventsPage([anEvent()])) {
  const server = fakeAdminServer(anAdmin());
  server.on('GET /trpc/adminUsers.byId', trpcOk(record));
  server.on('GET /trpc/adminUsers.securityEvents', trpcOk(events));
  return server;
}

describe('who sees the member pages', { timeout: 30_000 }, () => {
  it('gives administrators the Members link, and tells a content editor they are not allowed without asking the server', async () => {
    const server = fakeAdminServer(anEditor());
    renderAdmin('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText(/Only administrators manage members/)).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).queryByRole('link', { name: 'Members' })).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.startsWith('/trpc/adminUsers'))).toEqual([]);
  });
});

describe('the members list (/admin/users)', { timeout: 30_000 }, () => {
  it('lists members with roles, status and dates; search and filters go to the server and the address', async () => {
    const server = fakeAdminServer(anAdmin());
    server.on('GET /trpc/adminUsers.list', trpcOk(page([aListedUser(), aListedUser({ id: 'c1', email: 'nameless@example.org', firstName: null, lastName: null, roles: ['MEMBER'], isActive: false, lastLoginAt: null })], { total: 42, page: 2, totalPages: 3 })));
    const user = userEvent.setup();
    renderAdmin('/admin/users?role=TEACHER&q=dag&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/admin/users');
    expect(await screen.findByRole('link', { name: 'Dagny Taggart' })).toHaveAttribute('href', `/admin/users/${MEMBER_ID}`);
    // A member without a name is named by their address.
    expect(screen.getByRole('link', { name: 'nameless@example.org' })).toHaveAttribute('href', '/admin/users/c1');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Teacher');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('Member');
    expect(rows[1]).toHaveTextContent('Deactivated');
    expect(rows[1]).toHaveTextContent('Never');
    expect(screen.getByText('42 members')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(trpcInput(server.callsTo('GET /trpc/adminUsers.list')[0]!)).toEqual({ search: 'dag', filter: { role: 'TEACHER' }, page: 2, limit: 20 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'false');
    await waitFor(() => expect(where.path).toBe('/admin/users?role=TEACHER&q=dag&active=false'));
    await waitFor(() => expect(trpcInput(server.callsTo('GET /trpc/adminUsers.list').at(-1)!)).toEqual({ search: 'dag', filter: { role: 'TEACHER', isActive: false }, page: 1, limit: 20 }));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(where.path).toBe('/admin/users?role=TEACHER&q=dag&active=false&page=3'));
  });

  it('says when there are no members, and when none match', async () => {
    const server = fakeAdminServer(anAdmin());
    server.on('GET /trpc/adminUsers.list', trpcOk(page([])));
    const first = renderAdmin('/admin/users');
    expect(await screen.findByText('No members yet.')).toBeInTheDocument();
    first.unmount();
    renderAdmin('/admin/users?q=nobody');
    expect(await screen.findByText('No member matches these filters.')).toBeInTheDocument();
  });

  it('shows it is loading, then a failure with the server’s words and Try again', async () => {
    const server = fakeAdminServer(anAdmin());
    let answer: (() => void) | null = null;
    let failing = true;
    server.on('GET /trpc/adminUsers.list', () =>
      failing
        ? new Promise((resolve) => {
            answer = () => resolve(trpcError(403, 'FORBIDDEN', 'FORBIDDEN', 'You do not have permission to do this'));
          })
        : trpcOk(page([aListedUser()])),
    );
    const user = userEvent.setup();
    renderAdmin('/admin/users');
    expect(await screen.findByText('Loading members…')).toBeInTheDocument();
    await waitFor(() => expect(answer).not.toBeNull());
    answer!();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the members. You do not have permission to do this');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Dagny Taggart' })).toBeInTheDocument();
  });
});

describe('a member (/admin/users/:id)', { timeout: 30_000 }, () => {
  it('shows the profile, ways in, sessions and recent security events', async () => {
    memberServer(aRecord(), eventsPage([anEvent(), anEvent({ id: '2', kind: 'sign_in_failed', label: 'Failed sign-in attempt with your password', note: 'Wrong password', outcome: 'failure', place: 'France' })]));
    renderAdmin(`/admin/users/${MEMBER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dagny Taggart' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(profile).toHaveTextContent('dagny@example.org (verified)');
    expect(profile).toHaveTextContent('Birth year1980');
    const signIn = screen.getByRole('region', { name: 'Sign-in' });
    expect(within(signIn).getByRole('list', { name: 'Sign-in methods' })).toHaveTextContent('PasswordPreferred');
    expect(signIn).toHaveTextContent('Passkey (2)');
    expect(signIn).toHaveTextContent('3 active sessions');
    const events = await screen.findByRole('list', { name: 'Security events' });
    expect(events).toHaveTextContent('Signed in with your password');
    expect(events).toHaveTextContent('Chrome on macOS · Place unknown · network 203.0.113.0/24');
    expect(events).toHaveTextContent('Failed sign-in attempt with your password (failed)');
    expect(events).toHaveTextContent('France');
  });

  it('says when there is no such member', async () => {
    const server = fakeAdminServer(anAdmin());
    server.on('GET /trpc/adminUsers.byId', trpcError(404, 'NOT_FOUND', 'NOT_FOUND', 'User not found'));
    renderAdmin('/admin/users/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Member not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the members' })).toHaveAttribute('href', '/admin/users');
  });

  it('edits roles as checkboxes with their descriptions, MEMBER kept, and saves the whole list', async () => {
    const server = memberServer();
    server.on('POST /trpc/adminUsers.setRoles', (call) => {
      const input = call.body as { roles: string[] };
      server.on('GET /trpc/adminUsers.byId', trpcOk(aRecord({ roles: input.roles })));
      return trpcOk({ user: aListedUser({ roles: input.roles }) });
    });
    const user = userEvent.setup();
    renderAdmin(`/admin/users/${MEMBER_ID}`);
    const roles = await screen.findByRole('region', { name: 'Roles' });
    const member = within(roles).getByRole('checkbox', { name: 'Member' });
    expect(member).toBeChecked();
    expect(member).toBeDisabled();
    expect(member).toHaveAccessibleDescription(ROLE_DESCRIPTIONS.MEMBER);
    expect(within(roles).getByRole('checkbox', { name: 'Teacher' })).toBeChecked();
    const grader = within(roles).getByRole('checkbox', { name: 'Grader' });
    expect(grader).toHaveAccessibleDescription(ROLE_DESCRIPTIONS.GRADER);
    const save = within(roles).getByRole('button', { name: 'Save roles' });
    expect(save).toBeDisabled();

    await user.click(grader);
    await user.click(within(roles).getByRole('checkbox', { name: 'Teacher' }));
    await user.click(save);
    await waitFor(() => expect(server.callsTo('POST /trpc/adminUsers.setRoles')).toHaveLength(1));
    expect(trpcInput(server.callsTo('POST /trpc/adminUsers.setRoles')[0]!)).toEqual({ id: MEMBER_ID, roles: ['MEMBER', 'GRADER'] });
    expect(await screen.findByText('Roles of Dagny Taggart saved')).toBeInTheDocument();
    await waitFor(() => expect(within(roles).getByRole('button', { name: 'Save roles' })).toBeDisabled());
  });

  it('never lets an administrator untick their own ADMIN, nor deactivate themselves', async () => {
    memberServer(aRecord({ id: ADMIN_ID, roles: ['MEMBER', 'ADMIN'], firstName: 'Ayn', lastName: 'Admin', email: 'ayn@example.org' }));
    renderAdmin(`/admin/users/${ADMIN_ID}`);
    const roles = await screen.findByRole('region', { name: 'Roles' });
    const admin = within(roles).getByRole('checkbox', { name: 'Administrator' });
    expect(admin).toBeChecked();
    expect(admin).toBeDisabled();
    expect(admin).toHaveAccessibleDescription(`${ROLE_DESCRIPTIONS.ADMIN} You cannot take it from yourself.`);
    const status = screen.getByRole('region', { name: 'Status' });
    expect(status).toHaveTextContent('You cannot deactivate your own account.');
    expect(within(status).queryByRole('button')).not.toBeInTheDocument();
  });

  it('warns before ADMIN is taken from an address in ADMIN_EMAILS, which brings it back', async () => {
    memberServer(aRecord({ roles: ['MEMBER', 'ADMIN'] }, { adminByConfiguration: true }));
    const user = userEvent.setup();
    renderAdmin(`/admin/users/${MEMBER_ID}`);
    const roles = await screen.findByRole('region', { name: 'Roles' });
    expect(within(roles).queryByRole('note')).not.toBeInTheDocument();
    await user.click(within(roles).getByRole('checkbox', { name: 'Administrator' }));
    expect(within(roles).getByRole('note')).toHaveTextContent('This address is in ADMIN_EMAILS: the member gets ADMIN back at their next sign-in');
    await user.click(within(roles).getByRole('button', { name: 'Undo changes' }));
    expect(within(roles).queryByRole('note')).not.toBeInTheDocument();
    expect(within(roles).getByRole('checkbox', { name: 'Administrator' })).toBeChecked();
  });

  it('offers Sign in again when the server wants a recent sign-in to grant ADMIN', async () => {
    const server = memberServer(aRecord({ roles: ['MEMBER'] }));
    server.on('POST /trpc/adminUsers.setRoles', trpcError(403, 'FORBIDDEN', 'REAUTHENTICATION_REQUIRED', 'Please confirm it is you: re-authenticate to continue.'));
    const user = userEvent.setup();
    renderAdmin(`/admin/users/${MEMBER_ID}`);
    const roles = await screen.findByRole('region', { name: 'Roles' });
    await user.click(within(roles).getByRole('checkbox', { name: 'Administrator' }));
    await user.click(within(roles).getByRole('button', { name: 'Save roles' }));
    const alert = await within(roles).findByRole('alert');
    expect(alert).toHaveTextContent('Please confirm it is you: re-authenticate to continue.');
    expect(alert).toHaveTextContent('Granting ADMIN needs a sign-in within the last 10 minutes.');
    await user.click(within(alert).getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(where.path).toBe(`/login?redirect=${encodeURIComponent(`/admin/users/${MEMBER_ID}`)}`));
  });

  it('deactivates after a confirmation that says the member is signed out everywhere', async () => {
    const server = memberServer();
    server.on('POST /trpc/adminUsers.setStatus', () => {
      server.on('GET /trpc/adminUsers.byId', trpcOk(aRecord({ isActive: false }, { activeSessions: 0 })));
      return trpcOk({ user: aListedUser({ isActive: false }) });
    });
    const user = userEvent.setup();
    renderAdmin(`/admin/users/${MEMBER_ID}`);
    const status = await screen.findByRole('region', { name: 'Status' });
    await user.click(within(status).getByRole('button', { name: 'Deactivate account' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Dagny Taggart?' });
    expect(dialog).toHaveTextContent('They are signed out everywhere at once (3 active sessions)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('POST /trpc/adminUsers.setStatus')).toHaveLength(0);

    await user.click(within(status).getByRole('button', { name: 'Deactivate account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(server.callsTo('POST /trpc/adminUsers.setStatus')).toHaveLength(1));
    expect(trpcInput(server.callsTo('POST /trpc/adminUsers.setStatus')[0]!)).toEqual({ id: MEMBER_ID, isActive: false });
    expect(await screen.findByText('Dagny Taggart was deactivated')).toBeInTheDocument();
    expect(await within(status).findByRole('button', { name: 'Reactivate account' })).toBeInTheDocument();
    expect(status).toHaveTextContent('This member cannot sign in.');
  });
});
