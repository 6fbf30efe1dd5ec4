/**
 * Managing members (domain/auth/README.md "Managing members"): the list and search, one member's
 * record with their ways in and recent security events, their roles and whether they may sign in.
 * Every operation needs `users.manage` (ADMIN), decided here; every change is audited with who made
 * it and what it was before and after, and shows in the member's own security timeline.
 */
import { requirePermission, requireRecentAuthentication, type Actor } from '../../domain/auth/actor';
import { OWN_ADMIN_MESSAGE, OWN_DEACTIVATION_MESSAGE, sameRoles, takesOwnAdmin, type AdminUserListInput } from '../../domain/auth/admin-users';
import { REAUTHENTICATION_WINDOW_SECONDS } from '../../domain/auth/password';
import { rolesGrantedByAddress, type Role } from '../../domain/auth/roles';
import type { AuthMethod, PreferredMethod } from '../../domain/auth/schemas';
import type { TimelinePage } from '../../domain/auth/security-timeline';
import type { User } from '../../domain/auth/user';
import { AppError, notFound } from '../../domain/shared/errors';
import type { AuthDeps, ClientInfo } from './deps';
import { methodsOf } from './methods';
import { timelineOf, type TimelineDeps, type TimelinePageView } from './security-timeline';

export interface MemberList {
  users: User[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface MemberRecord {
  user: User;
  signInMethods: {
    methods: AuthMethod[];
    preferred: PreferredMethod | null;
    passkeys: number;
    linkedAccounts: { provider: string; providerName: string; email: string | null }[];
  };
  activeSessions: number;
  /** The address is in ADMIN_EMAILS and proven: ADMIN comes back at their next sign-in whatever is set here. */
  adminByConfiguration: boolean;
}

const ruleRefused = (code: string, message: string) => new AppError('rule_violation', code, message);

async function memberOrNotFound(d: Pick<AuthDeps, 'users'>, id: string): Promise<User> {
  const user = await d.users.byId(id);
  if (!user) throw notFound('User');
  return user;
}

/** A page of members: search by name or address, filter by role and by active, newest first. */
export async function listMembers(d: Pick<AuthDeps, 'users'>, actor: Actor | null, input: AdminUserListInput): Promise<MemberList> {
  requirePermission(actor, 'users.manage');
  const { users, total } = await d.users.list({ search: input.search, role: input.filter.role, isActive: input.filter.isActive, offset: (input.page - 1) * input.limit, limit: input.limit });
  return { users, total, page: input.page, limit: input.limit, totalPages: Math.ceil(total / input.limit) };
}

/** One member: profile, roles, status, how they sign in and how many sessions they hold. */
export async function memberRecord(d: Pick<AuthDeps, 'users' | 'passkeys' | 'socialAccounts' | 'socialProviders' | 'sessions' | 'clock' | 'settings'>, actor: Actor | null, id: string): Promise<MemberRecord> {
  requirePermission(actor, 'users.manage');
  const user = await memberOrNotFound(d, id);
  const [passkeys, linked, sessions] = await Promise.all([d.passkeys.countForUser(user.id), d.socialAccounts.listForUser(user.id), d.sessions.listActive(user.id, d.clock.now())]);
  return {
    user,
    signInMethods: {
      methods: methodsOf(user, { passkeys, socialAccounts: linked.length }),
      preferred: user.preferredAuthMethod,
      passkeys,
      linkedAccounts: linked.map((account) => ({ provider: account.provider, providerName: d.socialProviders.find(account.provider)?.name ?? account.provider, email: account.email })),
    },
    activeSessions: sessions.length,
    adminByConfiguration: rolesGrantedByAddress(user, d.settings.adminEmails).includes('ADMIN'),
  };
}

/** A page of a member's security timeline, as they see it themselves (minus what marks their own device). */
export async function memberSecurityEvents(d: TimelineDeps & Pick<AuthDeps, 'users'>, actor: Actor | null, id: string, page: TimelinePage): Promise<TimelinePageView> {
  requirePermission(actor, 'users.manage');
  const user = await memberOrNotFound(d, id);
  return timelineOf(d, user.id, page, null);
}

/**
 * Sets a member's roles to the list given (MEMBER always kept). An administrator cannot take ADMIN
 * from themselves, so there is always one left; granting ADMIN needs a recent sign-in, because a
 * borrowed or stale session must not be able to make a lasting administrator.
 */
export async function setMemberRoles(d: Pick<AuthDeps, 'users' | 'audit' | 'clock'>, actor: Actor | null, input: { id: string; roles: Role[] }, client: ClientInfo): Promise<User> {
  const a = requirePermission(actor, 'users.manage');
  const now = d.clock.now();
  const member = await memberOrNotFound(d, input.id);
  const before = member.roles;
  const after = input.roles;
  if (member.id === a.userId && takesOwnAdmin(before, after)) throw ruleRefused('CANNOT_REMOVE_OWN_ADMIN', OWN_ADMIN_MESSAGE);
  if (sameRoles(before, after)) return member;
  if (after.includes('ADMIN') && !before.includes('ADMIN')) requireRecentAuthentication(a, now, REAUTHENTICATION_WINDOW_SECONDS);
  const updated = await d.users.update(member.id, { roles: after }, now);
  if (!updated) throw notFound('User');
  await d.audit.record({
    action: 'user.roles_changed',
    outcome: 'success',
    userId: member.id,
    email: member.email,
    ip: client.ip,
    userAgent: client.userAgent,
    detail: { actorId: a.userId, actorSessionId: a.sessionId, before, after },
    at: now,
  });
  return updated;
}

/**
 * Lets a member sign in again, or stops them: deactivating refuses every sign-in and ends every
 * session at once (their tokens stop working on the next request). Not one's own account.
 */
export async function setMemberStatus(d: Pick<AuthDeps, 'users' | 'sessions' | 'audit' | 'clock'>, actor: Actor | null, input: { id: string; isActive: boolean }, client: ClientInfo): Promise<User> {
  const a = requirePermission(actor, 'users.manage');
  const now = d.clock.now();
  const member = await memberOrNotFound(d, input.id);
  if (member.id === a.userId && !input.isActive) throw ruleRefused('CANNOT_DEACTIVATE_SELF', OWN_DEACTIVATION_MESSAGE);
  if (member.isActive === input.isActive) return member;
  // The flag first: from here on no session of theirs passes the check, and no sign-in starts one.
  const updated = await d.users.update(member.id, { isActive: input.isActive }, now);
  if (!updated) throw notFound('User');
  const sessionsEnded = input.isActive ? 0 : await d.sessions.revokeAllForUser(member.id, 'deactivated by an administrator', now);
  await d.audit.record({
    action: 'user.status_changed',
    outcome: 'success',
    userId: member.id,
    email: member.email,
    ip: client.ip,
    userAgent: client.userAgent,
    detail: { actorId: a.userId, actorSessionId: a.sessionId, before: member.isActive, after: input.isActive, sessionsEnded },
    at: now,
  });
  return updated;
}
