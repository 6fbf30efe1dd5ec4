/**
 * What the session check costs and that it stays exact (issue 11): `GET /api/auth/me` over HTTP
 * against a real server answers with one key-value read (one Redis command when TEST_REDIS_URL is
 * set) and one database statement, the throttled touch included, while logout, revocation,
 * deactivation, expiry and a new passkey show on the very next request.
 *
 * The count is taken at the drivers: every statement sent through `pg` or PGlite in this process,
 * every command of the server's Redis client and every call on its key-value store, so a query
 * added anywhere on the path (middleware, a second repository read, a transaction's BEGIN) shows.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock';
import { signedIn } from '../support/members';
import { startTestServer, type TestServer } from '../support/server';

const clock = testClock(new Date('2026-06-01T09:00:00Z'));
let server: TestServer;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

interface Counted {
  statements: string[];
  redisCommands: string[];
  kvCalls: string[];
}

let counted: Counted | null = null;
const restore: (() => void)[] = [];

function wrapMethod<T extends object>(target: T, name: string, record: (args: unknown[]) => void) {
  const holder = target as Record<string, unknown>;
  const original = holder[name] as (...args: unknown[]) => unknown;
  const own = Object.prototype.hasOwnProperty.call(target, name);
  holder[name] = function (this: unknown, ...args: unknown[]) {
    record(args);
    return original.apply(this, args);
  };
  restore.push(() => {
    if (own) holder[name] = original;
    else delete holder[name];
  });
}

const sqlOf = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: unknown } | undefined)?.text ?? args[0]));

beforeAll(async () => {
  server = await startTestServer({}, { overrides: { clock } });
  wrapMethod(pg.Client.prototype, 'query', (args) => counted?.statements.push(sqlOf(args)));
  wrapMethod(PGlite.prototype, 'query', (args) => counted?.statements.push(sqlOf(args)));
  wrapMethod(PGlite.prototype, 'exec', (args) => counted?.statements.push(sqlOf(args)));
  const redis = server.services.redis;
  if (redis) wrapMethod(redis, 'sendCommand', (args) => counted?.redisCommands.push(String((args[0] as { name?: unknown }).name)));
  const kv = server.services.kv as unknown as Record<string, unknown>;
  for (const name of Object.keys(kv)) if (typeof kv[name] === 'function') wrapMethod(kv, name, () => counted?.kvCalls.push(name));
});
afterAll(async () => {
  for (const undo of restore.reverse()) undo();
  await server?.close();
});
afterEach(() => {
  counted = null;
});

/** Runs `fn` and answers what it sent to the database and the key-value store. */
async function count<T>(fn: () => Promise<T>): Promise<Counted & { result: T }> {
  counted = { statements: [], redisCommands: [], kvCalls: [] };
  try {
    const result = await fn();
    return { ...counted, result };
  } finally {
    counted = null;
  }
}

const db = () => server.services.database.db;
const sessionOf = (userId: string) => db().selectFrom('sessions').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

