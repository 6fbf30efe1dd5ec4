/**
 * Cross-site requests (login CSRF included), JSON-only bodies and no-store caching, on REST and
 * tRPC, against a real server with the test PostgreSQL/Redis. Mails go to the dev mailbox.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';

const PARTNER = 'https://partner.example.org';
const PASSWORD = 'Galt-Gulch-Motor-1957';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ CORS_ORIGINS: PARTNER, RATE_LIMIT_MAGIC_LINK_POINTS: '1000', RATE_LIMIT_MAGIC_LINK_IP_POINTS: '1000', RATE_LIMIT_PASSWORD_POINTS: '1000', RATE_LIMIT_PASSWORD_IP_POINTS: '1000' });
});
afterAll(async () => server.close());

let n = 0;
const uniqueEmail = (stem = 'member') => `${stem}.${Date.now()}.${n++}@example.org`;
const db = () => server.services.database.db;
const mailsTo = (email: string) => server.services.devMailbox!.list(email);

/** A link's token, asked for the way the attacker would: with their own address, from their own client. */
async function freshToken(email = uniqueEmail('attacker')): Promise<string> {
  const res = await new ApiClient(server.url).post('/api/auth/magic-link', { email });
  expect(res.status).toBe(200);
  return /token=([A-Za-z0-9_-]+)/.exec(mailsTo(email)[0]!.text)![1]!;
}

/** What a plain HTML form on another site sends: urlencoded, no preflight, no cookies (SameSite=Lax). */
async function crossSiteForm(path: string, fields: Record<string, string>, headers: Record<string, string> = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' }) {
  const res = await fetch(`${server.url}${path}?${new URLSearchParams(fields)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as { code?: string } };
}

const tokenRow = (token: string) =>
  db()
    .selectFrom('magic_links')
    .select(['used_at'])
    .where('token_hash', '=', createHash('sha256').update(token).digest('base64url'))
    .executeTakeFirstOrThrow();

describe('login CSRF: cross-site forms that would sign the victim in', () => {
  it('refuses a cross-site form posting an attacker’s valid token to verify: 403, no cookie, the link unused', async () => {
    const token = await freshToken();
    const res = await crossSiteForm('/api/auth/verify', { token });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('CSRF_REJECTED');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await tokenRow(token)).used_at).toBeNull();
  });

  it('refuses the same form from a browser without Fetch Metadata (Origin only), and from an opaque origin', async () => {
    const token = await freshToken();
    const attempts: Record<string, string>[] = [{ origin: 'https://evil.test' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site', origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of attempts) {
      const res = await crossSiteForm('/api/auth/verify', { token }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await tokenRow(token)).used_at).toBeNull();
  });

  it('refuses same-site requests unless their origin is allowed', async () => {
    const token = await freshToken();
    const sibling = await crossSiteForm('/api/auth/verify', { token }, { 'sec-fetch-site': 'same-site', origin: 'https://other.example.org' });
    expect(sibling.status).toBe(403);
    const noOrigin = await crossSiteForm('/api/auth/verify', { token }, { 'sec-fetch-site': 'same-site' });
    expect(noOrigin.status).toBe(403);
    const allowed = await new ApiClient(server.url).post('/api/auth/verify', { token }, { 'sec-fetch-site': 'same-site', origin: PARTNER });
    expect(allowed.status).toBe(200);
  });

  it('refuses cross-site login and register forms: no cookie, no account', async () => {
    const attacker = uniqueEmail('attacker');
    expect((await new ApiClient(server.url).post('/api/auth/register', { email: attacker, password: PASSWORD, firstName: 'Mal', lastName: 'Lory' })).status).toBe(200);
    const login = await crossSiteForm('/api/auth/login', { email: attacker, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);

    const fresh = uniqueEmail('planted');
    const register = await crossSiteForm('/api/auth/register', { email: fresh, password: PASSWORD, firstName: 'Mal', lastName: 'Lory' });
    expect(register.status).toBe(403);
    expect(register.headers.getSetCookie()).toEqual([]);
    expect(await db().selectFrom('users').select('id').where('email', '=', fresh).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a cross-site magic-link form: no link stored, no mail sent', async () => {
    const email = uniqueEmail('victim');
    const res = await crossSiteForm('/api/auth/magic-link', { email });
    expect(res.status).toBe(403);
    expect(mailsTo(email)).toEqual([]);
    expect(await db().selectFrom('magic_links').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('refuses cross-site tRPC mutations the same way', async () => {
    const token = await freshToken();
    const trpc = (procedure: string, input: unknown, headers: Record<string, string>) =>
      fetch(`${server.url}/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'text/plain', ...headers }, body: JSON.stringify(input) });
    const verify = await trpc('auth.verify', { token }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' });
    expect(verify.status).toBe(403);
    expect(verify.headers.getSetCookie()).toEqual([]);
    const email = uniqueEmail('victim');
    const request = await trpc('auth.requestMagicLink', { email }, { origin: 'https://evil.test' });
    expect(request.status).toBe(403);
    expect(mailsTo(email)).toEqual([]);
    expect((await tokenRow(token)).used_at).toBeNull();
  });
});

