/**
 * Managing members against a real server (GET /api/admin/users, GET /api/admin/users/{id},
 * GET /api/admin/users/{id}/security-events, PUT /api/admin/users/{id}/roles and /status): 401
 * before any validation, 403 without users.manage, the list envelope with search, filters and
 * paging bounds, roles as a whole list with MEMBER kept and unknown roles named, no self-demotion
 * or self-deactivation, deactivation ending every session at once, and the audit rows and the
 * member's timeline entries each change leaves.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/server';

const clock = testClock(new Date('2026-07-01T09:00:00Z'));
const PASSWORD = 'Galt-Gulch-Motor-1957';
const VALID_ROLES = 'Valid roles: MEMBER, TEACHER, STUDENT, GRADER, CONTENT_EDITOR, PROGRAM_ADMIN, CONTEST_ADMIN, ADMIN';
const MINUTE = 60_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PASSWORD_POINTS: '1000', RATE_LIMIT_PASSWORD_IP_POINTS: '1000' }, { overrides: { clock } });
});
afterAll(async () => server.close());

const db = () => server.services.database.db;

interface Member {
  api: ApiClient;
  id: string;
  email: string;
}

/** A member registered with a password (a fresh session), with the roles given set in the database. */
async function member(fields: { firstName?: string; lastName?: string; roles?: string[]; tag?: string } = {}): Promise<Member> {
  const api = new ApiClient(server.url, { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' });
  const email = `${fields.tag ?? 'm'}.${randomUUID().slice(0, 8)}@example.org`;
  const res = await api.post('/api/auth/register', { email, password: PASSWORD, firstName: fields.firstName ?? 'Test', lastName: fields.lastName ?? 'Member' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  if (fields.roles) await db().updateTable('users').set({ roles: ['MEMBER', ...fields.roles] }).where('email', '=', email).execute();
  return { api, id: res.json.user.id as string, email };
}

const admin = () => member({ roles: ['ADMIN'], tag: 'admin' });
const put = (api: ApiClient, path: string, body: unknown) => api.put(path, body);
const auditOf = (userId: string, action: string) => db().selectFrom('audit_events').selectAll().where('user_id', '=', userId).where('action', '=', action).orderBy('id').execute();

describe('who may call', () => {
  const calls = (id: string): Array<[string, string, unknown?]> => [
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users?limit=abc&filter[role]=NOPE'],
    ['GET', `/api/admin/users/${id}`],
    ['GET', `/api/admin/users/${id}/security-events?page=0`],
    ['PUT', `/api/admin/users/${id}/roles`, { roles: 'not a list' }],
    ['PUT', `/api/admin/users/${id}/roles`, { roles: ['GRADER'] }],
    ['PUT', `/api/admin/users/${id}/status`, {}],
    ['PUT', `/api/admin/users/${id}/status`, { isActive: false }],
  ];

  it('answers 401 to a caller without a session, whatever the input', async () => {
    const target = await member();
    const anonymous = new ApiClient(server.url);
    for (const [method, path, body] of calls(target.id)) {
      const res = await anonymous.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json, `${method} ${path}`).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: 'Not authenticated' });
    }
    expect((await anonymous.get('/trpc/adminUsers.list')).status).toBe(401);
    expect((await db().selectFrom('users').select('is_active').where('id', '=', target.id).executeTakeFirstOrThrow()).is_active).toBe(true);
  });

  it('answers 403 to members without users.manage (content editors and programme admins included) and changes nothing', async () => {
    const target = await member();
    for (const roles of [[], ['CONTENT_EDITOR'], ['PROGRAM_ADMIN', 'CONTEST_ADMIN', 'GRADER']]) {
      const caller = await member({ roles });
      const wellFormed: Array<[string, string, unknown?]> = [
        ['GET', '/api/admin/users'],
        ['GET', `/api/admin/users/${target.id}`],
        ['GET', `/api/admin/users/${target.id}/security-events`],
        ['PUT', `/api/admin/users/${target.id}/roles`, { roles: ['ADMIN'] }],
        ['PUT', `/api/admin/users/${target.id}/status`, { isActive: false }],
      ];
      for (const [method, path, body] of wellFormed) {
        const res = await caller.api.request(method, path, body);
        expect(res.status, `${roles.join('+')} ${method} ${path}`).toBe(403);
        expect(res.json).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
    }
    const stored = await db().selectFrom('users').select(['roles', 'is_active']).where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ roles: ['MEMBER'], is_active: true });
  });
});

