/**
 * What every sign-in that is let in records, whatever its method (password, passkey, e-mailed link,
 * social): the time, the caller's own changes (a proven address, a first password) and the roles
 * the member's address grants once proven (domain/auth/roles.ts `rolesAtSignIn`). One function,
 * so no path can grant a role another path would refuse.
 */
import { rolesAtSignIn } from '../../domain/auth/roles';
import type { User } from '../../domain/auth/user';
import type { UserPatch, UserRepository } from '../ports/users';
import type { AuthSettings } from './deps';

export async function recordSignIn(d: { users: UserRepository; settings: Pick<AuthSettings, 'adminEmails'> }, user: User, now: Date, patch: UserPatch = {}): Promise<User> {
  const roles = rolesAtSignIn({ ...user, ...patch }, d.settings.adminEmails);
  const rolesChanged = roles.length !== user.roles.length || roles.some((role, i) => role !== user.roles[i]);
  const updated = await d.users.update(user.id, { ...patch, lastLoginAt: now, ...(rolesChanged ? { roles } : {}) }, now);
  return updated ?? user;
}
