import type { Role } from './roles';
import type { Theme } from './schemas';

/** A member of the platform (spec 002 §3 User). */
export interface User {
  id: string;
  email: string;
  emailVerified: boolean;
  passwordHash: string | null;
  preferredAuthMethod: 'PASSWORD' | 'PASSKEY' | 'SOCIAL' | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  country: string | null;
  language: string;
  birthYear: number | null;
  marketingOptIn: boolean;
  weeklyDigestOptIn: boolean;
  preferences: { theme: Theme; emailNotifications: boolean; pushNotifications: boolean };
  roles: Role[];
  isActive: boolean;
  hubspotContactId: string | null;
  /** Sign-in by e-mailed link; a member may turn it off once another way in exists. */
  magicLinkEnabled: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** True until both first and last name are set. */
export const needsProfileCompletion = (u: Pick<User, 'firstName' | 'lastName'>) => !u.firstName?.trim() || !u.lastName?.trim();

export interface SignInMethods {
  hasPasskey: boolean;
  hasSocialLogin: boolean;
}
