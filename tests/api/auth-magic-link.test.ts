/** Sign-in by magic link against a real server, a real SMTP server and the test PostgreSQL/Redis. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { testClock } from '../support/clock';
import { linkIn, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/server';

const clock = testClock(new Date('2026-03-01T10:00:00Z'));
let smtp: SmtpSink;
let server: TestServer;
let appUrl: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Sign-in <signin@example.org>', ADMIN_EMAILS: 'Boss@Example.org', CORS_ORIGINS: 'https://partner.example.org', RATE_LIMIT_MAGIC_LINK_POINTS: '1000', RATE_LIMIT_MAGIC_LINK_IP_POINTS: '1000', RATE_LIMIT_CHECK_EMAIL_POINTS: '1000' },
    { overrides: { clock } },
  );
  appUrl = server.services.config.appUrl;
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

let n = 0;
const uniqueEmail = (stem = 'member') => `${stem}.${Date.now()}.${n++}@example.org`;
const client = () => new ApiClient(server.url);
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function requestLink(api: ApiClient, email: string, extra: Record<string, unknown> = {}) {
  const before = smtp.mails.length;
  const res = await api.post('/api/auth/magic-link', { email, ...extra });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return linkIn(await smtp.waitFor(email, { after: before }));
}

/** Counts every call the server makes to its user repository until restored. */
function countUserRepositoryCalls() {
  const deps = server.services.auth.deps;
  const real = deps.users;
  let calls = 0;
  deps.users = new Proxy(real, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { calls: () => calls, restore: () => void (deps.users = real) };
}

async function signIn(email = uniqueEmail()) {
  const api = client();
  const link = await requestLink(api, email);
  const res = await api.post('/api/auth/verify', { token: tokenOf(link) });
  expect(res.status).toBe(200);
  return { api, email, res };
}

describe('POST /api/auth/magic-link', () => {
  it('sends a mail with an HTML and a text part, the link, the expiry and what to do if you did not ask', async () => {
    const api = client();
    const email = uniqueEmail();
    const before = smtp.mails.length;
    const res = await api.post('/api/auth/magic-link', { email, redirectUrl: '/dashboard' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: 'If that address can receive mail, a sign-in link is on its way.' });
    const mail = await smtp.waitFor(email, { after: before });
    expect(mail.subject).toBe('Your sign-in link for Objectivism Learning Platform');
    expect(mail.from).toBe('signin@example.org');
    const link = linkIn(mail);
    expect(link.startsWith(`${appUrl}/auth/callback?token=`)).toBe(true);
    expect(new URL(link).searchParams.get('redirect')).toBe('/dashboard');
    expect(tokenOf(link).length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    expect(mail.text).toContain('expires in 15 minutes');
    expect(mail.text).toContain('If you did not ask to sign in, you can ignore this email');
  });

  it.each([
    [{}, 'Invalid email format'],
    [{ email: '' }, 'Invalid email format'],
    [{ email: '   ' }, 'Invalid email format'],
    [{ email: 'no-at-sign.example.org' }, 'Invalid email format'],
    [{ email: 'a@b' }, 'Invalid email format'],
    [{ email: 'a@example.org', redirectUrl: 'https://evil.test/x' }, 'Invalid redirect URL format'],
    [{ email: 'a@example.org', redirectUrl: '//evil.test/x' }, 'Invalid redirect URL format'],
    [{ email: 'a@example.org', redirectUrl: 'javascript:alert(1)' }, 'Invalid redirect URL format'],
    [{ email: 'a@example.org', appUrl: 'not a url' }, 'Invalid app URL format'],
    [{ email: 'a@example.org', appUrl: 'https://evil.test' }, 'Invalid app URL format'],
    [{ email: 'a@example.org', basePath: '../x' }, 'Invalid base path'],
    [{ email: 'a@example.org', basePath: '//evil.test' }, 'Invalid base path'],
  ])('refuses %j with %s', async (payload, message) => {
    const before = smtp.mails.length;
    const res = await client().post('/api/auth/magic-link', payload);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect(res.json.errors[0].message).toBe(message);
    expect(smtp.mails.length).toBe(before);
  });

  it('makes a relative redirect absolute on the app and builds the link on an allowed appUrl with a basePath', async () => {
    const email = uniqueEmail();
    const link = await requestLink(client(), email, { redirectUrl: '/entry/essay-2026?step=2', appUrl: 'https://partner.example.org/some/page', basePath: '/learn' });
    const url = new URL(link);
    expect(url.origin).toBe('https://partner.example.org');
    expect(url.pathname).toBe('/learn/auth/callback');
    expect(url.searchParams.get('redirect')).toBe('/entry/essay-2026?step=2');
  });

  it("never builds the link on the request's Host header", async () => {
    const email = uniqueEmail();
    const before = smtp.mails.length;
    await client().post('/api/auth/magic-link', { email }, { host: 'evil.test', 'x-forwarded-host': 'evil.test' });
    const link = linkIn(await smtp.waitFor(email, { after: before }));
    expect(new URL(link).origin).toBe(appUrl);
  });

  it('answers the same for a known and an unknown address, doing the same work', async () => {
    const { email: known } = await signIn();
    const unknown = uniqueEmail('nobody');
    const lookups = countUserRepositoryCalls();
    const a = await client().post('/api/auth/magic-link', { email: known }).finally(lookups.restore);
    const knownLookups = lookups.calls();
    const again = countUserRepositoryCalls();
    const b = await client().post('/api/auth/magic-link', { email: unknown }).finally(again.restore);
    expect(a.status).toBe(b.status);
    expect(a.json).toEqual(b.json);
    // The same work: no user lookup on either path, and one stored link and one mail each.
    expect([knownLookups, again.calls()]).toEqual([0, 0]);
    const { db } = server.services.database;
    for (const email of [known, unknown]) {
      const open = await db.selectFrom('magic_links').select('id').where('email', '=', email).where('used_at', 'is', null).where('replaced_at', 'is', null).execute();
      expect(open).toHaveLength(1);
      expect(smtp.mails.filter((m) => m.to.includes(email)).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps the newer link usable when two requests for one address race', async () => {
    for (let round = 0; round < 4; round++) {
      const email = uniqueEmail('race');
      const before = smtp.mails.length;
      const answers = await Promise.all([client().post('/api/auth/magic-link', { email }), client().post('/api/auth/magic-link', { email })]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const tokens = smtp.mails.slice(before).filter((m) => m.to.includes(email)).map((m) => tokenOf(linkIn(m)));
      expect(tokens).toHaveLength(2);
      const verified = [];
      for (const token of tokens) verified.push(await client().post('/api/auth/verify', { token }));
      // One of them is the later-stored link, which nothing voided; the other is usable too or replaced.
      expect(verified.some((v) => v.status === 200), JSON.stringify(verified.map((v) => v.json))).toBe(true);
      for (const refused of verified.filter((v) => v.status !== 200)) expect(refused.json).toMatchObject({ message: 'Invalid or expired magic link', reason: 'replaced' });
    }
  });

  it('replays a retried request with the same Idempotency-Key, sending one mail', async () => {
    const email = uniqueEmail();
    const before = smtp.mails.length;
    const api = client();
    const first = await api.post('/api/auth/magic-link', { email }, { 'idempotency-key': `retry-${email}` });
    const second = await api.post('/api/auth/magic-link', { email }, { 'idempotency-key': `retry-${email}` });
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    await smtp.waitFor(email, { after: before });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.slice(before).filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('replays a retried tRPC mutation with the same Idempotency-Key, sending one mail', async () => {
    const email = uniqueEmail();
    const before = smtp.mails.length;
    const call = () =>
      fetch(`${server.url}/trpc/auth.requestMagicLink`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `trpc-${email}` }, body: JSON.stringify({ email }) });
    const first = await call();
    const second = await call();
    expect(first.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const other = await fetch(`${server.url}/trpc/auth.requestMagicLink`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `trpc-${email}` }, body: JSON.stringify({ email: `other.${email}` }) });
    expect(other.status).toBe(422);
    await smtp.waitFor(email, { after: before });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.slice(before).filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('leaves no usable token when the mail cannot be sent', async () => {
    const email = uniqueEmail();
    smtp.refuse(true);
    try {
      const res = await client().post('/api/auth/magic-link', { email });
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ success: false, code: 'MAIL_SEND_FAILED', message: 'Failed to send magic link. Please try again.' });
    } finally {
      smtp.refuse(false);
    }
    const rows = await server.services.database.db.selectFrom('magic_links').select('id').where('email', '=', email).execute();
    expect(rows).toEqual([]);
  });

  it('answers with no-store caching', async () => {
    const res = await client().post('/api/auth/magic-link', { email: uniqueEmail() });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('POST /api/auth/verify', () => {
  it('signs a new member in, creating the account, with httpOnly SameSite=Lax cookies', async () => {
    const api = client();
    const email = uniqueEmail();
    const link = await requestLink(api, email);
    const res = await api.post('/api/auth/verify', { token: tokenOf(link) });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.user).toMatchObject({ email, emailVerified: true, roles: ['MEMBER'], isActive: true, needsProfileCompletion: true, hasPassword: false, firstName: null });
    expect(res.json.accessToken).toBeUndefined();
    expect(res.json.data).toBeUndefined();
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('olp_access=') && /HttpOnly/i.test(c) && /SameSite=Lax/i.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith('olp_refresh=') && /HttpOnly/i.test(c))).toBe(true);
    expect(cookies.every((c) => !/Secure/i.test(c))).toBe(true); // APP_URL is http here
    const me = await api.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe(email);
    const row = await server.services.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.last_login_at).not.toBeNull();
  });

  it('answers a second use with 409 TOKEN_ALREADY_USED and makes no session', async () => {
    const api = client();
    const link = await requestLink(api, uniqueEmail());
    expect((await api.post('/api/auth/verify', { token: tokenOf(link) })).status).toBe(200);
    const other = client();
    const again = await other.post('/api/auth/verify', { token: tokenOf(link) });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ success: false, code: 'TOKEN_ALREADY_USED' });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await other.get('/api/auth/me')).status).toBe(401);
  });

  it('refuses an expired link with reason expired (15 minutes)', async () => {
    const api = client();
    const link = await requestLink(api, uniqueEmail());
    clock.advance(15 * 60 * 1000 + 1000);
    const res = await api.post('/api/auth/verify', { token: tokenOf(link) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'INVALID_MAGIC_LINK', message: 'Invalid or expired magic link', reason: 'expired' });
  });

  it('voids older unused links when a new one is requested (reason replaced)', async () => {
    const api = client();
    const email = uniqueEmail();
    const older = await requestLink(api, email);
    const newer = await requestLink(api, email);
    const res = await api.post('/api/auth/verify', { token: tokenOf(older) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: 'Invalid or expired magic link', reason: 'replaced' });
    expect((await api.post('/api/auth/verify', { token: tokenOf(newer) })).status).toBe(200);
  });

  it('refuses an unknown token (reason unknown)', async () => {
    const res = await client().post('/api/auth/verify', { token: 'x'.repeat(43) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: 'Invalid or expired magic link', reason: 'unknown' });
  });

  it('refuses a token over 200 characters as unknown: it cannot be one of ours', async () => {
    for (const token of ['x'.repeat(201), 'x'.repeat(5000)]) {
      const res = await client().post('/api/auth/verify', { token });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: 'INVALID_MAGIC_LINK', message: 'Invalid or expired magic link', reason: 'unknown' });
    }
    expect((await client().post('/api/auth/verify', { token: 'x'.repeat(200) })).json.reason).toBe('unknown');
  });

  it.each([[{}], [{ token: '' }], [{ token: '   ' }], [{ token: null }]])('answers %j with Token is required', async (payload) => {
    const res = await client().post('/api/auth/verify', payload);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, message: 'Token is required', errors: [{ path: 'token', message: 'Token is required' }] });
  });

  it('grants ADMIN to ADMIN_EMAILS at sign-in, case-insensitively', async () => {
    const { res } = await signIn('boss@example.org');
    expect(res.json.user.roles).toEqual(['MEMBER', 'ADMIN']);
  });

  it('refuses an inactive member', async () => {
    const email = uniqueEmail();
    await signIn(email);
    await server.services.database.db.updateTable('users').set({ is_active: false }).where('email', '=', email).execute();
    const api = client();
    const link = await requestLink(api, email);
    const res = await api.post('/api/auth/verify', { token: tokenOf(link) });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('ACCOUNT_INACTIVE');
    expect((await api.get('/api/auth/me')).status).toBe(401);
  });

  it('gives bearer clients the tokens in the body and no cookies', async () => {
    const api = client();
    const link = await requestLink(api, uniqueEmail());
    const res = await api.post('/api/auth/verify', { token: tokenOf(link) }, { 'x-auth-transport': 'bearer' });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(typeof res.json.accessToken).toBe('string');
    expect(typeof res.json.data.refreshToken).toBe('string');
    const bearer = new ApiClient(server.url);
    const me = await bearer.get('/api/auth/me', { authorization: `Bearer ${res.json.accessToken}` });
    expect(me.status).toBe(200);
  });

  it('starts a fresh session on every sign-in and ends the one it replaces', async () => {
    const { api, email } = await signIn();
    const firstAccess = api.cookies.get('olp_access');
    const link = await requestLink(api, email);
    expect((await api.post('/api/auth/verify', { token: tokenOf(link) })).status).toBe(200);
    expect(api.cookies.get('olp_access')).not.toBe(firstAccess);
    const stale = await client().get('/api/auth/me', { cookie: `olp_access=${firstAccess}` });
    expect(stale.status).toBe(401);
  });
});