describe('the session check costs one key-value read and one database statement', () => {
  it('when the last use is recent, and when it is recorded in the same statement', async () => {
    const member = await signedIn(server);
    const signedInAt = (await sessionOf(member.userId)).last_used_at.getTime();

    clock.advance(10 * SECOND);
    const recent = await count(() => member.get('/api/auth/me'));
    expect(recent.result.status).toBe(200);
    expect(recent.result.json.user).toMatchObject({ id: member.userId, email: member.email, hasPassword: true, hasPasskey: false, hasSocialLogin: false });
    expect(recent.statements, recent.statements.join('\n')).toHaveLength(1);
    expect(recent.kvCalls).toEqual(['get']);
    if (server.services.redis) expect(recent.redisCommands).toEqual(['get']);
    expect((await sessionOf(member.userId)).last_used_at.getTime()).toBe(signedInAt);

    clock.advance(MINUTE);
    const due = await count(() => member.get('/api/auth/me'));
    expect(due.result.status).toBe(200);
    expect(due.statements, due.statements.join('\n')).toHaveLength(1);
    expect(due.kvCalls).toEqual(['get']);
    if (server.services.redis) expect(due.redisCommands).toEqual(['get']);
    const touched = await sessionOf(member.userId);
    expect(touched.last_used_at.getTime()).toBe(signedInAt + 70 * SECOND);
    expect(touched.expires_at.getTime()).toBe(signedInAt + 70 * SECOND + 7 * 24 * 3600 * SECOND);
  });

  it('on auth-status as well', async () => {
    const member = await signedIn(server);
    const status = await count(() => member.get('/api/auth/auth-status'));
    expect(status.result.json).toMatchObject({ authenticated: true, user: { id: member.userId } });
    expect(status.statements, status.statements.join('\n')).toHaveLength(1);
    expect(status.kvCalls).toEqual(['get']);
  });

  it('and an unknown token costs one key-value read and nothing in the database', async () => {
    const stranger = await count(() => fetch(`${server.url}/api/auth/me`, { headers: { cookie: `olp_access=${randomBytes(32).toString('base64url')}` } }));
    expect(stranger.result.status).toBe(401);
    expect(stranger.statements).toEqual([]);
    expect(stranger.kvCalls).toEqual(['get']);
  });
});

describe('the session check stays exact', () => {
  it('logout ends the session on the next request', async () => {
    const member = await signedIn(server);
    const access = member.cookies.get('olp_access')!;
    expect((await member.post('/api/auth/logout')).status).toBe(200);
    expect((await fetch(`${server.url}/api/auth/me`, { headers: { cookie: `olp_access=${access}` } })).status).toBe(401);
  });

  it('a session revoked elsewhere (another device, sign out everywhere) stops at once', async () => {
    const member = await signedIn(server);
    expect((await member.get('/api/auth/me')).status).toBe(200);
    await server.services.auth.deps.sessions.revokeAllForUser(member.userId, 'signed out everywhere', clock.now());
    expect((await member.get('/api/auth/me')).status).toBe(401);
  });

  it('a deactivated member is refused at once, and let in again when reactivated', async () => {
    const member = await signedIn(server);
    await db().updateTable('users').set({ is_active: false }).where('id', '=', member.userId).execute();
    expect((await member.get('/api/auth/me')).status).toBe(401);
    await db().updateTable('users').set({ is_active: true }).where('id', '=', member.userId).execute();
    expect((await member.get('/api/auth/me')).status).toBe(200);
  });

  it('a session past its expiry is refused even with a live access token, and is not revived', async () => {
    const member = await signedIn(server);
    const ended = new Date(clock.now().getTime() - SECOND);
    await db().updateTable('sessions').set({ expires_at: ended, last_used_at: new Date(clock.now().getTime() - 2 * MINUTE) }).where('user_id', '=', member.userId).execute();
    expect((await member.get('/api/auth/me')).status).toBe(401);
    expect((await sessionOf(member.userId)).expires_at).toEqual(ended);
  });

  it('reports a passkey or a linked account from the next request on', async () => {
    const member = await signedIn(server);
    expect((await member.get('/api/auth/me')).json.user).toMatchObject({ hasPasskey: false, hasSocialLogin: false });
    await db()
      .insertInto('passkeys')
      .values({ id: randomUUID(), user_id: member.userId, credential_id: randomBytes(32).toString('base64url'), public_key: randomBytes(77), counter: 0, transports: [], device_type: 'multiDevice', backed_up: true, name: 'Laptop', created_at: clock.now(), last_used_at: null })
      .execute();
    expect((await member.get('/api/auth/me')).json.user).toMatchObject({ hasPasskey: true, hasSocialLogin: false });
    await db()
      .insertInto('social_accounts')
      .values({ id: randomUUID(), user_id: member.userId, provider: 'google', subject: randomUUID(), email: null, created_at: clock.now(), last_used_at: clock.now() })
      .execute();
    expect((await member.get('/api/auth/me')).json.user).toMatchObject({ hasPasskey: true, hasSocialLogin: true });
  });
});
