/**
 * Sign-in methods and re-authentication against a real server: no session means 401 on every
 * signed-in route (before any validation message), the routes are in the OpenAPI document and
 * answer as tRPC procedures, email links can be turned back on, and a member with no password or
 * passkey re-authenticates by an e-mailed link (real SMTP).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { testClock } from '../support/clock';
import { linkIn, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/server';
import { authenticatorFor, b64url } from '../support/software-authenticator';

const clock = testClock(new Date('2026-05-01T09:00:00Z'));
let smtp: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url, RATE_LIMIT_PASSWORD_POINTS: '1000', RATE_LIMIT_PASSWORD_IP_POINTS: '1000', RATE_LIMIT_MAGIC_LINK_POINTS: '1000', RATE_LIMIT_MAGIC_LINK_IP_POINTS: '1000' }, { overrides: { clock } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

let n = 0;
const uniqueEmail = (stem = 'methods') => `${stem}.${Date.now()}.${n++}@example.org`;
const client = () => new ApiClient(server.url);
const GOOD = 'Galt-Gulch-Motor-1957';
const TEN_MINUTES_AND_MORE = 11 * 60 * 1000;

/** Asks for a link and answers the one that arrived by SMTP. */
async function mailedLink(email: string, ask: () => Promise<{ status: number; json: unknown }>) {
  const before = smtp.mails.length;
  const res = await ask();
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return new URL(linkIn(await smtp.waitFor(email, { after: before })));
}

/** A member signed in by e-mailed link only: MAGIC_LINK is their one way in. */
async function linkMember(email = uniqueEmail()) {
  const api = client();
  const link = await mailedLink(email, () => api.post('/api/auth/magic-link', { email }));
  const res = await api.post('/api/auth/verify', { token: link.searchParams.get('token') });
  expect(res.status).toBe(200);
  return { api, email, userId: res.json.user.id as string };
}

async function passwordMember() {
  const api = client();
  const email = uniqueEmail('pw');
  const res = await api.post('/api/auth/register', { email, password: GOOD, firstName: 'Dagny', lastName: 'Taggart' });
  expect(res.status).toBe(200);
  return { api, email, userId: res.json.user.id as string };
}

async function linkSocialAccount(userId: string) {
  const now = clock.now();
  await server.services.auth.deps.socialAccounts.link({ id: randomUUID(), userId, provider: 'testid', subject: randomUUID(), email: null, emailVerified: false, createdAt: now, lastUsedAt: now });
}

/** The session signed in long enough ago that sensitive actions want a re-authentication. */
async function goStale(api: ApiClient) {
  clock.advance(TEN_MINUTES_AND_MORE);
  expect((await api.post('/api/auth/refresh')).status).toBe(200);
}

describe('no session', () => {
  const device = authenticatorFor('http://localhost');
  const wellFormedCredential = device.create({
    challenge: b64url(Buffer.alloc(32, 7)),
    rp: { id: 'localhost', name: 'Test' },
    user: { id: b64url(Buffer.alloc(16, 1)), name: 'someone@example.org', displayName: 'Someone' },
    pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  });
  const someId = randomUUID();

  // Each route with a body it would accept, and one it would refuse: without a session both are 401.
  it.each([
    ['GET', '/api/auth/methods', undefined, undefined],
    ['POST', '/api/auth/methods', { method: 'MAGIC_LINK' }, {}],
    ['DELETE', '/api/auth/methods', { method: 'PASSWORD' }, {}],
    ['PUT', '/api/auth/methods/preferred', { method: 'PASSWORD' }, { method: 'SMS' }],
    ['POST', '/api/auth/reauthenticate', { method: 'PASSWORD', password: GOOD }, {}],
    ['POST', '/api/auth/setup-password', { password: GOOD }, { password: 'short' }],
    ['GET', '/api/auth/sessions', undefined, undefined],
    ['DELETE', `/api/auth/sessions/${someId}`, {}, undefined],
    ['POST', '/api/auth/passkey/register', { name: 'Laptop' }, { name: 'x'.repeat(500) }],
    ['POST', '/api/auth/verify-passkey', { credential: wellFormedCredential, setAsPreferred: false, name: 'Laptop' }, { credential: 'nonsense' }],
    ['GET', '/api/auth/passkey/list', undefined, undefined],
    ['PATCH', `/api/auth/passkey/${someId}`, { name: 'Phone' }, { name: '' }],
    ['DELETE', `/api/auth/passkey/${someId}`, {}, undefined],
    ['POST', '/api/auth/passkey/reauthenticate/options', {}, undefined],
    ['GET', '/api/auth/social/list', undefined, undefined],
  ] as const)('%s %s answers 401 before looking at the input', async (method, path, good, bad) => {
    for (const payload of bad === undefined ? [good] : [good, bad]) {
      const res = await client().request(method, path, payload);
      expect(res.status, `${method} ${path} ${JSON.stringify(payload)}: ${JSON.stringify(res.json)}`).toBe(401);
      expect(res.json).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: 'Not authenticated' });
    }
  });

  it('answers 401 before the input through tRPC too', async () => {
    const res = await fetch(`${server.url}/trpc/account.removeMethod`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { data: { appCode: string } } }).error.data.appCode).toBe('UNAUTHENTICATED');
  });

  it('still validates the input of a signed-in caller', async () => {
    const { api } = await linkMember();
    const res = await api.request('DELETE', '/api/auth/methods', {});
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Authentication method is required');
  });
});