describe('requests that still work', () => {
  it('signs in same-origin (Fetch Metadata) and with neither header (servers, curl, bearer clients)', async () => {
    const sameOrigin = await new ApiClient(server.url).post('/api/auth/verify', { token: await freshToken() });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers.getSetCookie().some((c) => c.startsWith('olp_access='))).toBe(true);

    const token = await freshToken();
    const plain = await fetch(`${server.url}/api/auth/verify`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-transport': 'bearer' }, body: JSON.stringify({ token }) });
    expect(plain.status).toBe(200);
    const { accessToken } = (await plain.json()) as { accessToken: string };
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(200);

    const trpc = await fetch(`${server.url}/trpc/auth.verify`, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: JSON.stringify({ token: await freshToken() }) });
    expect(trpc.status).toBe(200);
  });

  it('allows an allow-listed origin cross-site, and a browser without Fetch Metadata on the app’s own origin', async () => {
    const partner = await new ApiClient(server.url).post('/api/auth/verify', { token: await freshToken() }, { 'sec-fetch-site': 'cross-site', origin: PARTNER });
    expect(partner.status).toBe(200);
    const own = await new ApiClient(server.url).post('/api/auth/verify', { token: await freshToken() }, { 'sec-fetch-site': '', origin: server.services.config.appUrl });
    expect(own.status).toBe(200);
  });

  it('never refuses a safe method for its origin', async () => {
    const res = await fetch(`${server.url}/api/auth/auth-status`, { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' } });
    expect(res.status).toBe(200);
  });
});

describe('JSON bodies only', () => {
  it('refuses a same-origin form or text body with UNSUPPORTED_CONTENT_TYPE, before any work', async () => {
    const email = uniqueEmail('form');
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', `email=${encodeURIComponent(email)}`],
      ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n--x--\r\n`],
      ['text/plain', JSON.stringify({ email })],
    ]) {
      const res = await fetch(`${server.url}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': type!, 'sec-fetch-site': 'same-origin' }, body });
      expect(res.status, type).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_CONTENT_TYPE', message: 'The request body must be JSON (Content-Type: application/json)' });
    }
    expect(mailsTo(email)).toEqual([]);
  });

  it('accepts JSON with a charset and bodiless writes', async () => {
    const ok = await fetch(`${server.url}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ email: uniqueEmail() }) });
    expect(ok.status).toBe(200);
    const logout = await fetch(`${server.url}/api/auth/logout`, { method: 'POST' });
    expect(logout.status).toBe(200);
  });
});

describe('Cache-Control: no-store', () => {
  it('on verify, refresh, me and logout over REST, and on refusals', async () => {
    const api = new ApiClient(server.url);
    const answers = [
      await api.post('/api/auth/verify', { token: await freshToken() }),
      await api.post('/api/auth/refresh'),
      await api.get('/api/auth/me'),
      await api.post('/api/auth/logout'),
      await api.get('/api/auth/me'),
      await crossSiteForm('/api/auth/verify', { token: 'x' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 401, 403]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('on the tRPC auth procedures: verify and refresh with bearer tokens, me, authStatus', async () => {
    const post = (procedure: string, input: unknown) =>
      fetch(`${server.url}/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-transport': 'bearer' }, body: JSON.stringify(input) });
    const verify = await post('auth.verify', { token: await freshToken() });
    const verified = ((await verify.json()) as { result: { data: { accessToken: string; data: { refreshToken: string } } } }).result.data;
    const refresh = await post('auth.refresh', { refreshToken: verified.data.refreshToken });
    const me = await fetch(`${server.url}/trpc/auth.me`, { headers: { authorization: `Bearer ${verified.accessToken}` } });
    const status = await fetch(`${server.url}/trpc/auth.authStatus`);
    expect([verify.status, refresh.status, me.status, status.status]).toEqual([200, 200, 200, 200]);
    for (const res of [verify, refresh, me, status]) expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
