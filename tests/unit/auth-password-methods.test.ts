/**
 * The password and methods use cases with the memory adapters: the last-method rule across
 * combinations of ways in, turning email links back on, re-authentication by e-mailed link, and
 * password checks counted before the hash is computed (a success gives its attempt back).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ClientInfo } from '../../application/shared/client-info';
import { authWorld } from '../support/auth-world';
import { verifyMagicLink } from '../../application/auth/magic-link';
import { addMethod, listMethods, reauthenticate, removeMethod, removePasskey } from '../../application/auth/methods';
import { login, register, setupPassword } from '../../application/auth/password';
import { authenticate, startSession } from '../../application/auth/sessions';
import type { Actor } from '../../domain/auth/actor';
import type { AuthMethod } from '../../domain/auth/schemas';
import { isAppError } from '../../domain/shared/errors';

const client: ClientInfo = { ip: '203.0.113.9', network: '203.0.113.9', userAgent: 'UnitTest/1.0' };
const PASSWORD = 'Galt-Gulch-Motor-1957';
const LAST_METHOD = { kind: 'rule_violation', code: 'LAST_METHOD', message: 'You cannot remove your only way to sign in. Add another sign-in method first.' };

const world = (passwordPoints = 1000) => authWorld({ password: passwordPoints });

type World = ReturnType<typeof world>;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { kind: error.kind, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A signed-in member with exactly the given ways in (passkeys: how many). */
async function memberWith({ d }: World, ways: { password?: boolean; passkeys?: number; social?: number; magicLink?: boolean }): Promise<Actor> {
  const now = d.clock.now();
  const { user } = await d.users.createOrGet({ email: `m.${randomUUID().slice(0, 8)}@example.org`, emailVerified: true, roles: ['MEMBER'] }, now);
  await d.users.update(user.id, { passwordHash: ways.password ? await d.passwords.hash(PASSWORD) : null, magicLinkEnabled: ways.magicLink ?? false }, now);
  for (let i = 0; i < (ways.passkeys ?? 0); i++) {
    await d.passkeys.create({ id: randomUUID(), userId: user.id, credentialId: randomUUID(), publicKey: new Uint8Array([1]), counter: 0, transports: [], deviceType: 'singleDevice', backedUp: false, name: `Passkey ${i + 1}`, createdAt: now, lastUsedAt: null });
  }
  for (let i = 0; i < (ways.social ?? 0); i++) {
    await d.socialAccounts.link({ id: randomUUID(), userId: user.id, provider: 'testid', subject: randomUUID(), email: null, emailVerified: false, createdAt: now, lastUsedAt: now });
  }
  const tokens = await startSession(d, user, 'MAGIC_LINK', client);
  return (await authenticate(d, tokens.accessToken))!.actor;
}

