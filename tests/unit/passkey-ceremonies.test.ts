/**
 * The passkey use cases with the memory adapters, the real WebAuthn adapter and a software
 * authenticator: challenges single-use, bound to their purpose and member, expiring by the
 * product's clock; the counter's compare-and-set; removal and the last way in.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ClientInfo } from '../../application/shared/client-info';
import { APP_URL, authWorld } from '../support/auth-world';
import { listMethods, reauthenticate, removeMethod, removePasskey } from '../../application/auth/methods';
import {
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  renamePasskey,
  startPasskeyReauthentication,
  startPasskeyRegistration,
  startPasskeySignIn,
} from '../../application/auth/passkeys';
import { authenticate, startSession } from '../../application/auth/sessions';
import { signInMethodsOf } from '../../application/auth/user-view';
import type { Actor } from '../../domain/auth/actor';
import { authenticationCredentialSchema, registrationCredentialSchema } from '../../domain/auth/passkey-credential';
import { isAppError } from '../../domain/shared/errors';
import { SoftwareAuthenticator } from '../support/software-authenticator';

const client: ClientInfo = { ip: '203.0.113.9', network: '203.0.113.9', userAgent: 'UnitTest/1.0' };

const world = (passkeyPoints = 1000) => authWorld({ passkey: passkeyPoints });

type World = ReturnType<typeof world>;

/** A member signed in by magic link, with a session and an actor. */
async function member({ d }: World): Promise<Actor> {
  const { user } = await d.users.createOrGet({ email: `m.${randomUUID().slice(0, 8)}@example.org`, emailVerified: true, roles: ['MEMBER'], firstName: 'Dagny', lastName: 'Taggart' }, d.clock.now());
  const tokens = await startSession(d, user, 'MAGIC_LINK', client);
  return (await authenticate(d, tokens.accessToken))!.actor;
}

async function withPasskey(w: World, actor: Actor, authenticator = new SoftwareAuthenticator({ origin: APP_URL }), extra: { name?: string; setAsPreferred?: boolean } = {}) {
  const { options } = await startPasskeyRegistration(w.d, actor, { name: extra.name });
  const credential = registrationCredentialSchema.parse(authenticator.create(options));
  const result = await finishPasskeyRegistration(w.d, actor, { credential, setAsPreferred: extra.setAsPreferred ?? false }, client);
  return { authenticator, ...result };
}