describe('the list', () => {
  it('answers the paged envelope, newest first, never a password hash', async () => {
    const boss = await admin();
    const tag = `env${randomUUID().slice(0, 6)}`;
    const made = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(MINUTE);
      made.push(await member({ tag, firstName: `Hank${i}` }));
    }
    const res = await boss.api.get(`/api/admin/users?search=${tag}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['limit', 'page', 'success', 'total', 'totalPages', 'users']);
    expect(res.json).toMatchObject({ success: true, total: 3, page: 1, limit: 20, totalPages: 1 });
    expect(res.json.users.map((u: { id: string }) => u.id)).toEqual(made.map((m) => m.id).reverse());
    expect(res.json.users[0]).toEqual({
      id: made[2]!.id,
      email: made[2]!.email,
      emailVerified: false,
      firstName: 'Hank2',
      lastName: 'Member',
      roles: ['MEMBER'],
      isActive: true,
      lastLoginAt: expect.any(String),
      createdAt: clock.now().toISOString(),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(res.json)).not.toMatch(/passwordHash|password_hash|\$scrypt|\$argon/);
  });

  it('searches by part of the address or the name, in any case', async () => {
    const boss = await admin();
    const tag = `srch${randomUUID().slice(0, 6)}`;
    const ellis = await member({ tag, firstName: 'Ellis', lastName: `Wyatt${tag}` });
    const ragnar = await member({ tag, firstName: 'Ragnar', lastName: `Danneskjold${tag}` });
    const ids = async (query: string) => (await boss.api.get(`/api/admin/users?${query}`)).json.users.map((u: { id: string }) => u.id);
    expect(await ids(`search=${encodeURIComponent(ellis.email.toUpperCase())}`)).toEqual([ellis.id]);
    expect(await ids(`search=${encodeURIComponent(`danneskjold${tag}`.toUpperCase())}`)).toEqual([ragnar.id]);
    expect(await ids(`search=${encodeURIComponent(`Ellis Wyatt${tag}`)}`)).toEqual([ellis.id]);
    // Created at the same instant of the test clock: their order is the id's, so compare as sets.
    expect((await ids(`search=${tag}`)).sort()).toEqual([ragnar.id, ellis.id].sort());
    expect(await ids(`search=${encodeURIComponent('%')}${tag}`)).toEqual([]);
  });

  it('filters by role and by active, with the search; ALL and empty filters are ignored', async () => {
    const boss = await admin();
    const tag = `flt${randomUUID().slice(0, 6)}`;
    const grader = await member({ tag, roles: ['GRADER'] });
    const teacher = await member({ tag, roles: ['TEACHER'] });
    const gone = await member({ tag, roles: ['GRADER'] });
    await db().updateTable('users').set({ is_active: false }).where('id', '=', gone.id).execute();
    const ids = async (query: string) => {
      const res = await boss.api.get(`/api/admin/users?search=${tag}&${query}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.users.map((u: { id: string }) => u.id).sort();
    };
    expect(await ids('filter[role]=GRADER')).toEqual([grader.id, gone.id].sort());
    expect(await ids('filter[role]=GRADER&filter[isActive]=true')).toEqual([grader.id]);
    expect(await ids('filter[isActive]=false')).toEqual([gone.id]);
    expect(await ids('filter[role]=TEACHER')).toEqual([teacher.id]);
    expect(await ids('filter[role]=ALL&filter[isActive]=')).toHaveLength(3);
    const trpc = await boss.api.get(`/trpc/adminUsers.list?input=${encodeURIComponent(JSON.stringify({ search: tag, filter: { role: 'TEACHER' } }))}`);
    expect(trpc.json.result.data.users.map((u: { id: string }) => u.id)).toEqual([teacher.id]);
  });

  it('pages within bounds: limit 1 to 100, page from 1, an empty page past the end', async () => {
    const boss = await admin();
    const tag = `pg${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 5; i++) await member({ tag });
    const page = async (query: string) => (await boss.api.get(`/api/admin/users?search=${tag}&${query}`)).json;
    expect(await page('limit=2')).toMatchObject({ total: 5, page: 1, limit: 2, totalPages: 3 });
    expect((await page('limit=2&page=3')).users).toHaveLength(1);
    expect(await page('limit=2&page=4')).toMatchObject({ users: [], total: 5, page: 4, totalPages: 3 });
    const seen = [...(await page('limit=2&page=1')).users, ...(await page('limit=2&page=2')).users, ...(await page('limit=2&page=3')).users].map((u: { id: string }) => u.id);
    expect(new Set(seen).size).toBe(5);
    for (const [query, message] of [
      ['limit=0', 'Limit must be a whole number from 1 to 100'],
      ['limit=101', 'Limit must be a whole number from 1 to 100'],
      ['page=0', 'Page must be a whole number from 1'],
      ['page=x', 'Page must be a whole number from 1'],
      ['filter[role]=OWNER', 'Role filter must be one of MEMBER, TEACHER, STUDENT, GRADER, CONTENT_EDITOR, PROGRAM_ADMIN, CONTEST_ADMIN, ADMIN'],
      ['filter[isActive]=maybe', 'isActive filter must be true or false'],
      ['filter[colour]=red', 'Unknown filter: colour'],
      ['search=ada%00lovelace', 'Search must not contain control characters'],
      [`search=${'a'.repeat(201)}`, 'Search must be at most 200 characters'],
    ]) {
      const res = await boss.api.get(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.errors.map((e: { message: string }) => e.message), query).toContain(message);
    }
  });
});

describe('one member', () => {
  it('answers the profile, roles, status, ways in and active sessions', async () => {
    const boss = await admin();
    const target = await member({ firstName: 'Dagny', lastName: 'Taggart', roles: ['TEACHER'] });
    await new ApiClient(server.url).post('/api/auth/login', { email: target.email, password: PASSWORD });
    const res = await boss.api.get(`/api/admin/users/${target.id}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      user: { id: target.id, email: target.email, firstName: 'Dagny', lastName: 'Taggart', roles: ['MEMBER', 'TEACHER'], isActive: true, language: 'en', phoneNumber: null },
      signInMethods: { methods: ['PASSWORD', 'MAGIC_LINK'], preferred: 'PASSWORD', passkeys: 0, linkedAccounts: [] },
      activeSessions: 2,
      adminByConfiguration: false,
    });
    expect(JSON.stringify(res.json)).not.toMatch(/passwordHash|\$scrypt|\$argon/);
  });

  it('answers 404 for a member that does not exist, whatever the id looks like', async () => {
    const boss = await admin();
    for (const id of [randomUUID(), 'not-a-uuid', encodeURIComponent('nul\u0000byte')]) {
      const res = await boss.api.get(`/api/admin/users/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.json).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'User not found' });
      expect((await boss.api.put(`/api/admin/users/${id}/roles`, { roles: ['GRADER'] })).status).toBe(404);
      expect((await boss.api.put(`/api/admin/users/${id}/status`, { isActive: false })).status).toBe(404);
    }
  });

  it("pages the member's security events as they see them", async () => {
    const boss = await admin();
    const target = await member();
    await new ApiClient(server.url).post('/api/auth/login', { email: target.email, password: 'Wrong-Password-1' });
    const res = await boss.api.get(`/api/admin/users/${target.id}/security-events?limit=1`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ total: 2, page: 1, limit: 1, totalPages: 2, events: [{ kind: 'sign_in_failed', note: 'Wrong password', thisDevice: false }] });
  });
});

describe('roles', () => {
  it('sets the whole list, keeps MEMBER, and takes effect on the member’s next request', async () => {
    const boss = await admin();
    const target = await member({ roles: ['TEACHER'] });
    const res = await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: ['GRADER', 'CONTENT_EDITOR', 'GRADER'] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.user.roles).toEqual(['MEMBER', 'GRADER', 'CONTENT_EDITOR']);
    expect((await target.api.get('/api/auth/me')).json.user.roles).toEqual(['MEMBER', 'GRADER', 'CONTENT_EDITOR']);
    expect((await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: [] })).json.user.roles).toEqual(['MEMBER']);
    expect((await target.api.get('/api/auth/me')).json.user.roles).toEqual(['MEMBER']);
  });

  it('refuses an unknown role with 400 naming the valid ones, and a body that is not a list', async () => {
    const boss = await admin();
    const target = await member();
    const unknown = await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: ['GRADER', 'SUPERUSER'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: [{ path: 'roles', message: `Unknown role: SUPERUSER. ${VALID_ROLES}` }] });
    const two = await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: ['admin', 'OWNER'] });
    expect(two.json.errors[0].message).toBe(`Unknown roles: admin, OWNER. ${VALID_ROLES}`);
    expect((await put(boss.api, `/api/admin/users/${target.id}/roles`, {})).json.errors[0]).toEqual({ path: 'roles', message: 'Roles are required' });
    expect((await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: 'GRADER' })).json.errors[0]).toEqual({ path: 'roles', message: 'Roles must be a list of role names' });
    expect((await db().selectFrom('users').select('roles').where('id', '=', target.id).executeTakeFirstOrThrow()).roles).toEqual(['MEMBER']);
  });

  it('records each change with who made it, before and after, and shows it in the member’s timeline; an unchanged list records nothing', async () => {
    const boss = await admin();
    const target = await member();
    await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: ['GRADER'] });
    await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: ['MEMBER', 'GRADER'] });
    const rows = await auditOf(target.id, 'user.roles_changed');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'success', email: target.email, detail: { actorId: boss.id, before: ['MEMBER'], after: ['MEMBER', 'GRADER'], actorSessionId: expect.any(String) } });

    const [latest] = (await target.api.get('/api/auth/security/events')).json.events;
    expect(latest).toMatchObject({ kind: 'roles_changed', label: 'Your roles were changed by an administrator', note: 'Now: MEMBER, GRADER (before: MEMBER)', byAdministrator: true, device: null, ip: null, place: null, thisDevice: false });
  });

  it('lets an administrator grant ADMIN to another member, who may then manage members', async () => {
    const boss = await admin();
    const target = await member();
    expect((await target.api.get('/api/admin/users')).status).toBe(403);
    const res = await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: ['ADMIN'] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await target.api.get('/api/admin/users')).status).toBe(200);
    // And take it back from them: they lose it at once.
    expect((await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: ['MEMBER'] })).status).toBe(200);
    expect((await target.api.get('/api/admin/users')).status).toBe(403);
  });

  it('refuses an administrator taking ADMIN from themselves, and allows their other changes', async () => {
    const boss = await admin();
    const res = await put(boss.api, `/api/admin/users/${boss.id}/roles`, { roles: ['MEMBER', 'GRADER'] });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ success: false, code: 'CANNOT_REMOVE_OWN_ADMIN', message: 'You cannot take the ADMIN role from yourself. Ask another administrator to do it.' });
    expect((await db().selectFrom('users').select('roles').where('id', '=', boss.id).executeTakeFirstOrThrow()).roles).toEqual(['MEMBER', 'ADMIN']);
    const own = await put(boss.api, `/api/admin/users/${boss.id}/roles`, { roles: ['ADMIN', 'GRADER'] });
    expect(own.json.user.roles).toEqual(['MEMBER', 'GRADER', 'ADMIN']);
  });

  it('asks for a recent sign-in before granting ADMIN, not for other roles', async () => {
    const boss = await admin();
    const target = await member();
    clock.advance(11 * MINUTE);
    // The access token has expired on the product clock; the refresh keeps the session (and its sign-in time).
    expect((await boss.api.post('/api/auth/refresh')).status).toBe(200);
    const refused = await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: ['ADMIN'] });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('REAUTHENTICATION_REQUIRED');
    expect((await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: ['GRADER'] })).status).toBe(200);
    expect((await boss.api.post('/api/auth/reauthenticate', { method: 'PASSWORD', password: PASSWORD })).status).toBe(200);
    expect((await put(boss.api, `/api/admin/users/${target.id}/roles`, { roles: ['ADMIN'] })).json.user.roles).toEqual(['MEMBER', 'ADMIN']);
  });
});

describe('status', () => {
  it('deactivating ends every session at once: cookies, bearer tokens and refresh; sign-in is refused', async () => {
    const boss = await admin();
    const target = await member();
    const bearer = await new ApiClient(server.url).post('/api/auth/login', { email: target.email, password: PASSWORD }, { 'x-auth-transport': 'bearer' });
    const asBearer = { authorization: `Bearer ${bearer.json.accessToken as string}` };
    expect((await target.api.get('/api/auth/me')).status).toBe(200);

    const res = await put(boss.api, `/api/admin/users/${target.id}/status`, { isActive: false });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.user.isActive).toBe(false);

    expect((await target.api.get('/api/auth/me')).status).toBe(401);
    expect((await new ApiClient(server.url).get('/api/auth/me', asBearer)).status).toBe(401);
    expect((await target.api.post('/api/auth/refresh')).status).toBe(401);
    const live = await db().selectFrom('sessions').select('id').where('user_id', '=', target.id).where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);
    const again = await new ApiClient(server.url).post('/api/auth/login', { email: target.email, password: PASSWORD });
    expect(again.status).toBe(403);
    expect(again.json.code).toBe('ACCOUNT_INACTIVE');

    const [row] = await auditOf(target.id, 'user.status_changed');
    expect(row).toMatchObject({ outcome: 'success', detail: { actorId: boss.id, before: true, after: false, sessionsEnded: 2 } });
  });

  it('reactivating lets the member sign in again; their timeline shows both changes', async () => {
    const boss = await admin();
    const target = await member();
    await put(boss.api, `/api/admin/users/${target.id}/status`, { isActive: false });
    const res = await put(boss.api, `/api/admin/users/${target.id}/status`, { isActive: true });
    expect(res.json.user.isActive).toBe(true);
    const back = new ApiClient(server.url);
    expect((await back.post('/api/auth/login', { email: target.email, password: PASSWORD })).status).toBe(200);
    const labels = (await back.get('/api/auth/security/events')).json.events.map((e: { label: string }) => e.label);
    expect(labels.slice(0, 3)).toEqual(['Signed in with your password', 'Your account was reactivated by an administrator', 'Your account was deactivated by an administrator']);
    expect(await auditOf(target.id, 'user.status_changed')).toHaveLength(2);
    // The same status again changes and records nothing.
    await put(boss.api, `/api/admin/users/${target.id}/status`, { isActive: true });
    expect(await auditOf(target.id, 'user.status_changed')).toHaveLength(2);
  });

  it('refuses an administrator deactivating themselves, and a body without isActive', async () => {
    const boss = await admin();
    const res = await put(boss.api, `/api/admin/users/${boss.id}/status`, { isActive: false });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'CANNOT_DEACTIVATE_SELF', message: 'You cannot deactivate your own account. Ask another administrator to do it.' });
    expect((await boss.api.get('/api/auth/me')).status).toBe(200);
    for (const body of [{}, { isActive: 'false' }, { isActive: null }]) {
      const bad = await put(boss.api, `/api/admin/users/${boss.id}/status`, body);
      expect(bad.status).toBe(400);
      expect(bad.json.errors).toEqual([{ path: 'isActive', message: 'isActive must be true or false' }]);
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists the five routes', async () => {
    const paths = (await new ApiClient(server.url).get('/api/openapi.json')).json.paths;
    expect(Object.keys(paths['/api/admin/users'])).toEqual(['get']);
    expect(Object.keys(paths['/api/admin/users/{id}'])).toEqual(['get']);
    expect(Object.keys(paths['/api/admin/users/{id}/security-events'])).toEqual(['get']);
    expect(Object.keys(paths['/api/admin/users/{id}/roles'])).toEqual(['put']);
    expect(Object.keys(paths['/api/admin/users/{id}/status'])).toEqual(['put']);
    expect(Object.keys(paths['/api/auth/security/events'])).toEqual(['get']);
    expect(Object.keys(paths['/api/auth/sessions/end-others'])).toEqual(['post']);
  });
});
