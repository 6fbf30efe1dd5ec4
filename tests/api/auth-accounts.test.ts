/**
 * Who may hold an account, against a real server and the test PostgreSQL/Redis (issue 11):
 * roles tied to an address only once it is proven, an account set up by someone else for an
 * address reclaimed by its owner's first e-mailed link, a recent sign-in to add a way in, the
 * password allowance of setting a password, and a link consumed only together with its session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../../application/ports/key-value-store';
import { ApiClient, type ApiAnswer } from '../support/client';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/server';
import { authenticatorFor } from '../support/software-authenticator';

const clock = testClock(new Date('2026-07-01T09:00:00Z'));
const ADMIN = 'chief@example.org';
const PASSWORD_ALLOWANCE = 3;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(
    {
      ADMIN_EMAILS: `${ADMIN},Second.Chief@Example.org,third.chief@example.org`,
      RATE_LIMIT_MAGIC_LINK_POINTS: '1000',
      RATE_LIMIT_PASSWORD_POINTS: String(PASSWORD_ALLOWANCE),
      RATE_LIMIT_PASSWORD_WINDOW_SECONDS: '600',
      TRUSTED_PROXIES: 'loopback',
    },
    { overrides: { clock } },
  );
});
afterAll(async () => server.close());

let n = 0;
const uniqueEmail = (stem = 'acct') => `${stem}.${Date.now()}.${n++}@example.org`;
// Every browser comes from a client IP of its own, so no test spends another's password allowance.
let ip = 0;
const client = () => new ApiClient(server.url, { 'x-forwarded-for': `198.51.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}` });
const GOOD = 'Galt-Gulch-Motor-1957';
const OTHER = 'Rearden-Metal-Bridge-1957';

async function register(api: ApiClient, email: string, password = GOOD) {
  const res = await api.post('/api/auth/register', { email, password, firstName: 'Ellsworth', lastName: 'Toohey' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
}

async function viaMagicLink(api: ApiClient, email: string) {
  // Each client is its own network: past the pacing minute, so another network's link for the
  // same address does not hold this one back (domain/auth/magic-link-pacing.ts).
  clock.advance(61 * 1000);
  const before = server.services.devMailbox!.list(email).length;
  expect((await api.post('/api/auth/magic-link', { email })).status).toBe(200);
  const mails = server.services.devMailbox!.list(email);
  expect(mails.length).toBeGreaterThan(before);
  const token = new URL(/https?:\/\/\S+token=\S+/.exec(mails[0]!.text)![0]).searchParams.get('token')!;
  return { token, res: await api.post('/api/auth/verify', { token }) };
}

async function addPasskey(api: ApiClient) {
  const device = authenticatorFor(server.services.config.appUrl);
  const options = await api.post('/api/auth/passkey/register', { name: 'Laptop' });
  expect(options.status, JSON.stringify(options.json)).toBe(200);
  const added = await api.post('/api/auth/verify-passkey', { credential: device.create(options.json.data), setAsPreferred: false });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  return device;
}

async function passkeySignIn(api: ApiClient, device: ReturnType<typeof authenticatorFor>) {
  const options = await api.post('/api/auth/passkey/authenticate/options', {});
  return api.post('/api/auth/passkey/authenticate', { credential: device.get(options.json.data) });
}

const rolesOf = async (api: ApiClient) => ((await api.get('/api/auth/me')).json.user?.roles ?? null) as string[] | null;

/** Makes the browser's session older than the 10-minute window and gives it a fresh access token. */
async function stale(api: ApiClient) {
  clock.advance(11 * 60 * 1000);
  expect((await api.post('/api/auth/refresh')).status).toBe(200);
}

function expectReauthenticationRequired(res: ApiAnswer) {
  expect(res.status, JSON.stringify(res.json)).toBe(403);
  expect(res.json).toMatchObject({ success: false, code: 'REAUTHENTICATION_REQUIRED', message: 'Please confirm it is you: re-authenticate to continue.' });
}

