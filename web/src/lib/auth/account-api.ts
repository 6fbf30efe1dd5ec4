/**
 * The account-security REST calls (issue 4; domain/auth/README.md "Methods and re-authentication",
 * "Passkeys", "Social sign-in") through the shared fetch helper: credentials sent, retries on network
 * errors and 5xx, an Idempotency-Key on every write, `success: false` raised as ApiError. Every
 * answer is checked against its shape; a mismatch is 'Invalid API response format'.
 */
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { z } from 'zod';
import { passkeyCreationOptionsSchema, passkeyRequestOptionsSchema, passkeySummarySchema } from '../../../../domain/auth/passkey-schemas';
import { AUTH_METHODS, authUserSchema, PREFERRED_METHODS, type AuthMethod, type AuthUser, type PreferredMethod } from '../../../../domain/auth/schemas';
import { apiFetch } from '../http';

const ok = z.literal(true);

const methodsSchema = z.object({ methods: z.array(z.enum(AUTH_METHODS)), preferredMethod: z.enum(PREFERRED_METHODS).nullable(), emailVerified: z.boolean() });
const methodsResponseSchema = methodsSchema.extend({ success: ok });
const userResponseSchema = z.object({ success: ok, user: authUserSchema });
const doneSchema = z.object({ success: ok });
const passkeyPageSchema = z.object({
  success: ok,
  passkeys: z.array(passkeySummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
const creationOptionsResponseSchema = z.object({ success: ok, data: passkeyCreationOptionsSchema });
const requestOptionsResponseSchema = z.object({ success: ok, data: passkeyRequestOptionsSchema });
const verifyPasskeyResponseSchema = z.object({ success: ok, user: authUserSchema, passkey: passkeySummarySchema });
const renamePasskeyResponseSchema = z.object({ success: ok, passkey: passkeySummarySchema });
const socialAccountSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerName: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  linkedAt: z.string(),
  lastUsedAt: z.string(),
});
const socialListSchema = z.object({ success: ok, accounts: z.array(socialAccountSchema) });
const sessionSchema = z.object({
  id: z.string(),
  method: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
const sessionsSchema = z.object({ success: ok, sessions: z.array(sessionSchema) });
const reauthenticateSchema = z.object({ success: ok, reauthenticatedUntil: z.string().nullable(), emailSent: z.boolean() });
const recentSignInSchema = z.object({ success: ok, reauthenticatedUntil: z.string() });

export type SignInMethods = z.infer<typeof methodsSchema>;
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;
export type PasskeyPage = Omit<z.infer<typeof passkeyPageSchema>, 'success'>;
export type SocialAccount = z.infer<typeof socialAccountSchema>;
export type ActiveSession = z.infer<typeof sessionSchema>;

export interface SetupPasswordInput {
  password: string;
  setAsPreferred: boolean;
  /** Given when changing a password; without it the server asks for a recent sign-in instead. */
  currentPassword?: string;
}

/** Where a re-authentication link lands, as for POST /api/auth/magic-link. */
export interface EmailLinkTarget {
  redirectUrl: string | null;
  appUrl: string;
  basePath: string;
}

const withoutSuccess = <T extends { success: true }>({ success: _success, ...rest }: T): Omit<T, 'success'> => rest;

export const accountApi = {
  methods: async (signal?: AbortSignal): Promise<SignInMethods> =>
    withoutSuccess(await apiFetch('/api/auth/methods', { schema: methodsResponseSchema, ...(signal ? { signal } : {}) })),

  /** Turns sign-in by e-mailed link back on (the one method turned on rather than set up). */
  addMethod: async (method: 'MAGIC_LINK'): Promise<SignInMethods> =>
    withoutSuccess(await apiFetch('/api/auth/methods', { method: 'POST', json: { method }, schema: methodsResponseSchema })),

  setPreferredMethod: async (method: PreferredMethod): Promise<SignInMethods> =>
    withoutSuccess(await apiFetch('/api/auth/methods/preferred', { method: 'PUT', json: { method }, schema: methodsResponseSchema })),

  /** Removes a whole method: every passkey for PASSKEY, every linked provider account for SOCIAL. */
  removeMethod: async (method: AuthMethod): Promise<SignInMethods> =>
    withoutSuccess(await apiFetch('/api/auth/methods', { method: 'DELETE', json: { method }, schema: methodsResponseSchema })),

  setupPassword: async (input: SetupPasswordInput): Promise<AuthUser> =>
    (await apiFetch('/api/auth/setup-password', { method: 'POST', json: input, schema: userResponseSchema })).user,

  passkeys: async (page = 1, signal?: AbortSignal): Promise<PasskeyPage> =>
    withoutSuccess(await apiFetch('/api/auth/passkey/list', { query: { page }, schema: passkeyPageSchema, ...(signal ? { signal } : {}) })),

  /** Creation options for `startRegistration({ optionsJSON })`. */
  passkeyRegistrationOptions: async (name: string): Promise<PublicKeyCredentialCreationOptionsJSON> => {
    const body = await apiFetch('/api/auth/passkey/register', { method: 'POST', json: name ? { name } : {}, schema: creationOptionsResponseSchema });
    // Built by @simplewebauthn/server; the schema checked the fields the browser reads.
    return body.data as PublicKeyCredentialCreationOptionsJSON;
  },

  verifyPasskey: async (input: { credential: RegistrationResponseJSON; setAsPreferred: boolean; name?: string }): Promise<{ user: AuthUser; passkey: PasskeySummary }> => {
    const body = await apiFetch('/api/auth/verify-passkey', { method: 'POST', json: input, schema: verifyPasskeyResponseSchema });
    return { user: body.user, passkey: body.passkey };
  },

  renamePasskey: async (id: string, name: string): Promise<PasskeySummary> =>
    (await apiFetch(`/api/auth/passkey/${encodeURIComponent(id)}`, { method: 'PATCH', json: { name }, schema: renamePasskeyResponseSchema })).passkey,

  removePasskey: async (id: string): Promise<SignInMethods> =>
    withoutSuccess(await apiFetch(`/api/auth/passkey/${encodeURIComponent(id)}`, { method: 'DELETE', json: {}, schema: methodsResponseSchema })),

  socialAccounts: async (signal?: AbortSignal): Promise<SocialAccount[]> =>
    (await apiFetch('/api/auth/social/list', { schema: socialListSchema, ...(signal ? { signal } : {}) })).accounts,

  sessions: async (signal?: AbortSignal): Promise<ActiveSession[]> =>
    (await apiFetch('/api/auth/sessions', { schema: sessionsSchema, ...(signal ? { signal } : {}) })).sessions,

  endSession: async (id: string): Promise<void> => {
    await apiFetch(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', json: {}, schema: doneSchema });
  },

  /** Refuses with REAUTHENTICATION_REQUIRED when this session may not add a way in now (run it through useSensitiveAction). */
  requireRecentSignIn: async (): Promise<void> => {
    await apiFetch('/api/auth/reauthenticate/check', { method: 'POST', json: {}, schema: recentSignInSchema });
  },

  reauthenticateWithPassword: async (password: string): Promise<void> => {
    await apiFetch('/api/auth/reauthenticate', { method: 'POST', json: { method: 'PASSWORD', password }, schema: reauthenticateSchema });
  },

  /** Mails the member a sign-in link; opening it in this browser signs them in afresh, which re-authenticates. */
  reauthenticateByEmailLink: async (target: EmailLinkTarget): Promise<void> => {
    const { redirectUrl, ...rest } = target;
    await apiFetch('/api/auth/reauthenticate', { method: 'POST', json: { method: 'MAGIC_LINK', ...rest, ...(redirectUrl ? { redirectUrl } : {}) }, schema: reauthenticateSchema });
  },

  /** Request options naming the member's passkeys, for `startAuthentication({ optionsJSON })`. */
  passkeyReauthenticationOptions: async (): Promise<PublicKeyCredentialRequestOptionsJSON> =>
    (await apiFetch('/api/auth/passkey/reauthenticate/options', { method: 'POST', json: {}, schema: requestOptionsResponseSchema })).data as PublicKeyCredentialRequestOptionsJSON,

  reauthenticateWithPasskey: async (credential: AuthenticationResponseJSON): Promise<void> => {
    await apiFetch('/api/auth/reauthenticate', { method: 'POST', json: { method: 'PASSKEY', credential }, schema: reauthenticateSchema });
  },
};

export type AccountApi = typeof accountApi;
