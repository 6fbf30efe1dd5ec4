import type { AuthUser } from '../../domain/auth/schemas';
import { needsProfileCompletion, type User } from '../../domain/auth/user';

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
