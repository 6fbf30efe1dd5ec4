/** The signed-in member's own record: profile, preferences, and the enumeration-aware address check. */
import { requirePermission, type Actor } from '../../domain/auth/actor';
import type { PreferencesUpdate, ProfileUpdate } from '../../domain/auth/schemas';
import type { User } from '../../domain/auth/user';
import { notFound } from '../../domain/shared/errors';
import type { AuthDeps, ClientInfo } from './deps';
import { charges, spendAttempt } from './rate-limits';

export async function updateProfile(d: Pick<AuthDeps, 'users' | 'clock' | 'audit'>, actor: Actor | null, input: ProfileUpdate, client: ClientInfo): Promise<User> {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const user = await d.users.update(a.userId, patch, now);
  if (!user) throw notFound('User');
  await d.audit.record({ action: 'profile.updated', outcome: 'success', userId: a.userId, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, detail: { fields: Object.keys(patch) }, at: now });
  return user;
}

export async function updatePreferences(d: Pick<AuthDeps, 'users' | 'clock' | 'audit'>, actor: Actor | null, input: PreferencesUpdate, client: ClientInfo): Promise<User['preferences']> {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  const current = await d.users.byId(a.userId);
  if (!current) throw notFound('User');
  const preferences = {
    theme: input.theme ?? current.preferences.theme,
    emailNotifications: input.emailNotifications ?? current.preferences.emailNotifications,
    pushNotifications: input.pushNotifications ?? current.preferences.pushNotifications,
  };
  const user = await d.users.update(a.userId, { preferences }, now);
  if (!user) throw notFound('User');
  await d.audit.record({ action: 'preferences.updated', outcome: 'success', userId: a.userId, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
  return user.preferences;
}

/**
 * Whether an address has an account, so the sign-in screen can offer the right method. It does
 * reveal existence, so it is rate-limited per client network ('check-email': 100 per 10 minutes
 * by default, a classroom's worth): enumeration at speed is refused with 429.
 */
export async function checkEmail(d: Pick<AuthDeps, 'users' | 'rateLimiter'>, email: string, client: ClientInfo) {
  await spendAttempt(d.rateLimiter, charges.checkEmail(client));
  const user = await d.users.byEmail(email);
  return { exists: !!user && user.isActive, hasPassword: !!user?.passwordHash && user.isActive };
}