async function signInAnswer(w: World, authenticator: SoftwareAuthenticator) {
  const { options } = await startPasskeySignIn(w.d, client);
  return authenticationCredentialSchema.parse(authenticator.get(options));
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { kind: error.kind, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('passkey registration', () => {
  it('stores the passkey with its name, and the member now has PASSKEY', async () => {
    const w = world();
    const actor = await member(w);
    expect(await signInMethodsOf(w.d, actor.userId)).toEqual({ hasPasskey: false, hasSocialLogin: false });
    const { passkey, user } = await withPasskey(w, actor, undefined, { name: 'Laptop', setAsPreferred: true });
    expect(passkey).toMatchObject({ userId: actor.userId, name: 'Laptop', counter: 0, lastUsedAt: null });
    expect(user.preferredAuthMethod).toBe('PASSKEY');
    expect(await signInMethodsOf(w.d, actor.userId)).toEqual({ hasPasskey: true, hasSocialLogin: false });
    expect((await listMethods(w.d, actor)).methods).toEqual(['PASSKEY', 'MAGIC_LINK']);
    const second = await withPasskey(w, actor);
    expect(second.passkey.name).toBe('Passkey');
    expect((await w.d.audit.forUser(actor.userId, 10)).filter((e) => e.action === 'passkey.registered').map((e) => e.outcome)).toEqual(['success', 'success']);
  });

  it('takes the name given at verify over the one given at the start', async () => {
    const w = world();
    const actor = await member(w);
    const authenticator = new SoftwareAuthenticator({ origin: APP_URL });
    const { options } = await startPasskeyRegistration(w.d, actor, { name: 'From the start' });
    const credential = registrationCredentialSchema.parse(authenticator.create(options));
    const { passkey } = await finishPasskeyRegistration(w.d, actor, { credential, setAsPreferred: false, name: 'At the end' }, client);
    expect(passkey.name).toBe('At the end');
  });

  it("refuses another member's registration challenge, and uses each challenge once", async () => {
    const w = world();
    const [alice, bob] = [await member(w), await member(w)];
    const authenticator = new SoftwareAuthenticator({ origin: APP_URL });
    const { options } = await startPasskeyRegistration(w.d, alice, {});
    const credential = registrationCredentialSchema.parse(authenticator.create(options));
    expect(await refusal(finishPasskeyRegistration(w.d, bob, { credential, setAsPreferred: false }, client))).toMatchObject({ kind: 'invalid_input', code: 'PASSKEY_CHALLENGE_EXPIRED' });
    // Bob's attempt spent it: Alice must start again.
    expect(await refusal(finishPasskeyRegistration(w.d, alice, { credential, setAsPreferred: false }, client))).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });
    expect(await w.d.passkeys.countForUser(alice.userId)).toBe(0);
  });

  it('expires the challenge after 5 minutes by the product clock', async () => {
    const w = world();
    const actor = await member(w);
    const authenticator = new SoftwareAuthenticator({ origin: APP_URL });
    const { options } = await startPasskeyRegistration(w.d, actor, {});
    const credential = registrationCredentialSchema.parse(authenticator.create(options));
    w.clock.advance(5 * 60 * 1000);
    expect(await refusal(finishPasskeyRegistration(w.d, actor, { credential, setAsPreferred: false }, client))).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });
  });

  it('needs a recent sign-in to make PASSKEY preferred over another preferred method, without spending the challenge', async () => {
    const w = world();
    const actor = await member(w);
    await w.d.users.update(actor.userId, { preferredAuthMethod: 'PASSWORD', passwordHash: 'x' }, w.clock.now());
    const authenticator = new SoftwareAuthenticator({ origin: APP_URL });
    const { options } = await startPasskeyRegistration(w.d, actor, {});
    const credential = registrationCredentialSchema.parse(authenticator.create(options));
    const stale = { ...actor, verifiedAt: new Date(w.clock.now().getTime() - 11 * 60 * 1000) };
    expect(await refusal(finishPasskeyRegistration(w.d, stale, { credential, setAsPreferred: true }, client))).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
    const { user } = await finishPasskeyRegistration(w.d, actor, { credential, setAsPreferred: true }, client);
    expect(user.preferredAuthMethod).toBe('PASSKEY');
  });

  it('refuses a credential registered already (to anyone), an answer naming another id, and more than 25 passkeys', async () => {
    const w = world();
    const [actor, other] = [await member(w), await member(w)];
    const { authenticator, passkey } = await withPasskey(w, actor);
    const { options } = await startPasskeyRegistration(w.d, other, {});
    const cloned = registrationCredentialSchema.parse(authenticator.create(options, {}, authenticator.credentials[0]));
    expect(await refusal(finishPasskeyRegistration(w.d, other, { credential: cloned, setAsPreferred: false }, client))).toMatchObject({ kind: 'conflict', code: 'PASSKEY_ALREADY_REGISTERED' });
    expect((await w.d.passkeys.byCredentialId(passkey.credentialId))?.userId).toBe(actor.userId);

    const misnamed = registrationCredentialSchema.parse(new SoftwareAuthenticator({ origin: APP_URL }).create((await startPasskeyRegistration(w.d, actor, {})).options, { credentialId: passkey.credentialId }));
    expect(await refusal(finishPasskeyRegistration(w.d, actor, { credential: misnamed, setAsPreferred: false }, client))).toMatchObject({ kind: 'invalid_input', code: 'PASSKEY_VERIFICATION_FAILED' });

    for (let i = 0; i < 24; i++) await withPasskey(w, actor);
    expect(await refusal(startPasskeyRegistration(w.d, actor, {}))).toMatchObject({ kind: 'rule_violation', code: 'PASSKEY_LIMIT_REACHED' });
  });
});