describe('sessions', () => {
  it('auth-status says whether the caller is signed in', async () => {
    expect((await client().get('/api/auth/auth-status')).json).toEqual({ success: true, authenticated: false, user: null });
    const { api, email } = await signIn();
    const status = await api.get('/api/auth/auth-status');
    expect(status.json.authenticated).toBe(true);
    expect(status.json.user.email).toBe(email);
  });

  it('GET /api/auth/me answers 401 Not authenticated without a session', async () => {
    const res = await client().get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ success: false, message: 'Not authenticated' });
  });

  it('rotates the refresh token and detects reuse, revoking the whole family', async () => {
    const { api } = await signIn();
    const firstRefresh = api.cookies.get('olp_refresh')!;
    const refreshed = await api.post('/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.data).toBeUndefined(); // never to the browser
    const secondRefresh = api.cookies.get('olp_refresh')!;
    expect(secondRefresh).not.toBe(firstRefresh);
    expect((await api.get('/api/auth/me')).status).toBe(200);

    const thief = client();
    const reuse = await thief.post('/api/auth/refresh', {}, { cookie: `olp_refresh=${firstRefresh}` });
    expect(reuse.status).toBe(401);
    expect(reuse.json.code).toBe('REFRESH_FAILED');
    // The family is gone: the current access token and the newest refresh token both stop working.
    expect((await api.get('/api/auth/me')).status).toBe(401);
    expect((await api.post('/api/auth/refresh')).status).toBe(401);
  });

  it('refreshes bearer clients from a body refreshToken and answers data.refreshToken', async () => {
    const api = client();
    const link = await requestLink(api, uniqueEmail());
    const verified = await api.post('/api/auth/verify', { token: tokenOf(link) }, { 'x-auth-transport': 'bearer' });
    const res = await client().post('/api/auth/refresh', { refreshToken: verified.json.data.refreshToken }, { 'x-auth-transport': 'bearer' });
    expect(res.status).toBe(200);
    expect(res.json.data.refreshToken).not.toBe(verified.json.data.refreshToken);
    expect(res.json.accessToken).not.toBe(verified.json.accessToken);
  });

  it('answers 401 for a refresh without a token', async () => {
    const res = await client().post('/api/auth/refresh');
    expect(res.status).toBe(401);
  });

  it('logout revokes server-side at once and clears the cookies', async () => {
    const { api } = await signIn();
    const access = api.cookies.get('olp_access')!;
    const refresh = api.cookies.get('olp_refresh')!;
    const out = await api.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    expect(api.cookies.has('olp_access')).toBe(false);
    const replay = client();
    expect((await replay.get('/api/auth/me', { cookie: `olp_access=${access}` })).status).toBe(401);
    expect((await replay.post('/api/auth/refresh', {}, { cookie: `olp_refresh=${refresh}` })).status).toBe(401);
  });

  it('a deactivated member loses the session at once', async () => {
    const { api, email } = await signIn();
    await server.services.database.db.updateTable('users').set({ is_active: false }).where('email', '=', email).execute();
    expect((await api.get('/api/auth/me')).status).toBe(401);
  });

  it('records the session: user agent, IP, method, sign-in time and last use', async () => {
    const api = new ApiClient(server.url, { 'user-agent': 'TestBrowser/1.0' });
    const email = uniqueEmail();
    const link = await requestLink(api, email);
    await api.post('/api/auth/verify', { token: tokenOf(link) });
    const user = await server.services.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const session = await server.services.database.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ method: 'MAGIC_LINK', user_agent: 'TestBrowser/1.0', ip: expect.stringMatching(/127\.0\.0\.1/), revoked_at: null });
    expect(session.created_at.getTime()).toBe(clock.now().getTime());
  });

  it('writes an audit record for sign-in success and failure, refresh and logout, without secrets', async () => {
    const { api, email } = await signIn();
    await api.post('/api/auth/refresh');
    await api.post('/api/auth/logout');
    await client().post('/api/auth/verify', { token: 'y'.repeat(43) });
    const user = await server.services.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const events = await server.services.database.db.selectFrom('audit_events').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    expect(events.map((e) => `${e.action}:${e.outcome}`)).toEqual(['sign_in:success', 'refresh:success', 'logout:success']);
    expect(events[0]).toMatchObject({ method: 'MAGIC_LINK', ip: expect.any(String) });
    const failures = await server.services.database.db.selectFrom('audit_events').selectAll().where('action', '=', 'sign_in').where('outcome', '=', 'failure').execute();
    expect(failures.some((e) => (e.detail as { reason?: string }).reason === 'unknown')).toBe(true);
    const all = JSON.stringify(await server.services.database.db.selectFrom('audit_events').selectAll().execute());
    expect(all).not.toContain('y'.repeat(43));
    expect(all).not.toContain(api.cookies.get('olp_access') ?? 'no-cookie-left');
  });
});

