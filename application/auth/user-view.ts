import type { AuthUser } from '../../domain/auth/schemas';
import { needsProfileCompletion, type SignInMethods, type User } from '../../domain/auth/user';
import type { AuthDeps } from './deps';

/** The ways in kept outside the users row: how many passkeys (and social accounts) the member has. */
export async function linkedMethodsOf(d: Pick<AuthDeps, 'passkeys' | 'socialAccounts'>, userId: string): Promise<{ passkeys: number; socialAccounts: number }> {
  const [passkeys, socialAccounts] = await Promise.all([d.passkeys.countForUser(userId), d.socialAccounts.countForUser(userId)]);
  return { passkeys, socialAccounts };
}

/** hasPasskey and hasSocialLogin of the member, for toAuthUser. */
export async function signInMethodsOf(d: Pick<AuthDeps, 'passkeys' | 'socialAccounts'>, userId: string): Promise<SignInMethods> {
  const linked = await linkedMethodsOf(d, userId);
  return { hasPasskey: linked.passkeys > 0, hasSocialLogin: linked.socialAccounts > 0 };
}

/** toAuthUser with the member's linked methods looked up. */
export async function authUserOf(d: Pick<AuthDeps, 'passkeys' | 'socialAccounts'>, user: User): Promise<AuthUser> {
  return toAuthUser(user, await signInMethodsOf(d, user.id));
}

/** The user as the API answers it (spec 002 §3 User); never the password hash. */
export function toAuthUser(user: User, methods: { hasPasskey: boolean; hasSocialLogin: boolean } = { hasPasskey: false, hasSocialLogin: false }): AuthUser {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    hasPassword: user.passwordHash !== null,
    hasPasskey: methods.hasPasskey,
    hasSocialLogin: methods.hasSocialLogin,
    preferredAuthMethod: user.preferredAuthMethod,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    country: user.country,
    language: user.language,
    birthYear: user.birthYear,
    marketingOptIn: user.marketingOptIn,
    weeklyDigestOptIn: user.weeklyDigestOptIn,
    preferences: { ...user.preferences },
    roles: [...user.roles],
    isActive: user.isActive,
    needsProfileCompletion: needsProfileCompletion(user),
    hubspotContactId: user.hubspotContactId,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
