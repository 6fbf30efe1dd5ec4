/**
 * The member's ways in (issue 4): list them, remove one (never the last), and re-authenticate for
 * sensitive actions. Passkeys count as one way in however many the member has, and so do linked
 * social accounts (SOCIAL; removing it unlinks them all).
 */
import { requirePermission, requireRecentAuthentication, type Actor } from '../../domain/auth/actor';
import type { AuthenticationCredential } from '../../domain/auth/passkey-credential';
import { REAUTHENTICATION_WINDOW_SECONDS } from '../../domain/auth/password';
import type { AuthMethod, PreferredMethod } from '../../domain/auth/schemas';
import type { User } from '../../domain/auth/user';
import { AppError, notFound, ruleViolation, unauthenticated } from '../../domain/shared/errors';
import type { AuthDeps, ClientInfo } from './deps';
import { reauthenticateWithPasskey } from './passkeys';
import { INVALID_CREDENTIALS } from './password';
import { emailKey } from './rate-limits';
import { linkedMethodsOf } from './user-view';

export const LAST_METHOD_MESSAGE = 'You cannot remove your only way to sign in. Add another sign-in method first.';

export function methodsOf(user: User, linked: { passkeys: number; socialAccounts: number } = { passkeys: 0, socialAccounts: 0 }): AuthMethod[] {
  const methods: AuthMethod[] = [];
  if (user.passwordHash) methods.push('PASSWORD');
  if (linked.passkeys > 0) methods.push('PASSKEY');
  if (linked.socialAccounts > 0) methods.push('SOCIAL');
  if (user.magicLinkEnabled) methods.push('MAGIC_LINK');
  return methods;
}

export async function listMethods(d: Pick<AuthDeps, 'users' | 'passkeys' | 'socialAccounts'>, actor: Actor | null) {
  const a = requirePermission(actor, 'profile.manage');
  const user = await d.users.byId(a.userId);
  if (!user) throw notFound('User');
  return { methods: methodsOf(user, await linkedMethodsOf(d, user.id)), preferredMethod: user.preferredAuthMethod, emailVerified: user.emailVerified };
}