describe('profile and preferences', () => {
  it('PUT /api/auth/profile updates names and ends needsProfileCompletion', async () => {
    const { api } = await signIn();
    const res = await api.put('/api/auth/profile', { firstName: '  Ayn ', lastName: 'Rand', birthYear: 1905, marketingOptIn: true });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ firstName: 'Ayn', lastName: 'Rand', birthYear: 1905, marketingOptIn: true, needsProfileCompletion: false });
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: '  ' }, 'Last name is required'],
    [{ firstName: 'A'.repeat(101) }, 'First name must be at most 100 characters'],
    [{ lastName: 'B'.repeat(101) }, 'Last name must be at most 100 characters'],
    [{ phoneNumber: '+1 '.padEnd(33, '5') }, 'Phone number is too long'],
    [{ birthYear: 1899 }, `Birth year must be a year from 1900 to ${new Date().getUTCFullYear()}`],
    [{ birthYear: new Date().getUTCFullYear() + 1 }, `Birth year must be a year from 1900 to ${new Date().getUTCFullYear()}`],
    [{ birthYear: 1950.5 }, `Birth year must be a year from 1900 to ${new Date().getUTCFullYear()}`],
    [{ marketingOptIn: 'yes' }, 'marketingOptIn must be true or false'],
    [{ weeklyDigestOptIn: 'yes' }, 'weeklyDigestOptIn must be true or false'],
  ])('refuses %j with %s', async (payload, message) => {
    const { api } = await signIn();
    const res = await api.put('/api/auth/profile', payload);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect(res.json.errors[0]).toEqual({ path: Object.keys(payload)[0], message });
  });

  it('accepts the limits themselves: 100-character names, a 32-character phone number, birth years 1900 and this year', async () => {
    const { api } = await signIn();
    const thisYear = new Date().getUTCFullYear();
    const res = await api.put('/api/auth/profile', { firstName: 'A'.repeat(100), lastName: 'B'.repeat(100), phoneNumber: '5'.repeat(32), birthYear: 1900, weeklyDigestOptIn: true });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ firstName: 'A'.repeat(100), lastName: 'B'.repeat(100), phoneNumber: '5'.repeat(32), birthYear: 1900, weeklyDigestOptIn: true });
    expect((await api.put('/api/auth/profile', { birthYear: thisYear })).json.user.birthYear).toBe(thisYear);
  });

  it.each([
    [{ theme: 'sepia' }, 'Theme must be light, dark or system'],
    [{ theme: 42 }, 'Theme must be light, dark or system'],
    [{ emailNotifications: 'yes' }, 'emailNotifications must be true or false'],
    [{ pushNotifications: 1 }, 'pushNotifications must be true or false'],
  ])('refuses preferences %j with %s', async (payload, message) => {
    const { api } = await signIn();
    const res = await api.put('/api/auth/preferences', payload);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect(res.json.errors[0]).toEqual({ path: Object.keys(payload)[0], message });
  });

  it('needs a session', async () => {
    expect((await client().put('/api/auth/profile', { firstName: 'A' })).status).toBe(401);
    expect((await client().put('/api/auth/preferences', { theme: 'dark' })).status).toBe(401);
  });

  it('PUT /api/auth/preferences saves theme and notifications, reading auto as system', async () => {
    const { api } = await signIn();
    expect((await api.get('/api/auth/me')).json.user.preferences).toEqual({ theme: 'system', emailNotifications: true, pushNotifications: false });
    const res = await api.put('/api/auth/preferences', { theme: 'dark', pushNotifications: true });
    expect(res.json).toEqual({ success: true, preferences: { theme: 'dark', emailNotifications: true, pushNotifications: true } });
    expect((await api.put('/api/auth/preferences', { theme: 'auto' })).json.preferences.theme).toBe('system');
    expect((await api.put('/api/auth/preferences', { theme: 'sepia' })).status).toBe(400);
  });
});

