/** Passwords, sign-in methods, re-authentication and the sessions list against a real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScryptHash } from '../../adapters/crypto/password-hasher';
import { ApiClient } from '../support/client';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/server';

const clock = testClock(new Date('2026-05-01T09:00:00Z'));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PASSWORD_POINTS: '1000', RATE_LIMIT_MAGIC_LINK_POINTS: '1000' }, { overrides: { clock } });
});
afterAll(async () => server.close());

let n = 0;
const uniqueEmail = (stem = 'pw') => `${stem}.${Date.now()}.${n++}@example.org`;
const client = () => new ApiClient(server.url);
const GOOD = 'Galt-Gulch-Motor-1957';

async function registered(email = uniqueEmail()) {
  const api = client();
  const res = await api.post('/api/auth/register', { email, password: GOOD, firstName: 'Dagny', lastName: 'Taggart' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { api, email, user: res.json.user };
}

async function viaMagicLink(api: ApiClient, email: string) {
  await api.post('/api/auth/magic-link', { email });
  const mail = server.services.devMailbox!.list(email)[0]!;
  const token = new URL(/https?:\/\/\S+token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
  return api.post('/api/auth/verify', { token });
}

describe('POST /api/auth/register', () => {
  it('creates the account, signs in, and stores a scrypt hash with the OWASP parameters', async () => {
    const { api, email, user } = await registered();
    expect(user).toMatchObject({ email, firstName: 'Dagny', lastName: 'Taggart', hasPassword: true, preferredAuthMethod: 'PASSWORD', emailVerified: false, needsProfileCompletion: false });
    expect((await api.get('/api/auth/me')).status).toBe(200);
    const row = await server.services.database.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    expect(parseScryptHash(row.password_hash!)).toMatchObject({ ln: 17, r: 8, p: 1 });
    expect(row.password_hash).not.toContain(GOOD);
  });

  it.each([
    [{ password: GOOD, firstName: 'A', lastName: 'B' }, 'Invalid email format'],
    [{ email: 'bad', password: GOOD, firstName: 'A', lastName: 'B' }, 'Invalid email format'],
    [{ email: 'x@example.org', password: 'short', firstName: 'A', lastName: 'B' }, 'Password must be at least 8 characters'],
    [{ email: 'x@example.org', firstName: 'A', lastName: 'B' }, 'Password must be at least 8 characters'],
    [{ email: 'x@example.org', password: GOOD, lastName: 'B' }, 'First name is required'],
    [{ email: 'x@example.org', password: GOOD, firstName: ' ', lastName: 'B' }, 'First name is required'],
    [{ email: 'x@example.org', password: GOOD, firstName: 'A', lastName: '' }, 'Last name is required'],
  ])('refuses %j with %s', async (payload, message) => {
    const res = await client().post('/api/auth/register', payload);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  it('refuses one of the 10,000 most common passwords with a clear message', async () => {
    for (const password of ['password1', 'iloveyou', 'Qwertyuiop']) {
      const res = await client().post('/api/auth/register', { email: uniqueEmail(), password, firstName: 'A', lastName: 'B' });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: 'This password is too common. Please choose one that is harder to guess.' });
    }
  });

  it('accepts a password as typed: spaces kept, 128 characters and more', async () => {
    const email = uniqueEmail();
    const long = `  ${'Objectivism is a philosophy for living on earth. '.repeat(3)}  `;
    expect(long.length).toBeGreaterThan(128);
    expect((await client().post('/api/auth/register', { email, password: long, firstName: 'A', lastName: 'B' })).status).toBe(200);
    expect((await client().post('/api/auth/login', { email, password: long.trim() })).status).toBe(401);
    expect((await client().post('/api/auth/login', { email, password: long })).status).toBe(200);
  });

  it('refuses an address that already has an account', async () => {
    const { email } = await registered();
    const res = await client().post('/api/auth/register', { email, password: GOOD, firstName: 'A', lastName: 'B' });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('EMAIL_TAKEN');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password', async () => {
    const { email } = await registered();
    const api = client();
    const res = await api.post('/api/auth/login', { email: email.toUpperCase(), password: GOOD });
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe(email);
    expect((await api.get('/api/auth/me')).status).toBe(200);
  });

  it("answers 'Invalid credentials' alike for a wrong password and an unknown address", async () => {
    const { email } = await registered();
    const wrong = await client().post('/api/auth/login', { email, password: 'not-the-password' });
    const unknown = await client().post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'not-the-password' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid credentials', errors: [], requestId: expect.any(String) });
    }
  });

  it('does the same hashing work for an unknown address (a dummy hash)', async () => {
    const calls: string[] = [];
    const hasher = server.services.auth.deps.passwords;
    const original = { verify: hasher.verify, verifyDummy: hasher.verifyDummy };
    hasher.verify = async (stored, password) => (calls.push('verify'), original.verify(stored, password));
    hasher.verifyDummy = async (password) => (calls.push('dummy'), original.verifyDummy(password));
    try {
      await client().post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'whatever-it-is' });
      expect(calls).toEqual(['dummy']);
    } finally {
      Object.assign(hasher, original);
    }
  });

  it.each([
    [{ password: 'x' }, 'Invalid email format'],
    [{ email: 'a@example.org' }, 'Password is required'],
    [{ email: 'a@example.org', password: '' }, 'Password is required'],
  ])('refuses %j with %s', async (payload, message) => {
    const res = await client().post('/api/auth/login', payload);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  it('rehashes a stored hash with older parameters on a successful login', async () => {
    const { email } = await registered();
    const { createScryptHasher } = await import('../../adapters/crypto/password-hasher');
    const weak = await createScryptHasher({ ln: 14, r: 8, p: 1 }).hash(GOOD);
    await server.services.database.db.updateTable('users').set({ password_hash: weak }).where('email', '=', email).execute();
    expect((await client().post('/api/auth/login', { email, password: GOOD })).status).toBe(200);
    const row = await server.services.database.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
  });
});

describe('online guessing', () => {
  it('slows an address down after repeated failures, leaves magic-link sign-in open, and the lock expires', async () => {
    // A window long enough for four scrypt logins on a loaded machine; the wait at the end follows
    // the server's own Retry-After, so the test does not depend on how fast the logins ran.
    const limited = await startTestServer({ RATE_LIMIT_PASSWORD_POINTS: '3', RATE_LIMIT_PASSWORD_WINDOW_SECONDS: '10', TRUSTED_PROXIES: 'loopback' });
    try {
      const email = `locked.${Date.now()}@example.org`;
      const setup = new ApiClient(limited.url, { 'x-forwarded-for': '1.1.1.1' });
      expect((await setup.post('/api/auth/register', { email, password: GOOD, firstName: 'A', lastName: 'B' })).status).toBe(200);
      const attacker = new ApiClient(limited.url);
      for (let i = 0; i < 3; i++) expect((await attacker.post('/api/auth/login', { email, password: `wrong-${i}-guess` })).status).toBe(401);
      const locked = await attacker.post('/api/auth/login', { email, password: GOOD });
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(locked.json.message).toMatch(/^Too many attempts\. Please try again in 1 minute\.$/);
      const magic = await limited.services.auth.deps.rateLimiter.peek('magic-link', `email:${email}`);
      expect(magic.remaining).toBeGreaterThan(0);
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(10);
      await new Promise((r) => setTimeout(r, retryAfter * 1000 + 300));
      expect((await new ApiClient(limited.url).post('/api/auth/login', { email, password: GOOD })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/setup-password', () => {
  it('sets a first password for a magic-link member, and PASSWORD preferred when asked', async () => {
    const api = client();
    const email = uniqueEmail('ml');
    await viaMagicLink(api, email);
    const res = await api.post('/api/auth/setup-password', { password: GOOD, setAsPreferred: true });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ hasPassword: true, preferredAuthMethod: 'PASSWORD' });
    expect((await client().post('/api/auth/login', { email, password: GOOD })).status).toBe(200);
  });

  it('changing a password needs the current one or a fresh re-authentication', async () => {
    const { api, email } = await registered();
    clock.advance(11 * 60 * 1000); // past the 10-minute window
    expect((await api.post('/api/auth/refresh')).status).toBe(200); // as the client does every 4 minutes
    const stale = await api.post('/api/auth/setup-password', { password: 'A-brand-new-passphrase' });
    expect(stale.status).toBe(403);
    expect(stale.json.code).toBe('REAUTHENTICATION_REQUIRED');
    const wrongCurrent = await api.post('/api/auth/setup-password', { password: 'A-brand-new-passphrase', currentPassword: 'nope-nope-nope' });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.json.code).toBe('INVALID_CURRENT_PASSWORD');
    expect((await api.post('/api/auth/setup-password', { password: 'A-brand-new-passphrase', currentPassword: GOOD })).status).toBe(200);
    expect((await client().post('/api/auth/login', { email, password: 'A-brand-new-passphrase' })).status).toBe(200);
    clock.advance(11 * 60 * 1000);
    expect((await api.post('/api/auth/refresh')).status).toBe(200);
    expect((await api.post('/api/auth/reauthenticate', { method: 'PASSWORD', password: 'A-brand-new-passphrase' })).status).toBe(200);
    expect((await api.post('/api/auth/setup-password', { password: 'Yet-another-passphrase' })).status).toBe(200);
  });

  it('needs a session and a long enough password', async () => {
    expect((await client().post('/api/auth/setup-password', { password: GOOD })).status).toBe(401);
    const { api } = await registered();
    const short = await api.post('/api/auth/setup-password', { password: 'short' });
    expect(short.json.message).toBe('Password must be at least 8 characters');
  });
});

describe('sign-in methods', () => {
  it('GET /api/auth/methods lists methods, the preferred one and emailVerified', async () => {
    const { api } = await registered();
    const res = await api.get('/api/auth/methods');
    expect(res.json).toEqual({ success: true, methods: ['PASSWORD', 'MAGIC_LINK'], preferredMethod: 'PASSWORD', emailVerified: false });
    expect((await client().get('/api/auth/methods')).status).toBe(401);
  });

  it('DELETE /api/auth/methods needs a method, a recent sign-in, and never removes the last way in', async () => {
    const { api, email } = await registered();
    const missing = await api.request('DELETE', '/api/auth/methods', {});
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Authentication method is required');

    const removed = await api.request('DELETE', '/api/auth/methods', { method: 'MAGIC_LINK' });
    expect(removed.status).toBe(200);
    expect(removed.json.methods).toEqual(['PASSWORD']);
    // With magic links turned off, a link no longer signs this member in.
    const blocked = await viaMagicLink(client(), email);
    expect(blocked.status).toBe(403);
    expect(blocked.json.code).toBe('MAGIC_LINK_DISABLED');

    const last = await api.request('DELETE', '/api/auth/methods', { method: 'PASSWORD' });
    expect(last.status).toBe(422);
    expect(last.json).toMatchObject({ code: 'LAST_METHOD', message: 'You cannot remove your only way to sign in. Add another sign-in method first.' });

    clock.advance(11 * 60 * 1000);
    expect((await api.post('/api/auth/refresh')).status).toBe(200);
    const stale = await api.request('DELETE', '/api/auth/methods', { method: 'PASSWORD' });
    expect(stale.status).toBe(403);
    expect(stale.json.code).toBe('REAUTHENTICATION_REQUIRED');
  });

  it('removes the password of a member who can still sign in by link', async () => {
    const { api, email } = await registered();
    const res = await api.request('DELETE', '/api/auth/methods', { method: 'PASSWORD' });
    expect(res.json).toMatchObject({ methods: ['MAGIC_LINK'], preferredMethod: null });
    expect((await client().post('/api/auth/login', { email, password: GOOD })).status).toBe(401);
  });

  it('POST /api/auth/reauthenticate refuses a wrong password and an unknown method', async () => {
    const { api } = await registered();
    expect((await api.post('/api/auth/reauthenticate', { method: 'PASSWORD', password: 'wrong-password' })).status).toBe(401);
    expect((await api.post('/api/auth/reauthenticate', {})).json.message).toBe('Authentication method is required');
    expect((await api.post('/api/auth/reauthenticate', { method: 'SMS' })).json.message).toBe('Authentication method must be PASSWORD, PASSKEY, SOCIAL or MAGIC_LINK');
  });
});

describe('sessions list', () => {
  it('lists the member\'s active sessions and ends one, revoking it at once', async () => {
    const { email } = await registered();
    const laptop = new ApiClient(server.url, { 'user-agent': 'Laptop/1.0' });
    const phone = new ApiClient(server.url, { 'user-agent': 'Phone/2.0' });
    await laptop.post('/api/auth/login', { email, password: GOOD });
    await phone.post('/api/auth/login', { email, password: GOOD });
    const list = await laptop.get('/api/auth/sessions');
    expect(list.status).toBe(200);
    const agents = list.json.sessions.map((s: { userAgent: string }) => s.userAgent);
    expect(agents).toEqual(expect.arrayContaining(['Laptop/1.0', 'Phone/2.0']));
    const current = list.json.sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0].userAgent).toBe('Laptop/1.0');
    const phoneSession = list.json.sessions.find((s: { userAgent: string }) => s.userAgent === 'Phone/2.0');
    expect((await laptop.request('DELETE', `/api/auth/sessions/${phoneSession.id}`)).status).toBe(200);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await phone.post('/api/auth/refresh')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
  });

  it("cannot end another member's session", async () => {
    const a = await registered();
    const b = await registered();
    const theirs = (await b.api.get('/api/auth/sessions')).json.sessions[0].id;
    expect((await a.api.request('DELETE', `/api/auth/sessions/${theirs}`)).status).toBe(404);
    expect((await b.api.get('/api/auth/me')).status).toBe(200);
  });
});
