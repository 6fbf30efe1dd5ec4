/**
 * The sign-in REST calls (spec 000 §7) through the shared fetch helper: credentials sent, retries on
 * network errors and 5xx, an Idempotency-Key on every write, `success: false` raised as ApiError.
 * Every answer is checked against its shape; a mismatch is 'Invalid API response format'. The shapes
 * are zod/mini, so the start-up never downloads classic zod (docs/architecture.md §6).
 */
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import * as z from 'zod/mini';
import { authUserSchema, THEMES, type AuthUser } from '../../../../domain/auth/member';
import { passkeyRequestOptionsSchema } from '../../../../domain/auth/passkey-request-options';
import { apiFetch } from '../http';

const ok = z.literal(true);

const authStatusSchema = z.object({ success: ok, authenticated: z.boolean(), user: z.nullable(authUserSchema) });
const userSchema = z.object({ success: ok, user: authUserSchema });
const verifySchema = z.object({ success: ok, user: authUserSchema, redirect: z.optional(z.nullable(z.string())), accountReclaimed: z.optional(z.boolean()) });
const refreshSchema = z.object({ success: ok, user: z.optional(authUserSchema) });
const doneSchema = z.object({ success: ok });
const magicLinkSchema = z.object({ success: ok, message: z.optional(z.string()) });
const rateLimitSchema = z.object({ success: ok, remaining: z.number(), resetsAt: z.iso.datetime({ offset: true }) });
const checkEmailResponseSchema = z.object({ success: ok, exists: z.boolean(), hasPassword: z.boolean() });
const preferencesSchema = z.object({ theme: z.enum(THEMES), emailNotifications: z.boolean(), pushNotifications: z.boolean() });
const preferencesResponseSchema = z.object({ success: ok, preferences: preferencesSchema });
const passkeyRequestOptionsResponseSchema = z.object({ success: ok, data: passkeyRequestOptionsSchema });

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

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
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

  /** Whether an address has an account (GET /api/auth/check-email, rate-limited per client network). */
  checkEmail: async (email: string): Promise<{ exists: boolean; hasPassword: boolean }> => {
    const body = await apiFetch('/api/auth/check-email', { query: { email }, schema: checkEmailResponseSchema });
    return { exists: body.exists, hasPassword: body.hasPassword };
  },

  /** The tighter of the caller's IP and address allowances for magic links. */
  magicLinkRateLimit: async (email: string): Promise<RateLimitStatus> => {
    const body = await apiFetch('/api/auth/rate-limit', { query: { action: 'magic-link', email }, schema: rateLimitSchema });
    return { remaining: body.remaining, resetsAt: Date.parse(body.resetsAt) };
  },

  /** `accountReclaimed`: the link proved a never-verified address, and what was set up before was removed. */
  verifyMagicLink: async (token: string): Promise<{ user: AuthUser; redirect: string | null; accountReclaimed: boolean }> => {
    const body = await apiFetch('/api/auth/verify', { method: 'POST', json: { token }, schema: verifySchema });
    return { user: body.user, redirect: body.redirect ?? null, accountReclaimed: body.accountReclaimed ?? false };
  },

  /** Creates the account and signs it in (cookies), like every sign-in. */
  register: async (input: RegisterInput): Promise<AuthUser> =>
    (await apiFetch('/api/auth/register', { method: 'POST', json: input, schema: userSchema })).user,

  loginWithPassword: async (input: { email: string; password: string }): Promise<AuthUser> =>
    (await apiFetch('/api/auth/login', { method: 'POST', json: input, schema: userSchema })).user,

  /** Request options for a passkey sign-in (an empty allow list: the browser offers the member's passkeys). */
  passkeySignInOptions: async (signal?: AbortSignal): Promise<PublicKeyCredentialRequestOptionsJSON> => {
    const body = await apiFetch('/api/auth/passkey/authenticate/options', { method: 'POST', json: {}, schema: passkeyRequestOptionsResponseSchema, ...(signal ? { signal } : {}) });
    // The server builds them with @simplewebauthn/server; the schema checked the fields the browser reads.
    return body.data as PublicKeyCredentialRequestOptionsJSON;
  },

  signInWithPasskey: async (credential: AuthenticationResponseJSON): Promise<AuthUser> =>
    (await apiFetch('/api/auth/passkey/authenticate', { method: 'POST', json: { credential }, schema: userSchema })).user,

  updateProfile: async (input: ProfileInput): Promise<AuthUser> =>
    (await apiFetch('/api/auth/profile', { method: 'PUT', json: input, schema: userSchema })).user,

  updatePreferences: async (input: Partial<Preferences>): Promise<Preferences> =>
    (await apiFetch('/api/auth/preferences', { method: 'PUT', json: input, schema: preferencesResponseSchema })).preferences,
};

export type AuthApi = typeof authApi;