describe('passkey sign-in', () => {
  it('starts a PASSKEY session, records the use and audits it', async () => {
    const w = world();
    const actor = await member(w);
    const { authenticator, passkey } = await withPasskey(w, actor);
    w.clock.advance(1000);
    const { user, tokens } = await finishPasskeySignIn(w.d, { credential: await signInAnswer(w, authenticator) }, client, null);
    expect(user.id).toBe(actor.userId);
    expect(user.lastLoginAt).toEqual(w.clock.now());
    expect(await w.d.sessions.byId(tokens.sessionId)).toMatchObject({ method: 'PASSKEY', userId: actor.userId });
    expect(await w.d.passkeys.byId(passkey.id)).toMatchObject({ counter: 1, lastUsedAt: w.clock.now() });
    const [latest] = await w.d.audit.forUser(actor.userId, 1);
    expect(latest).toMatchObject({ action: 'sign_in', outcome: 'success', method: 'PASSKEY', sessionId: tokens.sessionId, detail: { passkeyId: passkey.id } });
  });

  it('uses a sign-in challenge once, and never for another purpose', async () => {
    const w = world();
    const actor = await member(w);
    const { authenticator } = await withPasskey(w, actor);
    const credential = await signInAnswer(w, authenticator);
    await finishPasskeySignIn(w.d, { credential }, client, null);
    expect(await refusal(finishPasskeySignIn(w.d, { credential }, client, null))).toMatchObject({ kind: 'unauthenticated', code: 'PASSKEY_CHALLENGE_EXPIRED' });
    // A sign-in challenge does not re-authenticate a session.
    const other = await signInAnswer(w, authenticator);
    expect(await refusal(reauthenticate(w.d, actor, { method: 'PASSKEY', credential: other }, client))).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });
  });

  it('lets only one of two concurrent assertions with the same counter through', async () => {
    const w = world();
    const actor = await member(w);
    const { authenticator } = await withPasskey(w, actor);
    const first = await signInAnswer(w, authenticator);
    const { options } = await startPasskeySignIn(w.d, client);
    const twin = authenticationCredentialSchema.parse(authenticator.get(options, { signCount: 1 }));
    const results = await Promise.allSettled([finishPasskeySignIn(w.d, { credential: first }, client, null), finishPasskeySignIn(w.d, { credential: twin }, client, null)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('expires the sign-in challenge after 5 minutes', async () => {
    const w = world();
    const actor = await member(w);
    const { authenticator } = await withPasskey(w, actor);
    const fresh = await signInAnswer(w, authenticator);
    w.clock.advance(5 * 60 * 1000 - 1000);
    await finishPasskeySignIn(w.d, { credential: fresh }, client, null);
    const late = await signInAnswer(w, authenticator);
    w.clock.advance(5 * 60 * 1000 + 1);
    expect(await refusal(finishPasskeySignIn(w.d, { credential: late }, client, null))).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });
  });

  it('counts every attempt against the passkey limit of the IP, and refuses new options once it is spent', async () => {
    const w = world(2);
    const actor = await member(w);
    const { authenticator } = await withPasskey(w, actor);
    await finishPasskeySignIn(w.d, { credential: await signInAnswer(w, authenticator) }, client, null);
    const bad = authenticationCredentialSchema.parse(authenticator.get((await startPasskeySignIn(w.d, client)).options, { userVerified: false }));
    expect((await refusal(finishPasskeySignIn(w.d, { credential: bad }, client, null))).code).toBe('PASSKEY_VERIFICATION_FAILED');
    // The wait is counted on the product clock, as resetsAt is (this world's clock is months from the wall's).
    expect(await refusal(startPasskeySignIn(w.d, client))).toMatchObject({ kind: 'rate_limited', message: 'Too many attempts. Please try again in 15 minutes.' });
    // Another IP has its own allowance.
    expect((await startPasskeySignIn(w.d, { ...client, ip: '198.51.100.1', network: '198.51.100.1' })).options.challenge).toEqual(expect.any(String));
  });

  it('refuses an inactive member after checking the passkey', async () => {
    const w = world();
    const actor = await member(w);
    const { authenticator } = await withPasskey(w, actor);
    await w.d.users.update(actor.userId, { isActive: false }, w.clock.now());
    expect(await refusal(finishPasskeySignIn(w.d, { credential: await signInAnswer(w, authenticator) }, client, null))).toMatchObject({ kind: 'forbidden', code: 'ACCOUNT_INACTIVE' });
  });
});