describe('roles tied to an address', () => {
  it('gives no ADMIN to an ADMIN_EMAILS address registered with a password, at registration or at a password login', async () => {
    const attacker = client();
    const registered = await register(attacker, ADMIN);
    expect(registered.json.user).toMatchObject({ email: ADMIN, emailVerified: false, roles: ['MEMBER'] });
    expect(await rolesOf(attacker)).toEqual(['MEMBER']);
    expect((await attacker.get('/api/admin/users')).status).toBe(403);

    const again = client();
    const login = await again.post('/api/auth/login', { email: ADMIN, password: GOOD });
    expect(login.status).toBe(200);
    expect(login.json.user.roles).toEqual(['MEMBER']);
    const row = await server.services.auth.deps.users.byEmail(ADMIN);
    expect(row?.roles).toEqual(['MEMBER']);
  });

  it('gives no ADMIN at a passkey sign-in to an unproven ADMIN_EMAILS address, and grants it once the owner proves the address', async () => {
    const attacker = client();
    await register(attacker, 'second.chief@example.org');
    const device = await addPasskey(attacker);
    const signedIn = await passkeySignIn(client(), device);
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    expect(signedIn.json.user.roles).toEqual(['MEMBER']);

    // The owner opens an e-mailed link: the address is proven, and ADMIN_EMAILS applies.
    const owner = client();
    const { res } = await viaMagicLink(owner, 'second.chief@example.org');
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ emailVerified: true, roles: ['MEMBER', 'ADMIN'] });
    expect((await owner.get('/api/admin/users')).status).toBe(200);
  });

  it("says in a member's record that configuration grants ADMIN only once the address is proven", async () => {
    // A configured address, set up by password and never proven, and an administrator to look at it.
    await register(client(), 'third.chief@example.org');
    const third = await server.services.auth.deps.users.byEmail('third.chief@example.org');
    const boss = client();
    await viaMagicLink(boss, 'second.chief@example.org');
    const record = await boss.get(`/api/admin/users/${third!.id}`);
    expect(record.status, JSON.stringify(record.json)).toBe(200);
    expect(record.json.adminByConfiguration).toBe(false);
    expect(record.json.user.roles).toEqual(['MEMBER']);
  });
});

describe('account pre-hijacking', () => {
  it("ends the attacker's password, passkey and session when the owner first signs in by link, and tells the owner", async () => {
    const victim = uniqueEmail('victim');
    const attacker = client();
    await register(attacker, victim);
    const device = await addPasskey(attacker);
    // The attacker also turns sign-in by link off, to keep the owner out.
    expect((await attacker.request('DELETE', '/api/auth/methods', { method: 'MAGIC_LINK' })).status).toBe(200);
    expect(await rolesOf(attacker)).toEqual(['MEMBER']);

    const owner = client();
    const { res } = await viaMagicLink(owner, victim);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ success: true, accountReclaimed: true, user: { email: victim, emailVerified: true, hasPassword: false, hasPasskey: false } });

    // Everything the attacker set up has stopped working.
    expect((await attacker.get('/api/auth/me')).status).toBe(401);
    expect((await attacker.post('/api/auth/refresh')).status).toBe(401);
    expect((await client().post('/api/auth/login', { email: victim, password: GOOD })).status).toBe(401);
    expect((await passkeySignIn(client(), device)).status).toBe(401);
    // The owner is signed in, can sign in by link again, and sees what happened in the timeline.
    expect((await owner.get('/api/auth/me')).json.user.email).toBe(victim);
    const methods = await owner.get('/api/auth/methods');
    expect(methods.json).toMatchObject({ methods: ['MAGIC_LINK'], emailVerified: true });
    const events = await owner.get('/api/auth/security/events');
    const reclaimed = events.json.events.find((e: { kind: string }) => e.kind === 'account_reclaimed');
    expect(reclaimed).toMatchObject({ label: 'Your address was confirmed', note: 'Sign-in methods and sessions set up before it was confirmed were removed', method: 'Email link' });
  });

  it('keeps the ways in of a member whose address is already proven, and says nothing was reclaimed', async () => {
    const email = uniqueEmail('proven');
    const first = client();
    expect((await viaMagicLink(first, email)).res.json.accountReclaimed).toBe(false);
    expect((await first.post('/api/auth/setup-password', { password: GOOD, setAsPreferred: true })).status).toBe(200);

    const second = client();
    const { res } = await viaMagicLink(second, email);
    expect(res.json.accountReclaimed).toBe(false);
    expect(res.json.user.hasPassword).toBe(true);
    expect((await client().post('/api/auth/login', { email, password: GOOD })).status).toBe(200);
  });
});

describe('adding a way in needs a recent sign-in', () => {
  it('refuses a first password from a session older than 10 minutes until it re-authenticates', async () => {
    const api = client();
    await viaMagicLink(api, uniqueEmail('first-pw'));
    await stale(api);
    expectReauthenticationRequired(await api.post('/api/auth/setup-password', { password: GOOD }));
    expect((await api.get('/api/auth/methods')).json.methods).toEqual(['MAGIC_LINK']);
    expectReauthenticationRequired(await api.post('/api/auth/reauthenticate/check'));
  });

  it('refuses to start or finish registering a passkey from a stale session, and lets a re-authenticated one', async () => {
    const api = client();
    await register(api, uniqueEmail('stale-passkey'));
    const device = authenticatorFor(server.services.config.appUrl);
    // Options asked for just inside the window (their challenge lives 5 minutes), answered just after it.
    clock.advance(9 * 60 * 1000);
    expect((await api.post('/api/auth/refresh')).status).toBe(200);
    const options = await api.post('/api/auth/passkey/register', { name: 'Laptop' });
    expect(options.status).toBe(200);
    clock.advance(2 * 60 * 1000);
    expect((await api.post('/api/auth/refresh')).status).toBe(200);
    expectReauthenticationRequired(await api.post('/api/auth/verify-passkey', { credential: device.create(options.json.data), setAsPreferred: false }));
    expectReauthenticationRequired(await api.post('/api/auth/passkey/register', { name: 'Laptop' }));
    expect((await api.get('/api/auth/passkey/list')).json.passkeys).toEqual([]);

    expect((await api.post('/api/auth/reauthenticate', { method: 'PASSWORD', password: GOOD })).status).toBe(200);
    expect((await api.post('/api/auth/reauthenticate/check')).status).toBe(200);
    // The same answer, sent again once the session has proved who it is (its challenge was never spent).
    const added = await api.post('/api/auth/verify-passkey', { credential: device.create(options.json.data), setAsPreferred: false });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
  });
});

