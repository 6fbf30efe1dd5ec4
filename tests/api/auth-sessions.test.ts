/**
 * Sessions on the product clock: access-token expiry, last use, what the key-value store and the
 * database hold (digests, never raw tokens), and the audit trail of refusals. A real server with the
 * test PostgreSQL/Redis; the clock is a test clock, mails go to the dev mailbox.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/server';

const clock = testClock(new Date('2026-06-01T09:00:00Z'));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAGIC_LINK_POINTS: '1000', RATE_LIMIT_MAGIC_LINK_IP_POINTS: '1000' }, { overrides: { clock } });
});
afterAll(async () => server.close());

let n = 0;
const uniqueEmail = (stem = 'member') => `${stem}.${Date.now()}.${n++}@example.org`;
const db = () => server.services.database.db;
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');
const SECOND = 1000;
const MINUTE = 60 * SECOND;

async function linkToken(email: string, api = new ApiClient(server.url)): Promise<string> {
  expect((await api.post('/api/auth/magic-link', { email })).status).toBe(200);
  return /token=([A-Za-z0-9_-]+)/.exec(server.services.devMailbox!.list(email)[0]!.text)![1]!;
}

async function signIn(email = uniqueEmail(), headers: Record<string, string> = {}) {
  const api = new ApiClient(server.url, headers);
  const token = await linkToken(email, api);
  const res = await api.post('/api/auth/verify', { token });
  expect(res.status).toBe(200);
  const user = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { api, email, token, userId: user.id };
}

const sessionOf = (userId: string) => db().selectFrom('sessions').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

describe('the access token on the product clock', () => {
  it('works at 4:59 and stops at 5:01, though the store still holds it', async () => {
    const { api } = await signIn();
    const access = api.cookies.get('olp_access')!;
    clock.advance(4 * MINUTE + 59 * SECOND);
    expect((await api.get('/api/auth/me')).status).toBe(200);
    clock.advance(2 * SECOND);
    // Redis' own TTL (real time) has not run out: only the stored expiry on the product clock refuses it.
    expect(await server.services.kv.get(`auth:access:${digest(access)}`)).not.toBeNull();
    const late = await api.get('/api/auth/me');
    expect(late.status).toBe(401);
    expect(late.json.message).toBe('Not authenticated');
    expect((await api.get('/api/auth/auth-status')).json.authenticated).toBe(false);
  });

  it('a bearer access token expires the same way; a refresh then gives a working one', async () => {
    const email = uniqueEmail();
    const token = await linkToken(email);
    const verified = await new ApiClient(server.url).post('/api/auth/verify', { token }, { 'x-auth-transport': 'bearer' });
    const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
    clock.advance(5 * MINUTE + SECOND);
    expect((await new ApiClient(server.url).get('/api/auth/me', bearer(verified.json.accessToken))).status).toBe(401);
    const refreshed = await new ApiClient(server.url).post('/api/auth/refresh', { refreshToken: verified.json.data.refreshToken }, { 'x-auth-transport': 'bearer' });
    expect(refreshed.status).toBe(200);
    expect((await new ApiClient(server.url).get('/api/auth/me', bearer(refreshed.json.accessToken))).status).toBe(200);
  });
});

describe('what is stored', () => {
  it('keeps the refresh token as a digest under auth:refresh: with a 7-day TTL, never the raw token', async () => {
    const { api } = await signIn();
    const refresh = api.cookies.get('olp_refresh')!;
    const access = api.cookies.get('olp_access')!;
    const { kv } = server.services;
    expect(await kv.get(`auth:refresh:${digest(refresh)}`)).toMatchObject({ sessionId: expect.any(String), userId: expect.any(String) });
    const ttl = (await kv.ttl(`auth:refresh:${digest(refresh)}`))!;
    expect(ttl).toBeGreaterThan(7 * 24 * 3600 - 30);
    expect(ttl).toBeLessThanOrEqual(7 * 24 * 3600);
    expect(await kv.get(`auth:refresh:${refresh}`)).toBeNull();
    expect((await kv.ttl(`auth:access:${digest(access)}`))!).toBeLessThanOrEqual(5 * 60);
    expect(JSON.stringify(await kv.get(`auth:refresh:${digest(refresh)}`))).not.toContain(refresh);

    // Rotation takes the old digest away and stores the new one the same way.
    expect((await api.post('/api/auth/refresh')).status).toBe(200);
    const rotated = api.cookies.get('olp_refresh')!;
    expect(await kv.get(`auth:refresh:${digest(refresh)}`)).toBeNull();
    expect(await kv.get(`auth:refresh:${digest(rotated)}`)).not.toBeNull();
  });

  it('keeps only the digest of a magic-link token in magic_links', async () => {
    const email = uniqueEmail();
    const token = await linkToken(email);
    const rows = await db().selectFrom('magic_links').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(digest(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('last use', () => {
  it('moves forward on use once the touch interval has passed, not before', async () => {
    const { api, userId } = await signIn();
    const signedInAt = (await sessionOf(userId)).last_used_at.getTime();
    expect(signedInAt).toBe(clock.now().getTime());

    clock.advance(30 * SECOND);
    expect((await api.get('/api/auth/me')).status).toBe(200);
    expect((await sessionOf(userId)).last_used_at.getTime()).toBe(signedInAt);

    clock.advance(45 * SECOND);
    expect((await api.get('/api/auth/me')).status).toBe(200);
    const touched = await sessionOf(userId);
    expect(touched.last_used_at.getTime()).toBe(signedInAt + 75 * SECOND);
    expect(touched.expires_at.getTime()).toBe(signedInAt + 75 * SECOND + 7 * 24 * 3600 * SECOND);
  });
});

describe('the development tool that expires links', () => {
  it('ends an address’s open link now, which then answers reason expired', async () => {
    const email = uniqueEmail();
    const token = await linkToken(email);
    const expired = await new ApiClient(server.url).post('/api/dev/magic-links/expire', { email });
    expect(expired.json).toEqual({ success: true, expired: 1 });
    const res = await new ApiClient(server.url).post('/api/auth/verify', { token });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: 'Invalid or expired magic link', reason: 'expired' });
  });

  it('does not exist in production', async () => {
    const production = await startTestServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', SESSION_SECRET: 'a-production-secret-for-this-test-only' });
    try {
      const res = await new ApiClient(production.url).post('/api/dev/magic-links/expire', { email: 'someone@example.org' });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('NOT_FOUND');
    } finally {
      await production.close();
    }
  });
});

describe('rate-limit allowance on the product clock', () => {
  it('places resetsAt on the product clock, within the window of the attempt just spent', async () => {
    await linkToken(uniqueEmail());
    const res = await new ApiClient(server.url).get('/api/auth/rate-limit?action=magic-link');
    const resetsAt = new Date(res.json.resetsAt).getTime();
    const window = server.services.config.rateLimits['magic-link'].windowSeconds * SECOND;
    expect(resetsAt).toBeGreaterThan(clock.now().getTime());
    expect(resetsAt).toBeLessThanOrEqual(clock.now().getTime() + window);
  });
});

describe('the audit trail', () => {
  const auditRows = () => db().selectFrom('audit_events').selectAll().orderBy('id').execute();

  it('records verify attempts refused by validation, with the user agent and without the token', async () => {
    const api = new ApiClient(server.url, { 'user-agent': 'AuditProbe/2.0' });
    const before = (await auditRows()).length;
    const missing = await api.post('/api/auth/verify', {});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Token is required' });
    const long = 'L'.repeat(201);
    const tooLong = await api.post('/api/auth/verify', { token: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({ code: 'INVALID_MAGIC_LINK', message: 'Invalid or expired magic link', reason: 'unknown' });

    const rows = (await auditRows()).slice(before).filter((e) => e.user_agent === 'AuditProbe/2.0');
    expect(rows.map((e) => [e.action, e.outcome, e.method, (e.detail as { reason: string }).reason])).toEqual([
      ['sign_in', 'failure', 'MAGIC_LINK', 'missing token'],
      ['sign_in', 'failure', 'MAGIC_LINK', 'unknown'],
    ]);
    expect(rows.every((e) => e.ip !== null && e.ip !== '')).toBe(true);
    expect(JSON.stringify(await auditRows())).not.toContain(long);
  });

  it('carries the user agent on sign-in, refresh and logout', async () => {
    const { api, userId } = await signIn(uniqueEmail(), { 'user-agent': 'TimelineBrowser/3.1' });
    await api.post('/api/auth/refresh');
    await api.post('/api/auth/logout');
    const rows = (await auditRows()).filter((e) => e.user_id === userId);
    expect(rows.map((e) => `${e.action}:${e.outcome}`)).toEqual(['sign_in:success', 'refresh:success', 'logout:success']);
    expect(rows.every((e) => e.user_agent === 'TimelineBrowser/3.1')).toBe(true);
    const requested = (await auditRows()).filter((e) => e.action === 'magic_link.requested' && e.user_agent === 'TimelineBrowser/3.1');
    expect(requested.map((e) => e.outcome)).toEqual(['success']);
  });

  it('records a failed refresh and a detected reuse', async () => {
    const unknown = await new ApiClient(server.url, { 'user-agent': 'Stranger/1.0' }).post('/api/auth/refresh', {}, { cookie: 'olp_refresh=not-a-token-of-ours' });
    expect(unknown.status).toBe(401);
    const failed = (await auditRows()).filter((e) => e.user_agent === 'Stranger/1.0');
    expect(failed.map((e) => [e.action, e.outcome, (e.detail as { reason: string }).reason])).toEqual([['refresh', 'failure', 'unknown']]);

    const { api, userId } = await signIn();
    const stolen = api.cookies.get('olp_refresh')!;
    expect((await api.post('/api/auth/refresh')).status).toBe(200);
    const thief = new ApiClient(server.url, { 'user-agent': 'Thief/0.1' });
    expect((await thief.post('/api/auth/refresh', {}, { cookie: `olp_refresh=${stolen}` })).status).toBe(401);
    const reuse = (await auditRows()).filter((e) => e.action === 'refresh.reuse_detected' && e.user_id === userId);
    expect(reuse).toHaveLength(1);
    expect(reuse[0]).toMatchObject({ outcome: 'failure', user_agent: 'Thief/0.1', session_id: (await sessionOf(userId)).id });
    expect((await sessionOf(userId)).revoked_at).not.toBeNull();
    expect(JSON.stringify(await auditRows())).not.toContain(stolen);
  });
});