describe('the last-method rule', () => {
  it.each<[string, Parameters<typeof memberWith>[1], AuthMethod]>([
    ['PASSWORD only', { password: true }, 'PASSWORD'],
    ['MAGIC_LINK only', { magicLink: true }, 'MAGIC_LINK'],
    ['PASSKEY only (two passkeys are still one way in)', { passkeys: 2 }, 'PASSKEY'],
    ['SOCIAL only (two linked accounts are still one way in)', { social: 2 }, 'SOCIAL'],
  ])('refuses to remove the one way in: %s', async (_what, ways, method) => {
    const w = world();
    const actor = await memberWith(w, ways);
    expect(await refusal(removeMethod(w.d, actor, method, client))).toEqual(LAST_METHOD);
    expect((await listMethods(w.d, actor)).methods).toEqual([method]);
  });

  it.each<[string, Parameters<typeof memberWith>[1], AuthMethod, AuthMethod[]]>([
    ['SOCIAL + MAGIC_LINK, removing SOCIAL', { social: 1, magicLink: true }, 'SOCIAL', ['MAGIC_LINK']],
    ['SOCIAL + MAGIC_LINK, removing MAGIC_LINK', { social: 1, magicLink: true }, 'MAGIC_LINK', ['SOCIAL']],
    ['PASSWORD + PASSKEY, removing PASSWORD', { password: true, passkeys: 1 }, 'PASSWORD', ['PASSKEY']],
    ['PASSWORD + PASSKEY, removing PASSKEY', { password: true, passkeys: 3 }, 'PASSKEY', ['PASSWORD']],
    ['PASSKEY + SOCIAL, removing SOCIAL', { passkeys: 1, social: 1 }, 'SOCIAL', ['PASSKEY']],
    ['PASSWORD + MAGIC_LINK, removing MAGIC_LINK', { password: true, magicLink: true }, 'MAGIC_LINK', ['PASSWORD']],
  ])('removes one of two ways in, then refuses the other: %s', async (_what, ways, method, left) => {
    const w = world();
    const actor = await memberWith(w, ways);
    expect((await removeMethod(w.d, actor, method, client)).methods).toEqual(left);
    expect(await refusal(removeMethod(w.d, actor, left[0]!, client))).toEqual(LAST_METHOD);
  });

  it('lets a member with every way in remove them down to the last one, in any order', async () => {
    const w = world();
    const actor = await memberWith(w, { password: true, passkeys: 1, social: 1, magicLink: true });
    expect((await listMethods(w.d, actor)).methods).toEqual(['PASSWORD', 'PASSKEY', 'SOCIAL', 'MAGIC_LINK']);
    expect((await removeMethod(w.d, actor, 'MAGIC_LINK', client)).methods).toEqual(['PASSWORD', 'PASSKEY', 'SOCIAL']);
    expect((await removeMethod(w.d, actor, 'PASSWORD', client)).methods).toEqual(['PASSKEY', 'SOCIAL']);
    expect((await removeMethod(w.d, actor, 'PASSKEY', client)).methods).toEqual(['SOCIAL']);
    expect(await refusal(removeMethod(w.d, actor, 'SOCIAL', client))).toEqual(LAST_METHOD);
  });

  it('removes single passkeys until the last one, when passkeys are the only way in', async () => {
    const w = world();
    const actor = await memberWith(w, { passkeys: 2 });
    const [first, second] = await w.d.passkeys.listForUser(actor.userId);
    expect((await removePasskey(w.d, actor, first!.id, client)).methods).toEqual(['PASSKEY']);
    expect(await refusal(removePasskey(w.d, actor, second!.id, client))).toEqual(LAST_METHOD);
    expect(await w.d.passkeys.countForUser(actor.userId)).toBe(1);
  });

  it('removes the last passkey when another way in remains', async () => {
    const w = world();
    const actor = await memberWith(w, { passkeys: 1, magicLink: true });
    const [only] = await w.d.passkeys.listForUser(actor.userId);
    expect((await removePasskey(w.d, actor, only!.id, client)).methods).toEqual(['MAGIC_LINK']);
  });

  it('answers METHOD_NOT_SET_UP for a method the member does not have', async () => {
    const w = world();
    const actor = await memberWith(w, { password: true, magicLink: true });
    expect(await refusal(removeMethod(w.d, actor, 'PASSKEY', client))).toMatchObject({ kind: 'not_found', code: 'METHOD_NOT_SET_UP' });
  });
});

describe('turning email links back on', () => {
  it('turns MAGIC_LINK on without a recent sign-in, and is a no-op when it is on', async () => {
    const w = world();
    const actor = await memberWith(w, { password: true });
    w.clock.advance(60 * 60 * 1000);
    expect((await addMethod(w.d, actor, 'MAGIC_LINK', client)).methods).toEqual(['PASSWORD', 'MAGIC_LINK']);
    expect((await addMethod(w.d, actor, 'MAGIC_LINK', client)).methods).toEqual(['PASSWORD', 'MAGIC_LINK']);
    expect((await w.d.audit.forUser(actor.userId, 10)).filter((e) => e.action === 'method.added')).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect(await refusal(addMethod(world().d, null, 'MAGIC_LINK', client))).toMatchObject({ kind: 'unauthenticated' });
  });
});

