/** Passwords, sign-in methods, re-authentication and the sessions list against a real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWASP_ARGON2ID, parseArgon2Hash } from '../../adapters/crypto/password-hasher';
import { ApiClient, type ApiAnswer } from '../support/client';
import { testClock } from '../support/clock';
import { linkIn, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/server';
import { authenticatorFor } from '../support/software-authenticator';

const clock = testClock(new Date('2026-05-01T09:00:00Z'));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PASSWORD_POINTS: '1000', RATE_LIMIT_PASSWORD_IP_POINTS: '1000', RATE_LIMIT_MAGIC_LINK_POINTS: '1000', RATE_LIMIT_MAGIC_LINK_IP_POINTS: '1000' }, { overrides: { clock } });
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
  it('creates the account, signs in, and stores an argon2id hash with the OWASP parameters', async () => {
    const { api, email, user } = await registered();
    expect(user).toMatchObject({ email, firstName: 'Dagny', lastName: 'Taggart', hasPassword: true, preferredAuthMethod: 'PASSWORD', emailVerified: false, needsProfileCompletion: false });
    expect((await api.get('/api/auth/me')).status).toBe(200);
    const row = await server.services.database.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseArgon2Hash(row.password_hash!)).toEqual(OWASP_ARGON2ID);
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
    const { createPasswordHasher } = await import('../../adapters/crypto/password-hasher');
    const weak = await createPasswordHasher({ argon2: { memoryCost: 4096, timeCost: 1, parallelism: 1 } }).hash(GOOD);
    await server.services.database.db.updateTable('users').set({ password_hash: weak }).where('email', '=', email).execute();
    expect((await client().post('/api/auth/login', { email, password: GOOD })).status).toBe(200);
    const row = await server.services.database.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('online guessing', () => {
  // Five password checks per 10 minutes, per client IP and per address. Every test uses addresses
  // and client IPs of its own (X-Forwarded-For from a trusted proxy), so they cannot spend each
  // other's allowances.
  const ALLOWANCE = 5;
  let smtp: SmtpSink;
  let limited: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    // The same allowance per address and per client network, so each test can spend either.
    limited = await startTestServer({
      RATE_LIMIT_PASSWORD_POINTS: String(ALLOWANCE),
      RATE_LIMIT_PASSWORD_WINDOW_SECONDS: '600',
      RATE_LIMIT_PASSWORD_IP_POINTS: String(ALLOWANCE),
      RATE_LIMIT_PASSWORD_IP_WINDOW_SECONDS: '600',
      TRUSTED_PROXIES: 'loopback',
      SMTP_URL: smtp.url,
    });
  });
  afterAll(async () => {
    await limited.close();
    await smtp.close();
  });

  let ip = 0;
  const freshIp = () => `203.0.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  const from = (address = freshIp()) => new ApiClient(limited.url, { 'x-forwarded-for': address });
  const login = (api: ApiClient, email: string, password: string) => api.post('/api/auth/login', { email, password });

  /**
   * A member with a password, registered from a client IP of its own (registering counts per IP),
   * and signed in on a browser behind yet another IP, which has spent nothing.
   */
  async function member() {
    const email = uniqueEmail('guess');
    const registrar = from();
    const res = await registrar.post('/api/auth/register', { email, password: GOOD, firstName: 'Hank', lastName: 'Rearden' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const network = freshIp();
    const api = from(network);
    for (const [name, value] of registrar.cookies) api.cookies.set(name, value);
    return { email, api, network };
  }

  function expectLocked(res: ApiAnswer) {
    expect(res.status, JSON.stringify(res.json)).toBe(429);
    expect(res.json).toMatchObject({ success: false, code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 10 minutes.' });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(540);
    expect(retryAfter).toBeLessThanOrEqual(600);
  }

  const statuses = (answers: ApiAnswer[]) => answers.map((a) => a.status).sort();

  it('counts each guess before checking it: of 30 parallel guesses only the allowance reaches the check', async () => {
    const { email } = await member();
    const attacker = from();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(attacker, email, `wrong-guess-number-${i}`)));
    expect(answers.filter((a) => a.status === 401).every((a) => a.json.message === 'Invalid credentials')).toBe(true);
    expect(statuses(answers)).toEqual([...Array(ALLOWANCE).fill(401), ...Array(30 - ALLOWANCE).fill(429)]);
    for (const refused of answers.filter((a) => a.status === 429)) expectLocked(refused);
  });

  it('locks an address against every client IP once it has had its allowance of failures', async () => {
    const { email } = await member();
    const first = from();
    for (let i = 0; i < ALLOWANCE; i++) expect((await login(first, email, `wrong-${i}-guess`)).status).toBe(401);
    // Another IP, the right password: the address itself is locked.
    const second = from();
    expectLocked(await login(second, email, GOOD));
    // Asking about the address tells that IP its own allowance (one attempt spent), never the
    // address's, which is anyone else's business (issue 11 §7).
    expect((await second.get(`/api/auth/rate-limit?action=password&email=${encodeURIComponent(email)}`)).json.remaining).toBe(ALLOWANCE - 1);
    // That second IP has spent nothing of its own: another address still gets a real answer.
    expect((await login(second, uniqueEmail('other'), 'wrong-guess-here')).status).toBe(401);
  });

  it('locks one client IP across several addresses, leaving those addresses open to everyone else', async () => {
    const { email } = await member();
    const sprayer = from();
    for (let i = 0; i < ALLOWANCE; i++) expect((await login(sprayer, uniqueEmail('spray'), 'Summer-2026!')).status).toBe(401);
    expectLocked(await login(sprayer, email, GOOD));
    expectLocked(await login(sprayer, uniqueEmail('spray'), 'Summer-2026!'));
    expect((await login(from(), email, GOOD)).status).toBe(200);
  });

  it('gives a successful check its attempt back, but a success does not wipe earlier failures', async () => {
    const { email } = await member();
    const api = from();
    // Successes alone never lock anyone out (a shared office IP, a member signing in on every device).
    for (let i = 0; i < ALLOWANCE + 3; i++) expect((await login(api, email, GOOD)).status).toBe(200);
    const other = await member();
    const typist = from();
    for (let i = 0; i < ALLOWANCE - 1; i++) expect((await login(typist, other.email, `typo-${i}-password`)).status).toBe(401);
    expect((await login(typist, other.email, GOOD)).status).toBe(200);
    expect((await login(typist, other.email, 'one-more-typo')).status).toBe(401);
    expectLocked(await login(typist, other.email, GOOD));
  });

  it('during a password lock the member still signs in by e-mailed link and by passkey', async () => {
    const { email, api: registered, network } = await member();
    // The address proven first: an unproven account's password and passkeys go at its first
    // e-mailed link (account pre-hijacking), so the member sets the password again after it.
    const sent = smtp.mails.length;
    expect((await registered.post('/api/auth/magic-link', { email })).status).toBe(200);
    const proof = await registered.post('/api/auth/verify', { token: new URL(linkIn(await smtp.waitFor(email, { after: sent }))).searchParams.get('token') });
    expect(proof.json).toMatchObject({ success: true, accountReclaimed: true });
    expect((await registered.post('/api/auth/setup-password', { password: GOOD })).status).toBe(200);
    const device = authenticatorFor(limited.services.config.appUrl);
    const start = await registered.post('/api/auth/passkey/register', { name: 'Laptop' });
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    expect((await registered.post('/api/auth/verify-passkey', { credential: device.create(start.json.data), setAsPreferred: false })).status).toBe(200);

    const attacker = from();
    for (let i = 0; i < ALLOWANCE; i++) expect((await login(attacker, email, `wrong-${i}-guess`)).status).toBe(401);
    // The member, signed out, on their own network: the one that asked for the address's latest
    // link, so a new link is sent at once (another network would be paced for a minute).
    const owner = from(network);
    expectLocked(await login(owner, email, GOOD));

    // A real link through SMTP, opened by the member.
    const before = smtp.mails.length;
    expect((await owner.post('/api/auth/magic-link', { email })).status).toBe(200);
    const token = new URL(linkIn(await smtp.waitFor(email, { after: before }))).searchParams.get('token');
    const verified = await owner.post('/api/auth/verify', { token });
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    expect((await owner.get('/api/auth/me')).json.user.email).toBe(email);

    // A passkey sign-in on another browser.
    const laptop = from();
    const options = await laptop.post('/api/auth/passkey/authenticate/options', {});
    const signedIn = await laptop.post('/api/auth/passkey/authenticate', { credential: device.get(options.json.data) });
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    expect((await laptop.get('/api/auth/me')).json.user.email).toBe(email);

    // The password stays locked until its window ends.
    expectLocked(await login(from(), email, GOOD));
  });

  it('answers a locked re-authentication like a locked login: 429 with Retry-After', async () => {
    const { email, api } = await member();
    const attacker = from();
    for (let i = 0; i < ALLOWANCE; i++) expect((await login(attacker, email, `wrong-${i}-guess`)).status).toBe(401);
    expectLocked(await api.post('/api/auth/reauthenticate', { method: 'PASSWORD', password: GOOD }));
  });

  it('counts re-authentication guesses before checking them, in parallel too', async () => {
    const { api } = await member();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => api.post('/api/auth/reauthenticate', { method: 'PASSWORD', password: `wrong-guess-${i}` })));
    expect(statuses(answers)).toEqual([...Array(ALLOWANCE).fill(401), ...Array(20 - ALLOWANCE).fill(429)]);
    expectLocked(await api.post('/api/auth/reauthenticate', { method: 'PASSWORD', password: GOOD }));
  });

  it('counts a wrong current password on setup-password, and then refuses the right one too', async () => {
    const { api } = await member();
    for (let i = 0; i < ALLOWANCE; i++) {
      const wrong = await api.post('/api/auth/setup-password', { password: 'A-brand-new-passphrase', currentPassword: `not-it-${i}` });
      expect(wrong.status).toBe(400);
      expect(wrong.json.code).toBe('INVALID_CURRENT_PASSWORD');
    }
    expectLocked(await api.post('/api/auth/setup-password', { password: 'A-brand-new-passphrase', currentPassword: GOOD }));
  });

  it('counts registrations against the per-IP password limit', async () => {
    const office = from();
    for (let i = 0; i < ALLOWANCE; i++) {
      expect((await office.post('/api/auth/register', { email: uniqueEmail('reg'), password: GOOD, firstName: 'A', lastName: 'B' })).status).toBe(200);
    }
    expectLocked(await office.post('/api/auth/register', { email: uniqueEmail('reg'), password: GOOD, firstName: 'A', lastName: 'B' }));
    expectLocked(await login(office, uniqueEmail('reg'), GOOD));
  });

  it('lets the lock expire', async () => {
    // A window long enough for four scrypt logins on a loaded machine; the wait at the end follows
    // the server's own Retry-After, so the test does not depend on how fast the logins ran.
    const short = await startTestServer({
      RATE_LIMIT_PASSWORD_POINTS: '3',
      RATE_LIMIT_PASSWORD_WINDOW_SECONDS: '10',
      RATE_LIMIT_PASSWORD_IP_POINTS: '3',
      RATE_LIMIT_PASSWORD_IP_WINDOW_SECONDS: '10',
      TRUSTED_PROXIES: 'loopback',
    });
    try {
      const email = `locked.${Date.now()}@example.org`;
      const setup = new ApiClient(short.url, { 'x-forwarded-for': '1.1.1.1' });
      expect((await setup.post('/api/auth/register', { email, password: GOOD, firstName: 'A', lastName: 'B' })).status).toBe(200);
      const attacker = new ApiClient(short.url);
      for (let i = 0; i < 3; i++) expect((await attacker.post('/api/auth/login', { email, password: `wrong-${i}-guess` })).status).toBe(401);
      const locked = await attacker.post('/api/auth/login', { email, password: GOOD });
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(locked.json.message).toMatch(/^Too many attempts\. Please try again in 1 minute\.$/);
      const magic = await short.services.auth.deps.rateLimiter.peek('magic-link', `email:${email}|ip:127.0.0.1`);
      expect(magic.remaining).toBeGreaterThan(0);
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(10);
      await new Promise((r) => setTimeout(r, retryAfter * 1000 + 300));
      expect((await new ApiClient(short.url).post('/api/auth/login', { email, password: GOOD })).status).toBe(200);
    } finally {
      await short.close();
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

  it('refuses one of the 10,000 most common passwords with the common-password message', async () => {
    const { api } = await registered();
    const res = await api.post('/api/auth/setup-password', { password: 'Password1', currentPassword: GOOD });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: 'This password is too common. Please choose one that is harder to guess.' });
    expect(res.json.errors).toEqual([{ path: 'password', message: 'This password is too common. Please choose one that is harder to guess.' }]);
    const fresh = client();
    await viaMagicLink(fresh, uniqueEmail('ml'));
    expect((await fresh.post('/api/auth/setup-password', { password: 'iloveyou1' })).json.code).toBe('PASSWORD_TOO_COMMON');
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
    // A proven address: an unproven account's settings do not bind the owner's first link.
    const email = uniqueEmail();
    const api = client();
    expect((await viaMagicLink(api, email)).status).toBe(200);
    expect((await api.post('/api/auth/setup-password', { password: GOOD })).status).toBe(200);
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