export async function removeMethod(d: AuthDeps, actor: Actor | null, method: AuthMethod, client: ClientInfo) {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  requireRecentAuthentication(a, now, REAUTHENTICATION_WINDOW_SECONDS);
  const user = await d.users.byId(a.userId);
  if (!user) throw notFound('User');
  const linked = await linkedMethodsOf(d, user.id);
  const methods = methodsOf(user, linked);
  if (!methods.includes(method)) throw new AppError('not_found', 'METHOD_NOT_SET_UP', 'That sign-in method is not set up on your account');
  if (methods.length === 1) throw ruleViolation(LAST_METHOD_MESSAGE, 'LAST_METHOD');
  let patch: Parameters<AuthDeps['users']['update']>[1];
  if (method === 'PASSWORD') patch = { passwordHash: null, ...(user.preferredAuthMethod === 'PASSWORD' ? { preferredAuthMethod: null } : {}) };
  else if (method === 'MAGIC_LINK') patch = { magicLinkEnabled: false };
  else if (method === 'PASSKEY') {
    // Every passkey goes, and stops working at once.
    await d.passkeys.removeAllForUser(user.id);
    linked.passkeys = 0;
    patch = user.preferredAuthMethod === 'PASSKEY' ? { preferredAuthMethod: null } : {};
  } else if (method === 'SOCIAL') {
    // Every linked provider account is unlinked; signing in with any of them no longer finds this member.
    await d.socialAccounts.removeAllForUser(user.id);
    linked.socialAccounts = 0;
    patch = user.preferredAuthMethod === 'SOCIAL' ? { preferredAuthMethod: null } : {};
  } else throw new AppError('not_found', 'METHOD_NOT_SET_UP', 'That sign-in method is not set up on your account');
  const updated = await d.users.update(user.id, patch, now);
  await d.audit.record({ action: 'method.removed', outcome: 'success', method, userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
  return { methods: methodsOf(updated ?? user, linked), preferredMethod: (updated ?? user).preferredAuthMethod, emailVerified: user.emailVerified };
}

/**
 * Makes one of the member's set-up methods the preferred one. Choosing the first preference is free;
 * changing an existing one to another method is sensitive (a recent sign-in or re-authentication).
 */
export async function setPreferredMethod(d: AuthDeps, actor: Actor | null, method: PreferredMethod, client: ClientInfo) {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  const user = await d.users.byId(a.userId);
  if (!user) throw notFound('User');
  const linked = await linkedMethodsOf(d, user.id);
  if (!methodsOf(user, linked).includes(method)) throw new AppError('not_found', 'METHOD_NOT_SET_UP', 'That sign-in method is not set up on your account');
  if (user.preferredAuthMethod === method) return { methods: methodsOf(user, linked), preferredMethod: user.preferredAuthMethod, emailVerified: user.emailVerified };
  if (user.preferredAuthMethod !== null) requireRecentAuthentication(a, now, REAUTHENTICATION_WINDOW_SECONDS);
  const updated = (await d.users.update(user.id, { preferredAuthMethod: method }, now)) ?? user;
  await d.audit.record({ action: 'method.preferred', outcome: 'success', method, userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
  return { methods: methodsOf(updated, linked), preferredMethod: updated.preferredAuthMethod, emailVerified: updated.emailVerified };
}

/** Removes one passkey (never the last way in; needs a recent sign-in or re-authentication); it stops working at once. */
export async function removePasskey(d: AuthDeps, actor: Actor | null, passkeyId: string, client: ClientInfo) {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  requireRecentAuthentication(a, now, REAUTHENTICATION_WINDOW_SECONDS);
  const [user, passkey] = await Promise.all([d.users.byId(a.userId), d.passkeys.byId(passkeyId)]);
  if (!user) throw notFound('User');
  if (!passkey || passkey.userId !== user.id) throw notFound('Passkey');
  const linked = await linkedMethodsOf(d, user.id);
  const after = { ...linked, passkeys: Math.max(0, linked.passkeys - 1) };
  if (methodsOf(user, after).length === 0) throw ruleViolation(LAST_METHOD_MESSAGE, 'LAST_METHOD');
  if (!(await d.passkeys.remove(user.id, passkey.id))) throw notFound('Passkey');
  const updated = after.passkeys === 0 && user.preferredAuthMethod === 'PASSKEY' ? ((await d.users.update(user.id, { preferredAuthMethod: null }, now)) ?? user) : user;
  await d.audit.record({ action: 'passkey.removed', outcome: 'success', method: 'PASSKEY', userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, detail: { passkeyId: passkey.id }, at: now });
  return { methods: methodsOf(updated, after), preferredMethod: updated.preferredAuthMethod, emailVerified: updated.emailVerified };
}

/** Proves again who is at the keyboard, with the password or one of the member's passkeys. */
export async function reauthenticate(
  d: AuthDeps,
  actor: Actor | null,
  input: { method: AuthMethod; password?: string | undefined; credential?: AuthenticationCredential | undefined },
  client: ClientInfo,
) {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  if (input.method === 'PASSKEY') {
    await reauthenticateWithPasskey(d, a, input.credential, client);
    return { reauthenticatedUntil: new Date(now.getTime() + REAUTHENTICATION_WINDOW_SECONDS * 1000) };
  }
  if (input.method !== 'PASSWORD') {
    throw new AppError('rule_violation', 'REAUTH_METHOD_UNAVAILABLE', 'Re-authenticate with your password or a passkey, or sign in again with an email link');
  }
  const user = await d.users.byId(a.userId);
  if (!user) throw notFound('User');
  const limiterKey = emailKey(user.email);
  const state = await d.rateLimiter.peek('password', limiterKey);
  if (state.remaining <= 0) throw unauthenticated(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  const ok = user.passwordHash && input.password ? (await d.passwords.verify(user.passwordHash, input.password)).ok : (await d.passwords.verifyDummy(input.password ?? ''), false);
  if (!ok) {
    await d.rateLimiter.consume('password', limiterKey);
    await d.audit.record({ action: 'reauthenticate', outcome: 'failure', method: 'PASSWORD', userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
    throw unauthenticated(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  await d.sessions.markReauthenticated(a.sessionId, now);
  await d.audit.record({ action: 'reauthenticate', outcome: 'success', method: 'PASSWORD', userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
  return { reauthenticatedUntil: new Date(now.getTime() + REAUTHENTICATION_WINDOW_SECONDS * 1000) };
}

/** The member's live sessions, the caller's own marked current. */
export async function listSessions(d: Pick<AuthDeps, 'sessions' | 'clock'>, actor: Actor | null) {
  const a = requirePermission(actor, 'profile.manage');
  const sessions = await d.sessions.listActive(a.userId, d.clock.now());
  return sessions.map((s) => ({ id: s.id, method: s.method, ip: s.ip, userAgent: s.userAgent, signedInAt: s.createdAt, lastUsedAt: s.lastUsedAt, current: s.id === a.sessionId }));
}

/** Ends one of the member's sessions; its access and refresh tokens stop working at once. */
export async function endSession(d: Pick<AuthDeps, 'sessions' | 'clock' | 'audit'>, actor: Actor | null, sessionId: string, client: ClientInfo) {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  const session = await d.sessions.byId(sessionId);
  if (!session || session.userId !== a.userId || session.revokedAt) throw notFound('Session');
  await d.sessions.revoke(sessionId, 'ended by the member', now);
  await d.audit.record({ action: 'logout', outcome: 'success', userId: a.userId, sessionId, ip: client.ip, userAgent: client.userAgent, detail: { endedFrom: a.sessionId }, at: now });
}
