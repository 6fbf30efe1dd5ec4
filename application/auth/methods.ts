/**
 * The member's ways in (issue 4): list them, remove one (never the last), and re-authenticate for
 * sensitive actions. Passkeys and social accounts join this list as those modules land.
 */
import { requirePermission, requireRecentAuthentication, type Actor } from '../../domain/auth/actor';
import { REAUTHENTICATION_WINDOW_SECONDS } from '../../domain/auth/password';
import type { AuthMethod } from '../../domain/auth/schemas';
import type { User } from '../../domain/auth/user';
import { AppError, notFound, ruleViolation, unauthenticated } from '../../domain/shared/errors';
import type { AuthDeps, ClientInfo } from './deps';
import { INVALID_CREDENTIALS } from './password';
import { emailKey } from './rate-limits';

export const LAST_METHOD_MESSAGE = 'You cannot remove your only way to sign in. Add another sign-in method first.';

export function methodsOf(user: User, linked: { passkeys: number; socialAccounts: number } = { passkeys: 0, socialAccounts: 0 }): AuthMethod[] {
  const methods: AuthMethod[] = [];
  if (user.passwordHash) methods.push('PASSWORD');
  if (linked.passkeys > 0) methods.push('PASSKEY');
  if (linked.socialAccounts > 0) methods.push('SOCIAL');
  if (user.magicLinkEnabled) methods.push('MAGIC_LINK');
  return methods;
}

export async function listMethods(d: Pick<AuthDeps, 'users'>, actor: Actor | null) {
  const a = requirePermission(actor, 'profile.manage');
  const user = await d.users.byId(a.userId);
  if (!user) throw notFound('User');
  return { methods: methodsOf(user), preferredMethod: user.preferredAuthMethod, emailVerified: user.emailVerified };
}

export async function removeMethod(d: AuthDeps, actor: Actor | null, method: AuthMethod, client: ClientInfo) {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  requireRecentAuthentication(a, now, REAUTHENTICATION_WINDOW_SECONDS);
  const user = await d.users.byId(a.userId);
  if (!user) throw notFound('User');
  const methods = methodsOf(user);
  if (!methods.includes(method)) throw new AppError('not_found', 'METHOD_NOT_SET_UP', 'That sign-in method is not set up on your account');
  if (methods.length === 1) throw ruleViolation(LAST_METHOD_MESSAGE, 'LAST_METHOD');
  let patch: Parameters<AuthDeps['users']['update']>[1];
  if (method === 'PASSWORD') patch = { passwordHash: null, ...(user.preferredAuthMethod === 'PASSWORD' ? { preferredAuthMethod: null } : {}) };
  else if (method === 'MAGIC_LINK') patch = { magicLinkEnabled: false };
  else throw new AppError('not_found', 'METHOD_NOT_SET_UP', 'That sign-in method is not set up on your account');
  const updated = await d.users.update(user.id, patch, now);
  await d.audit.record({ action: 'method.removed', outcome: 'success', method, userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
  return { methods: methodsOf(updated ?? user), preferredMethod: (updated ?? user).preferredAuthMethod, emailVerified: user.emailVerified };
}

/** Proves again who is at the keyboard; PASSWORD today (passkeys join with their module). */
export async function reauthenticate(d: AuthDeps, actor: Actor | null, input: { method: AuthMethod; password?: string | undefined }, client: ClientInfo) {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  if (input.method !== 'PASSWORD') {
    throw new AppError('rule_violation', 'REAUTH_METHOD_UNAVAILABLE', 'Re-authenticate with your password, or sign in again with an email link');
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
