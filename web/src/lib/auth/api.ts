/**
 * The sign-in REST calls (spec 000 §7) through the shared fetch helper: credentials sent, retries on
 * network errors and 5xx, an Idempotency-Key on every write, `success: false` raised as ApiError.
 * Every answer is checked against its shape; a mismatch is 'Invalid API response format'.
 */
import { z } from 'zod';
import { authUserSchema, THEMES, type AuthUser } from '../../../../domain/auth/schemas';
import { apiFetch } from '../http';

const ok = z.literal(true);

const authStatusSchema = z.object({ success: ok, authenticated: z.boolean(), user: authUserSchema.nullable() });
const userSchema = z.object({ success: ok, user: authUserSchema });
const verifySchema = z.object({ success: ok, user: authUserSchema, redirect: z.string().nullable().optional() });
const refreshSchema = z.object({ success: ok, user: authUserSchema.optional() });
const doneSchema = z.object({ success: ok });
const magicLinkSchema = z.object({ success: ok, message: z.string().optional() });
const rateLimitSchema = z.object({ success: ok, remaining: z.number(), resetsAt: z.iso.datetime({ offset: true }) });
const preferencesSchema = z.object({ theme: z.enum(THEMES), emailNotifications: z.boolean(), pushNotifications: z.boolean() });
const preferencesResponseSchema = z.object({ success: ok, preferences: preferencesSchema });

export type AuthStatus = z.infer<typeof authStatusSchema>;
export type Preferences = z.infer<typeof preferencesSchema>;

export interface MagicLinkRequestInput {
  email: string;
  redirectUrl?: string;
  appUrl?: string;
  basePath?: string;
}

export interface RateLimitStatus {
  remaining: number;
  /** ms since epoch */
  resetsAt: number;
}

export interface ProfileInput {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string | null;
  country?: string | null;
  birthYear?: number | null;
  marketingOptIn?: boolean;
  weeklyDigestOptIn?: boolean;
}

export const authApi = {
  authStatus: (): Promise<AuthStatus> => apiFetch('/api/auth/auth-status', { schema: authStatusSchema }),

  me: async (): Promise<AuthUser> => (await apiFetch('/api/auth/me', { schema: userSchema })).user,

  /** The refresh cookie travels by itself; the browser never sees a refresh token. */
  refresh: async (): Promise<AuthUser | null> => (await apiFetch('/api/auth/refresh', { method: 'POST', json: {}, schema: refreshSchema })).user ?? null,

  logout: async (): Promise<void> => {
    await apiFetch('/api/auth/logout', { method: 'POST', json: {}, schema: doneSchema });
  },

  requestMagicLink: async (input: MagicLinkRequestInput): Promise<void> => {
    await apiFetch('/api/auth/magic-link', { method: 'POST', json: input, schema: magicLinkSchema });
  },

  /** The tighter of the caller's IP and address allowances for magic links. */
  magicLinkRateLimit: async (email: string): Promise<RateLimitStatus> => {
    const body = await apiFetch('/api/auth/rate-limit', { query: { action: 'magic-link', email }, schema: rateLimitSchema });
    return { remaining: body.remaining, resetsAt: Date.parse(body.resetsAt) };
  },

  verifyMagicLink: async (token: string): Promise<{ user: AuthUser; redirect: string | null }> => {
    const body = await apiFetch('/api/auth/verify', { method: 'POST', json: { token }, schema: verifySchema });
    return { user: body.user, redirect: body.redirect ?? null };
  },

  updateProfile: async (input: ProfileInput): Promise<AuthUser> =>
    (await apiFetch('/api/auth/profile', { method: 'PUT', json: input, schema: userSchema })).user,

  updatePreferences: async (input: Partial<Preferences>): Promise<Preferences> =>
    (await apiFetch('/api/auth/preferences', { method: 'PUT', json: input, schema: preferencesResponseSchema })).preferences,
};

export type AuthApi = typeof authApi;
