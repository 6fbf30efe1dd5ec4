/**
 * The member's ways in (issue 4): list them, remove one (never the last), turn sign-in by e-mailed
 * link back on, and re-authenticate for sensitive actions. Passkeys count as one way in however
 * many the member has, and so do linked social accounts (SOCIAL; removing it unlinks them all).
 */
import { requirePermission, requireRecentAuthentication, type Actor } from '../../domain/auth/actor';
import type { AuthenticationCredential } from '../../domain/auth/passkey-credential';
import { REAUTHENTICATION_WINDOW_SECONDS } from '../../domain/auth/password';
import type { AddableMethod, AuthMethod, PreferredMethod } from '../../domain/auth/schemas';
import type { User } from '../../domain/auth/user';
import { AppError, notFound, ruleViolation, unauthenticated } from '../../domain/shared/errors';
import type { AuthDeps, ClientInfo } from './deps';
import { requestMagicLink } from './magic-link';
import { reauthenticateWithPasskey } from './passkeys';
import { INVALID_CREDENTIALS, passwordKeys } from './password';
import { refundAttempt, spendAttempt } from './rate-limits';
import { linkedMethodsOf } from './user-view';

export const LAST_METHOD_MESSAGE = 'You cannot remove your only way to sign in. Add another sign-in method first.';
export const REAUTH_SOCIAL_UNAVAILABLE = 'A linked account cannot confirm it is you here. Use your password, a passkey or an email link.';
export const REAUTH_MAGIC_LINK_OFF = 'Sign-in by email link is turned off for your account. Use your password or a passkey.';

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
 * Turns a method back on. Only MAGIC_LINK is turned on this way (a password, a passkey or a linked
 * account has its own set-up). No re-authentication: it adds a way in that only the owner of the
 * account's mailbox can use, so a borrowed session gains nothing by it. Already on: a no-op.
 */
export async function addMethod(d: AuthDeps, actor: Actor | null, method: AddableMethod, client: ClientInfo) {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  const user = await d.users.byId(a.userId);
  if (!user) throw notFound('User');
  const linked = await linkedMethodsOf(d, user.id);
  let updated = user;
  if (method === 'MAGIC_LINK' && !user.magicLinkEnabled) {
    updated = (await d.users.update(user.id, { magicLinkEnabled: true }, now)) ?? user;
    await d.audit.record({ action: 'method.added', outcome: 'success', method, userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
  }
  return { methods: methodsOf(updated, linked), preferredMethod: updated.preferredAuthMethod, emailVerified: updated.emailVerified };
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

/**
 * Answers until when this session may take a sensitive step (adding or removing a way in), or
 * refuses with REAUTHENTICATION_REQUIRED: for a step the client starts by leaving the page
 * (linking a social account), which checks again itself.
 */
export async function requireRecentSignIn(d: Pick<AuthDeps, 'clock'>, actor: Actor | null): Promise<Date> {
  const a = requirePermission(actor, 'profile.manage');
  requireRecentAuthentication(a, d.clock.now(), REAUTHENTICATION_WINDOW_SECONDS);
  return new Date(a.verifiedAt.getTime() + REAUTHENTICATION_WINDOW_SECONDS * 1000);
}

export interface ReauthenticationInput {
  method: AuthMethod;
  password?: string | undefined;
  credential?: AuthenticationCredential | undefined;
  /** With MAGIC_LINK: where the e-mailed link lands, as for POST /api/auth/magic-link. */
  redirectUrl?: string | undefined;
  appUrl?: string | undefined;
  basePath?: string | undefined;
}

/**
 * Proves again who is at the keyboard: with the password or a passkey the session is marked at once;
 * with MAGIC_LINK a sign-in link goes to the member's own address, and opening it signs them in
 * afresh (a new session, which replaces this one in the same browser). Linked social accounts are
 * not offered (domain/auth/README.md "Methods and re-authentication").
 */
export async function reauthenticate(d: AuthDeps, actor: Actor | null, input: ReauthenticationInput, client: ClientInfo): Promise<{ reauthenticatedUntil: Date | null; emailSent: boolean }> {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  const fresh = () => ({ reauthenticatedUntil: new Date(now.getTime() + REAUTHENTICATION_WINDOW_SECONDS * 1000), emailSent: false });
  if (input.method === 'PASSKEY') {
    await reauthenticateWithPasskey(d, a, input.credential, client);
    return fresh();
  }
  if (input.method === 'SOCIAL') throw new AppError('rule_violation', 'REAUTH_METHOD_UNAVAILABLE', REAUTH_SOCIAL_UNAVAILABLE);
  const user = await d.users.byId(a.userId);
  if (!user) throw notFound('User');
  if (input.method === 'MAGIC_LINK') {
    if (!user.magicLinkEnabled) throw new AppError('rule_violation', 'REAUTH_METHOD_UNAVAILABLE', REAUTH_MAGIC_LINK_OFF);
    await requestMagicLink(d, { email: user.email, redirectUrl: input.redirectUrl, appUrl: input.appUrl, basePath: input.basePath ?? '' }, client);
    return { reauthenticatedUntil: null, emailSent: true };
  }
  // Counted before the hash check, as at login: parallel guesses cannot outrun the allowance.
  const keys = passwordKeys(client, user.email);
  await spendAttempt(d.rateLimiter, keys);
  const ok = user.passwordHash && input.password ? (await d.passwords.verify(user.passwordHash, input.password)).ok : (await d.passwords.verifyDummy(input.password ?? ''), false);
  if (!ok) {
    await d.audit.record({ action: 'reauthenticate', outcome: 'failure', method: 'PASSWORD', userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
    throw unauthenticated(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  await refundAttempt(d.rateLimiter, keys);
  await d.sessions.markReauthenticated(a.sessionId, now);
  await d.audit.record({ action: 'reauthenticate', outcome: 'success', method: 'PASSWORD', userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
  return fresh();
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
