/**
 * Passkeys against a real server, with a software authenticator standing in for the browser's:
 * registration, the list, rename and removal, sign-in (cookies and bearer), re-authentication,
 * and the security properties: each single corruption of an answer is refused, challenges work
 * once and expire, a counter that does not move past the stored one is refused, and a removed
 * passkey stops working at once.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiAnswer } from '../support/client';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/server';
import { authenticatorFor, b64url, type Corruption, type SoftwareAuthenticator } from '../support/software-authenticator';

const clock = testClock(new Date('2026-05-01T09:00:00Z'));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PASSKEY_POINTS: '10000', RATE_LIMIT_MAGIC_LINK_POINTS: '10000', RATE_LIMIT_MAGIC_LINK_IP_POINTS: '10000' }, { overrides: { clock } });
});
afterAll(async () => server.close());

let n = 0;
const uniqueEmail = (stem = 'pk') => `${stem}.${Date.now()}.${n++}@example.org`;
const client = () => new ApiClient(server.url);
const authenticator = (options: Parameters<typeof authenticatorFor>[1] = {}) => authenticatorFor(server.services.config.appUrl, options);
const MINUTE = 60_000;

/** A member signed in by magic link. */
async function member(email = uniqueEmail()) {
  const api = client();
  await api.post('/api/auth/magic-link', { email });
  const mail = server.services.devMailbox!.list(email)[0]!;
  const token = new URL(/https?:\/\/\S+token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
  const res = await api.post('/api/auth/verify', { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { api, email, userId: res.json.user.id as string };
}

async function addPasskey(api: ApiClient, device: SoftwareAuthenticator, body: { name?: string; setAsPreferred?: boolean } = {}, corrupt: Corruption = {}) {
  const start = await api.post('/api/auth/passkey/register', body.name ? { name: body.name } : {});
  expect(start.status, JSON.stringify(start.json)).toBe(200);
  const credential = device.create(start.json.data, corrupt);
  return api.post('/api/auth/verify-passkey', { credential, setAsPreferred: body.setAsPreferred ?? false });
}

async function memberWithPasskey(options: Parameters<typeof authenticatorFor>[1] = {}) {
  const m = await member();
  const device = authenticator(options);
  const res = await addPasskey(m.api, device, { name: 'Laptop' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { ...m, device, passkeyId: res.json.passkey.id as string };
}

/** The browser's sign-in: options, then the authenticator's assertion (optionally corrupted). */
async function signIn(device: SoftwareAuthenticator, corrupt: Corruption = {}, api = client(), headers: Record<string, string> = {}) {
  const options = await api.post('/api/auth/passkey/authenticate/options', {}, headers);
  expect(options.status, JSON.stringify(options.json)).toBe(200);
  const credential = device.get(options.json.data, corrupt);
  const res = await api.post('/api/auth/passkey/authenticate', { credential }, headers);
  return { api, res, credential };
}

async function lastSignInFailure() {
  return server.services.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', 'sign_in')
    .where('outcome', '=', 'failure')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

function expectRefused(res: ApiAnswer, status: number, code = 'PASSKEY_VERIFICATION_FAILED') {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json.success).toBe(false);
  expect(res.json.code).toBe(code);
  expect(res.headers.getSetCookie()).toEqual([]);
}

describe('POST /api/auth/passkey/register', () => {
  it('answers public-key creation options under data, for a discoverable credential on APP_URL', async () => {
    const { api, email, userId } = await member();
    const res = await api.post('/api/auth/passkey/register', { name: 'Laptop' });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.data).toMatchObject({
      rp: { id: 'localhost', name: expect.any(String) },
      user: { id: b64url(Buffer.from(userId)), name: email },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      timeout: 300_000,
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    // The challenge is kept under auth: for five minutes.
    const ttl = await server.services.kv.ttl(`auth:passkey:register:${res.json.data.challenge}`);
    expect(ttl).toBeGreaterThan(290);
    expect(ttl).toBeLessThanOrEqual(300);
  });

  it('needs a session', async () => {
    const res = await client().post('/api/auth/passkey/register', {});
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('Not authenticated');
  });

  it('excludes the passkeys the member has, so one authenticator is not registered twice', async () => {
    const { api, device } = await memberWithPasskey();
    const res = await api.post('/api/auth/passkey/register', {});
    expect(res.json.data.excludeCredentials).toEqual([{ id: b64url(device.credentials[0]!.id), type: 'public-key', transports: ['internal', 'hybrid'] }]);
    expect(() => device.create(res.json.data)).toThrow(/InvalidStateError/);
  });
});

describe('POST /api/auth/verify-passkey', () => {
  it('stores the passkey: hasPasskey, PASSKEY among the methods, and preferred when asked', async () => {
    const { api } = await member();
    const res = await addPasskey(api, authenticator(), { name: 'Work laptop', setAsPreferred: true });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ hasPasskey: true, preferredAuthMethod: 'PASSKEY' });
    expect(res.json.passkey).toEqual({ id: expect.any(String), name: 'Work laptop', deviceType: 'singleDevice', backedUp: false, transports: ['internal', 'hybrid'], createdAt: clock.now().toISOString(), lastUsedAt: null });
    expect((await api.get('/api/auth/me')).json.user.hasPasskey).toBe(true);
    expect((await api.get('/api/auth/auth-status')).json.user.hasPasskey).toBe(true);
    expect((await api.get('/api/auth/methods')).json).toEqual({ success: true, methods: ['PASSKEY', 'MAGIC_LINK'], preferredMethod: 'PASSKEY', emailVerified: true });
  });

  it('names a passkey without a name, and records a synced one as multiDevice', async () => {
    const { api } = await member();
    const res = await addPasskey(api, authenticator({ synced: true }));
    expect(res.json.passkey).toMatchObject({ name: 'Passkey', deviceType: 'multiDevice', backedUp: true });
  });

  it('names a passkey after its provider from the AAGUID, numbering a second one of the same provider, and keeps the rename', async () => {
    const GOOGLE = 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4';
    const { api } = await member();
    const first = await addPasskey(api, authenticator({ aaguid: GOOGLE, synced: true }));
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.passkey.name).toBe('Google Password Manager');
    const second = await addPasskey(api, authenticator({ aaguid: GOOGLE.toUpperCase() }));
    expect(second.json.passkey.name).toBe('Google Password Manager 2');
    const onePassword = await addPasskey(api, authenticator({ aaguid: 'bada5566-a7aa-401f-bd96-45619a55120d' }));
    expect(onePassword.json.passkey.name).toBe('1Password');
    const unknown = await addPasskey(api, authenticator({ aaguid: '12345678-1234-4321-8765-123456789abc' }));
    expect(unknown.json.passkey.name).toBe('Passkey');
    const undisclosed = await addPasskey(api, authenticator());
    expect(undisclosed.json.passkey.name).toBe('Passkey 2');
    const chosen = await addPasskey(api, authenticator({ aaguid: GOOGLE }), { name: 'Work phone' });
    expect(chosen.json.passkey.name).toBe('Work phone');

    const renamed = await api.request('PATCH', `/api/auth/passkey/${first.json.passkey.id}`, { name: 'Pixel' });
    expect(renamed.json.passkey.name).toBe('Pixel');
    // The provider's own name is free again, so the next one of that provider takes it.
    expect((await addPasskey(api, authenticator({ aaguid: GOOGLE }))).json.passkey.name).toBe('Google Password Manager');
    const listed: string[] = (await api.get('/api/auth/passkey/list')).json.passkeys.map((p: { name: string }) => p.name);
    expect(listed.sort()).toEqual(['1Password', 'Google Password Manager', 'Google Password Manager 2', 'Passkey', 'Passkey 2', 'Pixel', 'Work phone']);
  });

  it.each<[string, Corruption, string]>([
    ['an assertion type', { type: 'webauthn.get' }, 'type'],
    ['a foreign origin', { origin: 'https://evil.example' }, 'origin'],
    ['another RP ID hash', { rpId: 'evil.example' }, 'rp-id'],
    ['the user-presence flag clear', { userPresent: false }, 'user-presence'],
    ['the user-verification flag clear', { userVerified: false }, 'user-verification'],
  ])('refuses a new credential with %s, storing nothing', async (_label, corrupt, reason) => {
    const { api, userId } = await member();
    const res = await addPasskey(api, authenticator(), {}, corrupt);
    expectRefused(res, 400);
    expect(res.json.message).toBe('Passkey verification failed');
    expect((await api.get('/api/auth/passkey/list')).json.total).toBe(0);
    const [event] = await server.services.auth.deps.audit.forUser(userId, 1);
    expect(event).toMatchObject({ action: 'passkey.registered', outcome: 'failure', detail: { reason } });
  });

  it('uses a registration challenge once, and never one that was not issued', async () => {
    const { api } = await member();
    const device = authenticator();
    const start = await api.post('/api/auth/passkey/register', {});
    const credential = device.create(start.json.data);
    expect((await api.post('/api/auth/verify-passkey', { credential })).status).toBe(200);
    expectRefused(await api.post('/api/auth/verify-passkey', { credential }), 400, 'PASSKEY_CHALLENGE_EXPIRED');
    const forged = authenticator().create({ ...start.json.data, challenge: b64url(Buffer.alloc(32, 3)) });
    expectRefused(await api.post('/api/auth/verify-passkey', { credential: forged }), 400, 'PASSKEY_CHALLENGE_EXPIRED');
  });

  it('expires a registration challenge after 5 minutes', async () => {
    const { api } = await member();
    const start = await api.post('/api/auth/passkey/register', {});
    const credential = authenticator().create(start.json.data);
    clock.advance(5 * MINUTE + 1000);
    expect((await api.post('/api/auth/refresh')).status).toBe(200); // the access token lives 5 minutes
    expectRefused(await api.post('/api/auth/verify-passkey', { credential }), 400, 'PASSKEY_CHALLENGE_EXPIRED');
  });

  it("refuses a credential registered already to another member", async () => {
    const alice = await memberWithPasskey();
    const bob = await member();
    const start = await bob.api.post('/api/auth/passkey/register', {});
    const cloned = alice.device.create(start.json.data, {}, alice.device.credentials[0]);
    const res = await bob.api.post('/api/auth/verify-passkey', { credential: cloned });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('PASSKEY_ALREADY_REGISTERED');
  });

  it('answers the validation messages', async () => {
    const { api } = await member();
    const missing = await api.post('/api/auth/verify-passkey', {});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Passkey credential is required', errors: [{ path: 'credential', message: 'Passkey credential is required' }] });
    expect((await api.post('/api/auth/verify-passkey', { credential: { id: 'x' } })).json.message).toBe('Invalid passkey credential');
    expect((await api.post('/api/auth/passkey/register', { name: 'x'.repeat(101) })).json.message).toBe('Passkey name must be at most 100 characters');
    // Without a session the session is checked first: 401, never a validation message.
    expect((await client().post('/api/auth/verify-passkey', {})).status).toBe(401);
  });
});

describe('GET /api/auth/passkey/list, PATCH and DELETE /api/auth/passkey/{id}', () => {
  it("lists the member's own passkeys as a page, never a key", async () => {
    const { api, device } = await memberWithPasskey();
    clock.advance(1000); // oldest first: the second one is made a second later
    await addPasskey(api, authenticator(), { name: 'Phone' });
    await memberWithPasskey(); // someone else's
    const res = await api.get('/api/auth/passkey/list');
    expect(res.json).toMatchObject({ success: true, total: 2, page: 1, limit: 25, totalPages: 1 });
    expect(res.json.passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(JSON.stringify(res.json)).not.toContain(b64url(device.credentials[0]!.id));
    expect(Object.keys(res.json.passkeys[0]).sort()).toEqual(['backedUp', 'createdAt', 'deviceType', 'id', 'lastUsedAt', 'name', 'transports']);
    const paged = await api.get('/api/auth/passkey/list?page=2&limit=1');
    expect(paged.json).toMatchObject({ total: 2, page: 2, limit: 1, totalPages: 2, passkeys: [{ name: 'Phone' }] });
    expect((await client().get('/api/auth/passkey/list')).status).toBe(401);
  });

  it('renames a passkey of the member, and only theirs', async () => {
    const alice = await memberWithPasskey();
    const bob = await member();
    const renamed = await alice.api.request('PATCH', `/api/auth/passkey/${alice.passkeyId}`, { name: '  Old laptop ' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.passkey.name).toBe('Old laptop');
    expect((await bob.api.request('PATCH', `/api/auth/passkey/${alice.passkeyId}`, { name: 'Mine' })).status).toBe(404);
    expect((await alice.api.request('PATCH', `/api/auth/passkey/not-a-passkey`, { name: 'Mine' })).status).toBe(404);
    const blank = await alice.api.request('PATCH', `/api/auth/passkey/${alice.passkeyId}`, { name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe('Passkey name is required');
  });

  it('removes a passkey, which stops working at once, even for a sign-in already under way', async () => {
    const { api, device, passkeyId } = await memberWithPasskey();
    const pending = await client().post('/api/auth/passkey/authenticate/options', {});
    const removed = await api.request('DELETE', `/api/auth/passkey/${passkeyId}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ success: true, methods: ['MAGIC_LINK'], preferredMethod: null, emailVerified: true });
    expectRefused((await signIn(device)).res, 401);
    expectRefused(await client().post('/api/auth/passkey/authenticate', { credential: device.get(pending.json.data) }), 401);
    expect((await api.get('/api/auth/me')).json.user.hasPasskey).toBe(false);
    expect((await api.request('DELETE', `/api/auth/passkey/${passkeyId}`)).status).toBe(404);
  });

  it('needs a recent sign-in, and never removes the last way in', async () => {
    const { api, passkeyId } = await memberWithPasskey();
    expect((await api.request('DELETE', '/api/auth/methods', { method: 'MAGIC_LINK' })).json.methods).toEqual(['PASSKEY']);
    const last = await api.request('DELETE', `/api/auth/passkey/${passkeyId}`);
    expect(last.status).toBe(422);
    expect(last.json).toMatchObject({ code: 'LAST_METHOD', message: 'You cannot remove your only way to sign in. Add another sign-in method first.' });
    const second = await addPasskey(api, authenticator(), { name: 'Spare' });
    clock.advance(11 * MINUTE);
    expect((await api.post('/api/auth/refresh')).status).toBe(200);
    const stale = await api.request('DELETE', `/api/auth/passkey/${second.json.passkey.id}`);
    expect(stale.status).toBe(403);
    expect(stale.json.code).toBe('REAUTHENTICATION_REQUIRED');
  });

  it('DELETE /api/auth/methods with PASSKEY removes every passkey', async () => {
    const { api, device } = await memberWithPasskey();
    await addPasskey(api, authenticator());
    const res = await api.request('DELETE', '/api/auth/methods', { method: 'PASSKEY' });
    expect(res.json).toEqual({ success: true, methods: ['MAGIC_LINK'], preferredMethod: null, emailVerified: true });
    expect((await api.get('/api/auth/passkey/list')).json.total).toBe(0);
    expectRefused((await signIn(device)).res, 401);
  });
});

describe('sign-in with a passkey', () => {
  it('answers request options with an empty allowCredentials, without a session', async () => {
    const res = await client().post('/api/auth/passkey/authenticate/options', {});
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), rpId: 'localhost', allowCredentials: [], userVerification: 'preferred', timeout: 300_000 });
  });

  it('starts a PASSKEY session with cookies, records the use, and audits the sign-in', async () => {
    const { device, userId, passkeyId, email } = await memberWithPasskey();
    const { api, res } = await signIn(device, {}, new ApiClient(server.url, { 'user-agent': 'Phone/1.0' }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.user).toMatchObject({ id: userId, email, hasPasskey: true, lastLoginAt: clock.now().toISOString() });
    expect(res.json.accessToken).toBeUndefined();
    expect([...api.cookies.keys()].sort()).toEqual(['olp_access', 'olp_refresh']);
    expect((await api.get('/api/auth/me')).json.user.id).toBe(userId);
    const sessions = (await api.get('/api/auth/sessions')).json.sessions;
    expect(sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ method: 'PASSKEY', userAgent: 'Phone/1.0' });
    const listed = (await api.get('/api/auth/passkey/list')).json.passkeys.find((p: { id: string }) => p.id === passkeyId);
    expect(listed.lastUsedAt).toBe(clock.now().toISOString());
    const [event] = await server.services.auth.deps.audit.forUser(userId, 1);
    expect(event).toMatchObject({ action: 'sign_in', outcome: 'success', method: 'PASSKEY', detail: { passkeyId } });
  });

  it('gives bearer clients their tokens in the body and no cookies', async () => {
    const { device } = await memberWithPasskey();
    const { res } = await signIn(device, {}, client(), { 'x-auth-transport': 'bearer' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ accessToken: expect.any(String), expiresIn: 300, data: { refreshToken: expect.any(String) } });
    expect(res.headers.getSetCookie()).toEqual([]);
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${res.json.accessToken}` } });
    expect(me.status).toBe(200);
  });

  const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  it.each<[string, Corruption, string, string?]>([
    ['a registration type', { type: 'webauthn.create' }, 'type'],
    ['a challenge that was never issued', { challenge: b64url(Buffer.alloc(32, 9)) }, 'challenge', 'PASSKEY_CHALLENGE_EXPIRED'],
    ['a foreign origin', { origin: 'https://localhost.evil.example' }, 'origin'],
    ['another RP ID hash', { rpId: 'example.org' }, 'rp-id'],
    ['the user-presence flag clear', { userPresent: false }, 'user-presence'],
    ['the user-verification flag clear (verification is required)', { userVerified: false }, 'user-verification'],
    ['a bad signature', { signature: 'wrong-data' }, 'signature'],
    ["the member's credential id signed by another key", { signature: otherKey }, 'signature'],
    ["another member's user handle", { userHandle: b64url(Buffer.from('00000000-0000-4000-8000-000000000000')) }, 'wrong-user'],
    ['an unknown credential', { credentialId: b64url(Buffer.alloc(32, 5)) }, 'unknown-credential'],
    ['a counter below the stored one', { signCount: 0 }, 'counter'],
  ])('refuses an assertion with %s, and the passkey still works', async (_label, corrupt, reason, code) => {
    const { device, userId } = await memberWithPasskey();
    expect((await signIn(device)).res.status).toBe(200); // the stored counter is now 1
    const { api, res } = await signIn(device, corrupt);
    expectRefused(res, 401, code);
    expect((await api.get('/api/auth/me')).status).toBe(401);
    const event = await lastSignInFailure();
    expect(event).toMatchObject({ method: 'PASSKEY', detail: { reason } });
    if (reason !== 'unknown-credential' && reason !== 'challenge') expect(event.user_id).toBe(userId);
    expect((await signIn(device)).res.status).toBe(200);
  });

  it("refuses another member's passkey for re-authentication (a credential of another user)", async () => {
    const alice = await memberWithPasskey();
    const bob = await memberWithPasskey();
    const options = await alice.api.post('/api/auth/passkey/reauthenticate/options', {});
    const credential = bob.device.get({ ...options.json.data, allowCredentials: [] });
    const res = await alice.api.post('/api/auth/reauthenticate', { method: 'PASSKEY', credential });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('PASSKEY_VERIFICATION_FAILED');
  });

  it('uses a sign-in challenge once: a replayed assertion is refused', async () => {
    const { device } = await memberWithPasskey();
    const { res, credential } = await signIn(device);
    expect(res.status).toBe(200);
    expectRefused(await client().post('/api/auth/passkey/authenticate', { credential }), 401, 'PASSKEY_CHALLENGE_EXPIRED');
    expect((await lastSignInFailure()).detail).toEqual({ reason: 'challenge' });
  });

  it('expires a sign-in challenge after 5 minutes', async () => {
    const { device } = await memberWithPasskey();
    const api = client();
    const inTime = await api.post('/api/auth/passkey/authenticate/options', {});
    clock.advance(5 * MINUTE - 1000);
    expect((await api.post('/api/auth/passkey/authenticate', { credential: device.get(inTime.json.data) })).status).toBe(200);
    const late = await client().post('/api/auth/passkey/authenticate/options', {});
    clock.advance(5 * MINUTE + 1000);
    expectRefused(await client().post('/api/auth/passkey/authenticate', { credential: device.get(late.json.data) }), 401, 'PASSKEY_CHALLENGE_EXPIRED');
  });

  it('refuses a counter equal to the stored one, and lets authenticators that always say 0 in', async () => {
    const counting = await memberWithPasskey();
    expect((await signIn(counting.device)).res.status).toBe(200);
    expect((await signIn(counting.device)).res.status).toBe(200); // stored counter: 2
    expectRefused((await signIn(counting.device, { signCount: 2 })).res, 401);
    expect((await lastSignInFailure()).detail).toEqual({ reason: 'counter' });
    const zero = await memberWithPasskey({ counter: 'zero' });
    for (let i = 0; i < 3; i++) expect((await signIn(zero.device)).res.status).toBe(200);
  });

  it('refuses a deactivated member with ACCOUNT_INACTIVE', async () => {
    const { device, userId } = await memberWithPasskey();
    await server.services.database.db.updateTable('users').set({ is_active: false }).where('id', '=', userId).execute();
    const { res } = await signIn(device);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('ACCOUNT_INACTIVE');
  });

  it('counts sign-in attempts against the passkey limit per client IP', async () => {
    const limited = await startTestServer({ RATE_LIMIT_PASSKEY_POINTS: '3', TRUSTED_PROXIES: 'loopback' });
    try {
      const attacker = new ApiClient(limited.url, { 'x-forwarded-for': '198.51.100.7' });
      // A credential this server has never seen: every attempt fails, and each one counts.
      const device = authenticatorFor(limited.services.config.appUrl);
      device.create({ challenge: b64url(Buffer.alloc(32)), rp: { id: 'localhost', name: 'x' }, user: { id: 'eA', name: 'x', displayName: 'x' }, pubKeyCredParams: [{ alg: -7, type: 'public-key' }] });
      for (let i = 0; i < 3; i++) {
        const options = await attacker.post('/api/auth/passkey/authenticate/options', {});
        expect(options.status).toBe(200);
        expect((await attacker.post('/api/auth/passkey/authenticate', { credential: device.get(options.json.data) })).status).toBe(401);
      }
      const spent = await attacker.post('/api/auth/passkey/authenticate/options', {});
      expect(spent.status).toBe(429);
      expect(spent.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(spent.json.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
      expect((await attacker.post('/api/auth/passkey/authenticate', { credential: {} })).status).toBe(400);
      const rateLimited = await attacker.post('/api/auth/passkey/authenticate', { credential: device.get({ challenge: b64url(Buffer.alloc(32)) }) });
      expect(rateLimited.status).toBe(429);
      expect((await attacker.get('/api/auth/rate-limit?action=passkey')).json.remaining).toBe(0);
      // Another address has its own allowance.
      expect((await new ApiClient(limited.url, { 'x-forwarded-for': '198.51.100.8' }).post('/api/auth/passkey/authenticate/options', {})).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('PUT /api/auth/methods/preferred', () => {
  it('sets a first preference freely, and changing it needs a recent sign-in', async () => {
    const { api } = await memberWithPasskey();
    const first = await api.request('PUT', '/api/auth/methods/preferred', { method: 'PASSKEY' });
    expect(first.json).toEqual({ success: true, methods: ['PASSKEY', 'MAGIC_LINK'], preferredMethod: 'PASSKEY', emailVerified: true });
    expect((await api.get('/api/auth/me')).json.user.preferredAuthMethod).toBe('PASSKEY');

    const notSetUp = await api.request('PUT', '/api/auth/methods/preferred', { method: 'PASSWORD' });
    expect(notSetUp.status).toBe(404);
    expect(notSetUp.json.code).toBe('METHOD_NOT_SET_UP');
    expect((await api.post('/api/auth/setup-password', { password: 'Rearden-Metal-Bridge-9', setAsPreferred: false })).status).toBe(200);

    clock.advance(11 * MINUTE);
    expect((await api.post('/api/auth/refresh')).status).toBe(200);
    const stale = await api.request('PUT', '/api/auth/methods/preferred', { method: 'PASSWORD' });
    expect(stale.status).toBe(403);
    expect(stale.json.code).toBe('REAUTHENTICATION_REQUIRED');
    expect((await api.post('/api/auth/reauthenticate', { method: 'PASSWORD', password: 'Rearden-Metal-Bridge-9' })).status).toBe(200);
    const changed = await api.request('PUT', '/api/auth/methods/preferred', { method: 'PASSWORD' });
    expect(changed.json).toMatchObject({ methods: ['PASSWORD', 'PASSKEY', 'MAGIC_LINK'], preferredMethod: 'PASSWORD' });
  });

  it('answers the validation messages and needs a session', async () => {
    const { api } = await member();
    expect((await api.request('PUT', '/api/auth/methods/preferred', {})).json.message).toBe('Authentication method is required');
    expect((await api.request('PUT', '/api/auth/methods/preferred', { method: 'MAGIC_LINK' })).json.message).toBe('Preferred method must be PASSWORD, PASSKEY or SOCIAL');
    expect((await client().request('PUT', '/api/auth/methods/preferred', { method: 'PASSKEY' })).status).toBe(401);
  });
});

describe('re-authentication with a passkey', () => {
  it('starts a new 10-minute window for sensitive actions', async () => {
    const { api, device } = await memberWithPasskey();
    const spare = await addPasskey(api, authenticator(), { name: 'Spare' });
    clock.advance(11 * MINUTE);
    expect((await api.post('/api/auth/refresh')).status).toBe(200);
    expect((await api.request('DELETE', `/api/auth/passkey/${spare.json.passkey.id}`)).status).toBe(403);

    const options = await api.post('/api/auth/passkey/reauthenticate/options', {});
    expect(options.status).toBe(200);
    expect(options.json.data.allowCredentials.map((c: { id: string }) => c.id)).toContain(b64url(device.credentials[0]!.id));
    const res = await api.post('/api/auth/reauthenticate', { method: 'PASSKEY', credential: device.get(options.json.data) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.reauthenticatedUntil).toBe(new Date(clock.now().getTime() + 10 * MINUTE).toISOString());
    expect((await api.request('DELETE', `/api/auth/passkey/${spare.json.passkey.id}`)).status).toBe(200);
  });

  it('refuses a sign-in challenge, a missing credential, and a member without passkeys', async () => {
    const { api, device } = await memberWithPasskey();
    const signInOptions = await client().post('/api/auth/passkey/authenticate/options', {});
    const wrongPurpose = await api.post('/api/auth/reauthenticate', { method: 'PASSKEY', credential: device.get(signInOptions.json.data) });
    expect(wrongPurpose.status).toBe(401);
    expect(wrongPurpose.json.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect((await api.post('/api/auth/reauthenticate', { method: 'PASSKEY' })).json.message).toBe('Passkey credential is required');
    const plain = await member();
    const none = await plain.api.post('/api/auth/passkey/reauthenticate/options', {});
    expect(none.status).toBe(422);
    expect(none.json.code).toBe('REAUTH_METHOD_UNAVAILABLE');
  });
});

describe('one definition, three faces', () => {
  it('documents every passkey route in OpenAPI', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { 'x-trpc-procedure': string; requestBody?: unknown }>> };
    for (const [path, method, procedure] of [
      ['/api/auth/passkey/register', 'post', 'passkey.register'],
      ['/api/auth/verify-passkey', 'post', 'passkey.verify'],
      ['/api/auth/passkey/list', 'get', 'passkey.list'],
      ['/api/auth/passkey/{id}', 'patch', 'passkey.rename'],
      ['/api/auth/passkey/{id}', 'delete', 'passkey.remove'],
      ['/api/auth/passkey/authenticate/options', 'post', 'passkey.authenticationOptions'],
      ['/api/auth/passkey/authenticate', 'post', 'passkey.authenticate'],
      ['/api/auth/passkey/reauthenticate/options', 'post', 'passkey.reauthenticationOptions'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.['x-trpc-procedure'], `${method} ${path}`).toBe(procedure);
    }
    expect(JSON.stringify(doc.paths['/api/auth/verify-passkey']!.post!.requestBody)).toContain('attestationObject');
  });

  it('serves the same operations as tRPC procedures', async () => {
    const options = await fetch(`${server.url}/trpc/passkey.authenticationOptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(options.status).toBe(200);
    const { device, api } = await memberWithPasskey();
    const data = ((await options.json()) as { result: { data: { data: { challenge: string } } } }).result.data.data;
    const signedIn = await fetch(`${server.url}/trpc/passkey.authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ credential: device.get(data) }) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('olp_access='))).toBe(true);
    const cookie = [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const list = await fetch(`${server.url}/trpc/passkey.list`, { headers: { cookie } });
    expect(((await list.json()) as { result: { data: { total: number } } }).result.data.total).toBe(1);
    const refused = await fetch(`${server.url}/trpc/passkey.authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ credential: device.get(data) }) });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { data: { appCode: string } } }).error.data.appCode).toBe('PASSKEY_CHALLENGE_EXPIRED');
  });
});