describe('one definition, three faces', () => {
  it('documents the password and methods routes in OpenAPI', async () => {
    const doc = (await client().get('/api/openapi.json')).json as { paths: Record<string, Record<string, { 'x-trpc-procedure': string }>> };
    for (const [path, method, procedure] of [
      ['/api/auth/register', 'post', 'account.register'],
      ['/api/auth/login', 'post', 'account.login'],
      ['/api/auth/setup-password', 'post', 'account.setupPassword'],
      ['/api/auth/methods', 'get', 'account.methods'],
      ['/api/auth/methods', 'post', 'account.addMethod'],
      ['/api/auth/methods', 'delete', 'account.removeMethod'],
      ['/api/auth/methods/preferred', 'put', 'account.setPreferredMethod'],
      ['/api/auth/reauthenticate', 'post', 'account.reauthenticate'],
      ['/api/auth/sessions', 'get', 'account.sessions'],
      ['/api/auth/sessions/{id}', 'delete', 'account.endSession'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.['x-trpc-procedure'], `${method} ${path}`).toBe(procedure);
    }
  });

  it('serves the same operations as tRPC procedures', async () => {
    const api = client();
    const email = uniqueEmail('trpc');
    const registered = await api.post('/trpc/account.register', { email, password: GOOD, firstName: 'Dagny', lastName: 'Taggart' });
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    expect(registered.json.result.data.user).toMatchObject({ email, hasPassword: true });

    const methods = await api.get('/trpc/account.methods');
    expect(methods.json.result.data).toEqual({ methods: ['PASSWORD', 'MAGIC_LINK'], preferredMethod: 'PASSWORD', emailVerified: false });

    const reauthenticated = await api.post('/trpc/account.reauthenticate', { method: 'PASSWORD', password: GOOD });
    expect(reauthenticated.status).toBe(200);
    expect(reauthenticated.json.result.data).toEqual({ reauthenticatedUntil: new Date(clock.now().getTime() + 10 * 60 * 1000).toISOString(), emailSent: false });

    const sessions = await api.get('/trpc/account.sessions');
    expect(sessions.json.result.data.sessions).toEqual([expect.objectContaining({ method: 'PASSWORD', current: true })]);

    const loggedIn = await client().post('/trpc/account.login', { email, password: 'not-the-password' });
    expect(loggedIn.status).toBe(401);
    expect(loggedIn.json.error.message).toBe('Invalid credentials');
  });
});

describe('POST /api/auth/methods: turning email links back on', () => {
  it('turns MAGIC_LINK back on after it was turned off, and links sign the member in again', async () => {
    // A proven address with a password: an unproven account's 'links off' does not bind the owner's first link.
    const { api, email, userId } = await linkMember();
    expect((await api.post('/api/auth/setup-password', { password: GOOD, setAsPreferred: true })).status).toBe(200);
    expect((await api.request('DELETE', '/api/auth/methods', { method: 'MAGIC_LINK' })).json.methods).toEqual(['PASSWORD']);
    const off = await mailedLink(email, () => client().post('/api/auth/magic-link', { email }));
    const lastLoginBefore = (await server.services.database.db.selectFrom('users').select('last_login_at').where('id', '=', userId).executeTakeFirstOrThrow()).last_login_at;
    expect((await client().post('/api/auth/verify', { token: off.searchParams.get('token') })).json.code).toBe('MAGIC_LINK_DISABLED');
    // A refused sign-in changes nothing of the member's: no sign-in time.
    const afterRefusal = await server.services.database.db.selectFrom('users').select(['last_login_at', 'email_verified']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(afterRefusal).toEqual({ last_login_at: lastLoginBefore, email_verified: true });

    // No re-authentication needed: it only adds a way in through the member's own mailbox.
    await goStale(api);
    const on = await api.post('/api/auth/methods', { method: 'MAGIC_LINK' });
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    expect(on.json).toEqual({ success: true, methods: ['PASSWORD', 'MAGIC_LINK'], preferredMethod: 'PASSWORD', emailVerified: true });
    expect((await api.get('/api/auth/methods')).json.methods).toEqual(['PASSWORD', 'MAGIC_LINK']);

    const link = await mailedLink(email, () => client().post('/api/auth/magic-link', { email }));
    expect((await client().post('/api/auth/verify', { token: link.searchParams.get('token') })).status).toBe(200);

    const audit = await server.services.database.db.selectFrom('audit_events').select(['action', 'method']).where('action', '=', 'method.added').where('user_id', '=', userId).execute();
    expect(audit).toEqual([{ action: 'method.added', method: 'MAGIC_LINK' }]);
  });

  it('is a no-op when email links are on already', async () => {
    const { api } = await linkMember();
    const res = await api.post('/api/auth/methods', { method: 'MAGIC_LINK' });
    expect(res.json).toEqual({ success: true, methods: ['MAGIC_LINK'], preferredMethod: null, emailVerified: true });
  });

  it.each([
    [{}, 'Authentication method is required'],
    [{ method: '' }, 'Authentication method is required'],
    [{ method: 'PASSWORD' }, 'Only MAGIC_LINK can be turned on here: a password, a passkey or a linked account has its own set-up'],
    [{ method: 'SMS' }, 'Only MAGIC_LINK can be turned on here: a password, a passkey or a linked account has its own set-up'],
  ])('refuses %j with %s', async (payload, message) => {
    const { api } = await linkMember();
    const res = await api.post('/api/auth/methods', payload);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: [{ path: 'method', message }] });
  });
});