describe('list, rename, remove, re-authenticate', () => {
  it('lists and renames only the member’s own passkeys', async () => {
    const w = world();
    const [alice, bob] = [await member(w), await member(w)];
    const { passkey } = await withPasskey(w, alice, undefined, { name: 'Phone' });
    await withPasskey(w, alice);
    await withPasskey(w, alice);
    const page = await listPasskeys(w.d, alice, { page: 2, limit: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(page.passkeys).toHaveLength(1);
    expect((await listPasskeys(w.d, bob, { page: 1, limit: 25 })).total).toBe(0);
    expect(await refusal(renamePasskey(w.d, bob, { id: passkey.id, name: 'Mine now' }, client))).toMatchObject({ kind: 'not_found' });
    expect((await renamePasskey(w.d, alice, { id: passkey.id, name: 'Old phone' }, client)).name).toBe('Old phone');
  });

  it('removes a passkey at once, but never the last way in', async () => {
    const w = world();
    const actor = await member(w);
    const first = await withPasskey(w, actor, undefined, { setAsPreferred: true });
    const second = await withPasskey(w, actor);
    await removeMethod(w.d, actor, 'MAGIC_LINK', client);
    const afterOne = await removePasskey(w.d, actor, first.passkey.id, client);
    expect(afterOne).toMatchObject({ methods: ['PASSKEY'], preferredMethod: 'PASSKEY' });
    expect(await refusal(finishPasskeySignIn(w.d, { credential: await signInAnswer(w, first.authenticator) }, client, null))).toMatchObject({ code: 'PASSKEY_VERIFICATION_FAILED' });
    expect(await refusal(removePasskey(w.d, actor, second.passkey.id, client))).toMatchObject({ kind: 'rule_violation', code: 'LAST_METHOD' });
    expect(await refusal(removeMethod(w.d, actor, 'PASSKEY', client))).toMatchObject({ code: 'LAST_METHOD' });
    expect(await refusal(removePasskey(w.d, actor, randomUUID(), client))).toMatchObject({ kind: 'not_found' });
  });

  it('removes every passkey with DELETE methods PASSKEY, clearing PASSKEY as preferred', async () => {
    const w = world();
    const actor = await member(w);
    const { authenticator } = await withPasskey(w, actor, undefined, { setAsPreferred: true });
    await withPasskey(w, actor);
    expect(await removeMethod(w.d, actor, 'PASSKEY', client)).toEqual({ methods: ['MAGIC_LINK'], preferredMethod: null, emailVerified: true });
    expect(await w.d.passkeys.countForUser(actor.userId)).toBe(0);
    expect((await refusal(finishPasskeySignIn(w.d, { credential: await signInAnswer(w, authenticator) }, client, null))).code).toBe('PASSKEY_VERIFICATION_FAILED');
  });

  it('re-authenticates the asking session with one of the member’s own passkeys', async () => {
    const w = world();
    const [alice, bob] = [await member(w), await member(w)];
    const mine = await withPasskey(w, alice);
    const theirs = await withPasskey(w, bob);
    w.clock.advance(11 * 60 * 1000);

    const { options } = await startPasskeyReauthentication(w.d, alice);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([mine.passkey.credentialId]);
    // Bob's passkey answering Alice's challenge: refused, and the challenge is spent.
    const foreign = authenticationCredentialSchema.parse(theirs.authenticator.get({ ...options, allowCredentials: [] }));
    expect(await refusal(reauthenticate(w.d, alice, { method: 'PASSKEY', credential: foreign }, client))).toMatchObject({ code: 'PASSKEY_VERIFICATION_FAILED' });

    const again = await startPasskeyReauthentication(w.d, alice);
    const credential = authenticationCredentialSchema.parse(mine.authenticator.get(again.options));
    await reauthenticate(w.d, alice, { method: 'PASSKEY', credential }, client);
    expect((await w.d.sessions.byId(alice.sessionId))?.reauthenticatedAt).toEqual(w.clock.now());
    expect(await refusal(reauthenticate(w.d, alice, { method: 'PASSKEY' }, client))).toMatchObject({ kind: 'invalid_input', message: 'Passkey credential is required' });
    expect(await refusal(startPasskeyReauthentication(w.d, await member(w)))).toMatchObject({ code: 'REAUTH_METHOD_UNAVAILABLE' });
  });
});
