/**
 * The signed-in member as the API answers it (spec 002 §3 User), with the method and theme lists it
 * names. Written with `zod/mini` (the same core as classic zod, its checks as functions): the
 * start-up and the sign-in pages check the member with it and so never download classic zod
 * (docs/architecture.md §6). domain/auth/schemas.ts re-exports everything here for the server.
 */
import * as z from 'zod/mini';

export const PREFERRED_METHODS = ['PASSWORD', 'PASSKEY', 'SOCIAL'] as const;
export type PreferredMethod = (typeof PREFERRED_METHODS)[number];

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  hasPasskey: z.boolean(),
  hasSocialLogin: z.boolean(),
  preferredAuthMethod: z.nullable(z.enum(PREFERRED_METHODS)),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  country: z.nullable(z.string()),
  language: z.string(),
  birthYear: z.nullable(z.int()),
  marketingOptIn: z.boolean(),
  weeklyDigestOptIn: z.boolean(),
  preferences: z.object({ theme: z.enum(THEMES), emailNotifications: z.boolean(), pushNotifications: z.boolean() }),
  roles: z.array(z.string()),
  isActive: z.boolean(),
  needsProfileCompletion: z.boolean(),
  hubspotContactId: z.nullable(z.string()),
  lastLoginAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;