describe('re-authentication by e-mailed link', () => {
  it('mails a sign-in link to the member, and opening it starts a fresh session in place of the stale one', async () => {
    const w = world();
    const actor = await memberWith(w, { social: 1, magicLink: true });
    w.clock.advance(11 * 60 * 1000);
    expect(await refusal(removeMethod(w.d, actor, 'SOCIAL', client))).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
    expect(await reauthenticate(w.d, actor, { method: 'MAGIC_LINK', redirectUrl: '/profile/security', basePath: '' }, client)).toEqual({ reauthenticatedUntil: null, emailSent: true });
    const [mail] = w.mailbox.list(actor.email);
    const link = new URL(/https:\/\/\S+/.exec(mail!.text)![0]);
    expect(link.searchParams.get('redirect')).toBe('/profile/security');

    const { tokens } = await verifyMagicLink(w.d, { token: link.searchParams.get('token')! }, client, actor.sessionId);
    const fresh = (await authenticate(w.d, tokens.accessToken))!.actor;
    expect(fresh.userId).toBe(actor.userId);
    expect((await removeMethod(w.d, fresh, 'SOCIAL', client)).methods).toEqual(['MAGIC_LINK']);
    expect((await w.d.sessions.byId(actor.sessionId))!.revokedAt).not.toBeNull();
  });

  it('is unavailable with email links off, and for SOCIAL', async () => {
    const w = world();
    const actor = await memberWith(w, { social: 1, password: true });
    expect(await refusal(reauthenticate(w.d, actor, { method: 'MAGIC_LINK' }, client))).toMatchObject({ kind: 'rule_violation', code: 'REAUTH_METHOD_UNAVAILABLE' });
    expect(await refusal(reauthenticate(w.d, actor, { method: 'SOCIAL' }, client))).toMatchObject({ kind: 'rule_violation', code: 'REAUTH_METHOD_UNAVAILABLE' });
    expect(w.mailbox.list(actor.email)).toEqual([]);
  });
});

describe('password checks are counted before the hash', () => {
  const ALLOWANCE = 3;

  async function registered(w: World) {
    const email = `p.${randomUUID().slice(0, 8)}@example.org`;
    // Registered from elsewhere: registration counts against its client IP.
    const { tokens } = await register(w.d, { email, password: PASSWORD, firstName: 'Hank', lastName: 'Rearden' }, { ip: '198.51.100.1', network: '198.51.100.1', userAgent: null }, null);
    return { email, actor: (await authenticate(w.d, tokens.accessToken))!.actor };
  }

  it('lets only the allowance of parallel wrong logins reach the check', async () => {
    const w = world(ALLOWANCE);
    const { email } = await registered(w);
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => refusal(login(w.d, { email, password: `wrong-${i}` }, client, null))));
    expect(outcomes.filter((o) => o.code === 'INVALID_CREDENTIALS')).toHaveLength(ALLOWANCE);
    expect(outcomes.filter((o) => o.code === 'RATE_LIMITED')).toHaveLength(12 - ALLOWANCE);
  });

  it('gives a successful login its attempt back on both keys, and keeps the failures', async () => {
    const w = world(ALLOWANCE);
    const { email } = await registered(w);
    for (let i = 0; i < ALLOWANCE + 2; i++) await login(w.d, { email, password: PASSWORD }, client, null);
    expect((await w.d.rateLimiter.peek('password-ip', `ip:${client.network}`)).remaining).toBe(ALLOWANCE);
    await refusal(login(w.d, { email, password: 'wrong' }, client, null));
    await login(w.d, { email, password: PASSWORD }, client, null);
    expect((await w.d.rateLimiter.peek('password', `email:${email}`)).remaining).toBe(ALLOWANCE - 1);
  });

  it('counts a wrong current password and a wrong re-authentication against the address', async () => {
    const w = world(ALLOWANCE);
    const { email, actor } = await registered(w);
    expect(await refusal(setupPassword(w.d, actor, { password: 'A-new-passphrase', setAsPreferred: false, currentPassword: 'nope' }, client))).toMatchObject({ code: 'INVALID_CURRENT_PASSWORD' });
    expect(await refusal(reauthenticate(w.d, actor, { method: 'PASSWORD', password: 'nope' }, client))).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await w.d.rateLimiter.peek('password', `email:${email}`)).remaining).toBe(ALLOWANCE - 2);
    await reauthenticate(w.d, actor, { method: 'PASSWORD', password: PASSWORD }, client);
    expect(await refusal(reauthenticate(w.d, actor, { method: 'PASSWORD', password: 'nope' }, client))).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await refusal(reauthenticate(w.d, actor, { method: 'PASSWORD', password: PASSWORD }, client))).toMatchObject({ kind: 'rate_limited', message: 'Too many attempts. Please try again in 15 minutes.' });
  });
});