describe('POST /api/auth/reauthenticate by e-mailed link', () => {
  it('lets a member with only a linked account and email links re-authenticate by link, without signing out', async () => {
    const { api, email, userId } = await linkMember();
    await linkSocialAccount(userId);
    expect((await api.get('/api/auth/methods')).json.methods).toEqual(['SOCIAL', 'MAGIC_LINK']);
    await goStale(api);
    const stale = await api.request('DELETE', '/api/auth/methods', { method: 'SOCIAL' });
    expect(stale.status).toBe(403);
    expect(stale.json.code).toBe('REAUTHENTICATION_REQUIRED');

    const social = await api.post('/api/auth/reauthenticate', { method: 'SOCIAL' });
    expect(social.status).toBe(422);
    expect(social.json).toMatchObject({ code: 'REAUTH_METHOD_UNAVAILABLE', message: 'A linked account cannot confirm it is you here. Use your password, a passkey or an email link.' });

    const stolen = new ApiClient(server.url);
    for (const [name, value] of api.cookies) stolen.cookies.set(name, value);
    let answer!: { status: number; json: any }; // any: the envelope is asserted field by field
    const link = await mailedLink(email, async () => (answer = await api.post('/api/auth/reauthenticate', { method: 'MAGIC_LINK', redirectUrl: '/profile/security' })));
    expect(answer.json).toEqual({ success: true, reauthenticatedUntil: null, emailSent: true });
    expect(link.origin).toBe(server.services.config.appUrl);
    expect(link.searchParams.get('redirect')).toBe('/profile/security');

    // Opening the link in this browser signs the member in afresh, replacing the stale session.
    const verified = await api.post('/api/auth/verify', { token: link.searchParams.get('token') });
    expect(verified.status).toBe(200);
    expect(verified.json.user.id).toBe(userId);
    const removed = await api.request('DELETE', '/api/auth/methods', { method: 'SOCIAL' });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect(removed.json.methods).toEqual(['MAGIC_LINK']);
    // The session the link replaced is over: someone holding its cookies gains nothing by the mail.
    expect((await stolen.get('/api/auth/me')).status).toBe(401);
  });

  it('answers 422 when email links are turned off, and refuses a redirect to another site', async () => {
    const { api } = await passwordMember();
    expect((await api.post('/api/auth/reauthenticate', { method: 'MAGIC_LINK', redirectUrl: 'https://evil.test/x' })).json.message).toBe('Invalid redirect URL format');
    await api.request('DELETE', '/api/auth/methods', { method: 'MAGIC_LINK' });
    const before = smtp.mails.length;
    const off = await api.post('/api/auth/reauthenticate', { method: 'MAGIC_LINK' });
    expect(off.status).toBe(422);
    expect(off.json).toMatchObject({ code: 'REAUTH_METHOD_UNAVAILABLE', message: 'Sign-in by email link is turned off for your account. Use your password or a passkey.' });
    expect(smtp.mails.length).toBe(before);
  });

  it('counts against the magic-link limit of the address', async () => {
    const strict = await startTestServer({ SMTP_URL: smtp.url, RATE_LIMIT_MAGIC_LINK_POINTS: '2' });
    try {
      const email = uniqueEmail('strict');
      const api = new ApiClient(strict.url);
      const link = await mailedLink(email, () => api.post('/api/auth/magic-link', { email }));
      expect((await api.post('/api/auth/verify', { token: link.searchParams.get('token') })).status).toBe(200);
      expect((await api.post('/api/auth/reauthenticate', { method: 'MAGIC_LINK' })).status).toBe(200);
      const refused = await api.post('/api/auth/reauthenticate', { method: 'MAGIC_LINK' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.json.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    } finally {
      await strict.close();
    }
  });
});