describe('GET /api/auth/rate-limit', () => {
  it('refuses a malformed email with Invalid email format', async () => {
    const res = await client().get('/api/auth/rate-limit?action=magic-link&email=bad');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Invalid email format', errors: [{ path: 'email', message: 'Invalid email format' }] });
  });
});

describe('GET /api/auth/check-email', () => {
  it('says whether an address has an account', async () => {
    const { email } = await signIn();
    expect((await client().get(`/api/auth/check-email?email=${encodeURIComponent(email)}`)).json).toEqual({ success: true, email, exists: true, hasPassword: false });
    expect((await client().get('/api/auth/check-email?email=nobody@example.org')).json.exists).toBe(false);
    expect((await client().get('/api/auth/check-email?email=bad')).json.message).toBe('Invalid email format');
  });
});

describe('CSRF', () => {
  beforeEach(() => undefined);
  it('refuses a cookie-authenticated write from another site', async () => {
    const { api } = await signIn();
    const cross = await api.put('/api/auth/profile', { firstName: 'Mallory' }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' });
    expect(cross.status).toBe(403);
    expect(cross.json.code).toBe('CSRF_REJECTED');
    const noMetadata = await api.put('/api/auth/profile', { firstName: 'Mallory' }, { 'sec-fetch-site': '', origin: 'https://evil.test' });
    expect(noMetadata.status).toBe(403);
    expect((await api.get('/api/auth/me')).json.user.firstName).not.toBe('Mallory');
  });

  it('allows same-origin and allow-listed origins', async () => {
    const { api } = await signIn();
    expect((await api.put('/api/auth/profile', { firstName: 'Same' })).status).toBe(200);
    expect((await api.put('/api/auth/profile', { firstName: 'Partner' }, { 'sec-fetch-site': 'cross-site', origin: 'https://partner.example.org' })).status).toBe(200);
  });
});

describe('tRPC', () => {
  it('exposes the same operations', async () => {
    const res = await fetch(`${server.url}/trpc/auth.authStatus`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { data: unknown } }).result.data).toEqual({ authenticated: false, user: null });
    const bad = await fetch(`${server.url}/trpc/auth.verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: '' }) });
    expect(bad.status).toBe(400);
    const json = (await bad.json()) as { error: { message: string; data: { appCode: string } } };
    expect(json.error.message).toBe('Token is required');
    expect(json.error.data.appCode).toBe('VALIDATION_ERROR');
  });

  it('documents every auth route in OpenAPI', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/auth/auth-status', 'get'],
      ['/api/auth/me', 'get'],
      ['/api/auth/magic-link', 'post'],
      ['/api/auth/verify', 'post'],
      ['/api/auth/refresh', 'post'],
      ['/api/auth/logout', 'post'],
      ['/api/auth/check-email', 'get'],
      ['/api/auth/profile', 'put'],
      ['/api/auth/preferences', 'put'],
      ['/api/auth/rate-limit', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
