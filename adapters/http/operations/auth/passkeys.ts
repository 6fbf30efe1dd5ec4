/**
 * Passkeys (spec 000 §7, issue 4): registration, the member's list, rename and removal, sign-in
 * and re-authentication options. The spec names register, verify-passkey and list; the other paths
 * sit beside them under /api/auth/passkey/.
 */
import { z } from 'zod';
import {
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyRegistrationSchema,
  passkeyRequestOptionsSchema,
  passkeySignInSchema,
  passkeySummarySchema,
  removePasskeySchema,
  renamePasskeySchema,
  verifyPasskeySchema,
  type PasskeySummary,
} from '../../../../domain/auth/passkey-schemas';
import type { Passkey } from '../../../../domain/auth/passkey';
import { AUTH_METHODS, authUserSchema, PREFERRED_METHODS } from '../../../../domain/auth/schemas';
import { removePasskey } from '../../../../application/auth/methods';
import {
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  renamePasskey,
  startPasskeyReauthentication,
  startPasskeyRegistration,
  startPasskeySignIn,
} from '../../../../application/auth/passkeys';
import { authUserOf } from '../../../../application/auth/user-view';
import { deliverTokens, tokenFields } from '../../auth-transport';
import { defineMutation, defineQuery } from '../../operation';

const tags = ['auth', 'passkeys'];

const summaryOf = (p: Passkey): PasskeySummary => ({
  id: p.id,
  name: p.name,
  deviceType: p.deviceType,
  backedUp: p.backedUp,
  transports: [...p.transports],
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

export const passkeyOperations = {
  register: defineMutation({
    rest: { method: 'post', path: '/api/auth/passkey/register' },
    summary: 'Start adding a passkey: public-key creation options under `data`, for navigator.credentials.create()',
    description: 'Needs a sign-in or re-authentication within 10 minutes (403 REAUTHENTICATION_REQUIRED). The challenge works once, for 5 minutes. Discoverable credential (residentKey preferred), user verification preferred.',
    tags,
    signedIn: true,
    input: passkeyRegistrationSchema,
    output: z.object({ data: passkeyCreationOptionsSchema }),
    handler: async (input, ctx) => ({ data: (await startPasskeyRegistration(ctx.deps.auth, await ctx.actor(), input)).options }),
  }),

  verify: defineMutation({
    rest: { method: 'post', path: '/api/auth/verify-passkey' },
    summary: 'Finish adding a passkey: checks the credential the browser created and stores it',
    description: 'Needs a sign-in or re-authentication within 10 minutes (403 REAUTHENTICATION_REQUIRED, checked before the challenge is spent, so the same answer can be sent again after re-authenticating). setAsPreferred makes PASSKEY the preferred method.',
    tags,
    signedIn: true,
    input: verifyPasskeySchema,
    output: z.object({ user: authUserSchema, passkey: passkeySummarySchema }),
    handler: async (input, ctx) => {
      const deps = ctx.deps.auth;
      const { user, passkey } = await finishPasskeyRegistration(deps, await ctx.actor(), input, ctx.client);
      return { user: await authUserOf(deps, user), passkey: summaryOf(passkey) };
    },
  }),

  list: defineQuery({
    rest: { method: 'get', path: '/api/auth/passkey/list' },
    summary: "The member's passkeys, oldest first (never a key or credential id)",
    tags,
    signedIn: true,
    input: passkeyListSchema,
    output: z.object({ passkeys: z.array(passkeySummarySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int(), totalPages: z.number().int() }),
    handler: async (input, ctx) => {
      const result = await listPasskeys(ctx.deps.auth, await ctx.actor(), input);
      return { ...result, passkeys: result.passkeys.map(summaryOf) };
    },
  }),

  rename: defineMutation({
    rest: { method: 'patch', path: '/api/auth/passkey/{id}' },
    summary: 'Rename one of your passkeys',
    tags,
    signedIn: true,
    input: renamePasskeySchema,
    output: z.object({ passkey: passkeySummarySchema }),
    handler: async (input, ctx) => ({ passkey: summaryOf(await renamePasskey(ctx.deps.auth, await ctx.actor(), input, ctx.client)) }),
  }),

  remove: defineMutation({
    rest: { method: 'delete', path: '/api/auth/passkey/{id}' },
    summary: 'Remove one of your passkeys; it stops working at once (never the last way in; needs a recent sign-in or re-authentication)',
    tags,
    signedIn: true,
    input: removePasskeySchema,
    output: z.object({ methods: z.array(z.enum(AUTH_METHODS)), preferredMethod: z.enum(PREFERRED_METHODS).nullable(), emailVerified: z.boolean() }),
    handler: async (input, ctx) => removePasskey(ctx.deps.auth, await ctx.actor(), input.id, ctx.client),
  }),

  authenticationOptions: defineMutation({
    rest: { method: 'post', path: '/api/auth/passkey/authenticate/options' },
    summary: 'Start signing in with a passkey: public-key request options under `data`, for navigator.credentials.get()',
    description: 'allowCredentials is empty, so the browser offers any passkey of this site (passkey autofill). The challenge works once, for 5 minutes.',
    tags,
    input: z.object({}).optional(),
    output: z.object({ data: passkeyRequestOptionsSchema }),
    handler: async (_input, ctx) => ({ data: (await startPasskeySignIn(ctx.deps.auth, ctx.client)).options }),
  }),

  authenticate: defineMutation({
    rest: { method: 'post', path: '/api/auth/passkey/authenticate' },
    summary: "Sign in with a passkey: checks the browser's assertion and starts a session (rate-limited per client network)",
    tags,
    input: passkeySignInSchema,
    output: z.object({ user: authUserSchema, ...tokenFields }),
    handler: async (input, ctx) => {
      const deps = ctx.deps.auth;
      const previous = await ctx.actor();
      const { user, tokens } = await finishPasskeySignIn(deps, input, ctx.client, previous?.sessionId ?? null);
      return { user: await authUserOf(deps, user), ...deliverTokens(ctx.http, tokens) };
    },
  }),

  reauthenticationOptions: defineMutation({
    rest: { method: 'post', path: '/api/auth/passkey/reauthenticate/options' },
    summary: "Start re-authenticating with a passkey: request options naming your passkeys, for POST /api/auth/reauthenticate with method PASSKEY",
    tags,
    signedIn: true,
    input: z.object({}).optional(),
    output: z.object({ data: passkeyRequestOptionsSchema }),
    handler: async (_input, ctx) => ({ data: (await startPasskeyReauthentication(ctx.deps.auth, await ctx.actor())).options }),
  }),
};