describe('setting a password counts against the password allowance', () => {
  it('refuses the set after the allowance, before hashing anything', async () => {
    const api = client();
    await viaMagicLink(api, uniqueEmail('hash-flood'));
    const deps = server.services.auth.deps;
    const real = deps.passwords;
    let hashes = 0;
    const counting = Object.create(real) as typeof real;
    counting.hash = async (password: string) => (hashes++, real.hash(password));
    deps.passwords = counting;
    try {
      for (let i = 0; i < PASSWORD_ALLOWANCE; i++) expect((await api.post('/api/auth/setup-password', { password: `${GOOD}-${i}` })).status).toBe(200);
      const refused = await api.post('/api/auth/setup-password', { password: OTHER });
      expect(refused.status).toBe(429);
      expect(refused.json.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(hashes).toBe(PASSWORD_ALLOWANCE);
    } finally {
      deps.passwords = real;
    }
  });
});

describe('a link is consumed only together with its session', () => {
  /** Makes the next write of an access token fail, as a store that drops out mid-sign-in would. */
  function failNextAccessTokenWrite() {
    const deps = server.services.auth.deps;
    const real = deps.kv;
    let armed = true;
    const failing: KeyValueStore = Object.create(real) as KeyValueStore;
    failing.set = async (key, value, options) => {
      if (armed && key.includes('access')) {
        armed = false;
        throw new Error('injected: the token store dropped out');
      }
      return real.set(key, value, options);
    };
    deps.kv = failing;
    return () => void (deps.kv = real);
  }

  it('leaves the link usable, and no member or session made, when starting the session fails', async () => {
    const email = uniqueEmail('half-written');
    const api = client();
    expect((await api.post('/api/auth/magic-link', { email })).status).toBe(200);
    const token = new URL(/https?:\/\/\S+token=\S+/.exec(server.services.devMailbox!.list(email)[0]!.text)![0]).searchParams.get('token')!;

    const restore = failNextAccessTokenWrite();
    let failed: ApiAnswer;
    try {
      failed = await api.post('/api/auth/verify', { token });
    } finally {
      restore();
    }
    expect(failed.status).toBe(500);
    expect(await server.services.auth.deps.users.byEmail(email)).toBeNull();
    expect((await api.get('/api/auth/me')).status).toBe(401);

    // The same link, opened again, signs the member in; then it is spent.
    const retried = await api.post('/api/auth/verify', { token });
    expect(retried.status, JSON.stringify(retried.json)).toBe(200);
    expect((await api.get('/api/auth/me')).json.user.email).toBe(email);
    const user = await server.services.auth.deps.users.byEmail(email);
    expect(await server.services.auth.deps.sessions.listActive(user!.id, clock.now())).toHaveLength(1);
    expect((await client().post('/api/auth/verify', { token })).json.code).toBe('TOKEN_ALREADY_USED');
  });

  it('makes no account when a registration cannot start its session, so registering again works', async () => {
    const email = uniqueEmail('half-registered');
    const api = client();
    const restore = failNextAccessTokenWrite();
    try {
      expect((await api.post('/api/auth/register', { email, password: GOOD, firstName: 'Ellsworth', lastName: 'Toohey' })).status).toBe(500);
    } finally {
      restore();
    }
    expect(await server.services.auth.deps.users.byEmail(email)).toBeNull();
    await register(api, email);
    expect((await api.get('/api/auth/me')).json.user.email).toBe(email);
  });

  it('leaves an unproven account as it was, attacker included, when the reclaiming sign-in fails', async () => {
    const email = uniqueEmail('half-reclaimed');
    const attacker = client();
    await register(attacker, email);
    const owner = client();
    expect((await owner.post('/api/auth/magic-link', { email })).status).toBe(200);
    const token = new URL(/https?:\/\/\S+token=\S+/.exec(server.services.devMailbox!.list(email)[0]!.text)![0]).searchParams.get('token')!;

    const restore = failNextAccessTokenWrite();
    try {
      expect((await owner.post('/api/auth/verify', { token })).status).toBe(500);
    } finally {
      restore();
    }
    // Nothing was half-done: the account is still unproven and its password still set.
    const row = await server.services.auth.deps.users.byEmail(email);
    expect(row).toMatchObject({ emailVerified: false });
    expect(row!.passwordHash).not.toBeNull();

    const retried = await owner.post('/api/auth/verify', { token });
    expect(retried.json).toMatchObject({ success: true, accountReclaimed: true });
    expect((await attacker.get('/api/auth/me')).status).toBe(401);
  });
});
