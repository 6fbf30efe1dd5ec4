/** Sign-in by magic link, sessions and the member's own record (spec 000 §7; issue 3). */
import { z } from 'zod';
import { requireActor } from '../../../../domain/auth/actor';
import {
  authUserSchema,
  checkEmailSchema,
  magicLinkRequestSchema,
  preferencesSchema,
  profileUpdateSchema,
  rateLimitQuerySchema,
  refreshSchema,
  THEMES,
  verifyMagicLinkSchema,
} from '../../../../domain/auth/schemas';
import { requestMagicLink, verifyMagicLink } from '../../../../application/auth/magic-link';
import { checkEmail, updatePreferences, updateProfile } from '../../../../application/auth/profile';
import { callerAllowance } from '../../../../application/auth/rate-limits';
import { logout, refreshSession } from '../../../../application/auth/sessions';
import { authUserOf, toAuthUser } from '../../../../application/auth/user-view';
import { accessTokenOf, clearTokens, deliverTokens, refreshTokenOf, tokenFields } from '../../auth-transport';
import { defineMutation, defineQuery } from '../../operation';

const empty = z.object({}).optional();
const tags = ['auth'];

export const authOperations = {
  authStatus: defineQuery({
    rest: { method: 'get', path: '/api/auth/auth-status' },
    summary: 'Whether the caller has a live session',
    tags,
    input: empty,
    output: z.object({ authenticated: z.boolean(), user: z.nullable(authUserSchema) }),
    handler: async (_input, ctx) => {
      const auth = await ctx.auth();
      return { authenticated: !!auth, user: auth ? toAuthUser(auth.user, auth.methods) : null };
    },
  }),

  me: defineQuery({
    rest: { method: 'get', path: '/api/auth/me' },
    summary: 'The signed-in member',
    tags,
    input: empty,
    output: z.object({ user: authUserSchema }),
    handler: async (_input, ctx) => {
      const auth = await ctx.auth();
      requireActor(auth?.actor);
      return { user: toAuthUser(auth!.user, auth!.methods) };
    },
  }),

  requestMagicLink: defineMutation({
    rest: { method: 'post', path: '/api/auth/magic-link' },
    summary: 'E-mail a single-use sign-in link (the same answer whether or not the address has an account)',
    tags,
    input: magicLinkRequestSchema,
    output: z.object({ message: z.string() }),
    handler: (input, ctx) => requestMagicLink(ctx.deps.auth, input, ctx.client),
  }),

  verify: defineMutation({
    rest: { method: 'post', path: '/api/auth/verify' },
    summary: 'Exchange a magic-link token for a session (409 TOKEN_ALREADY_USED on a second use; accountReclaimed when it proved a never-verified address)',
    tags,
    input: verifyMagicLinkSchema,
    output: z.object({
      user: authUserSchema,
      redirect: z.string().nullable(),
      /** The link proved a never-verified address: the ways in and sessions set up before were removed. */
      accountReclaimed: z.boolean(),
      ...tokenFields,
    }),
    handler: async (input, ctx) => {
      const previous = await ctx.actor();
      const { user, tokens, redirectPath, accountReclaimed } = await verifyMagicLink(ctx.deps.auth, input, ctx.client, previous?.sessionId ?? null);
      return { user: await authUserOf(ctx.deps.auth, user), redirect: redirectPath, accountReclaimed, ...deliverTokens(ctx.http, tokens) };
    },
  }),

  refresh: defineMutation({
    rest: { method: 'post', path: '/api/auth/refresh' },
    summary: 'Rotate the refresh token and issue a new access token (401 when the session cannot be refreshed)',
    tags,
    input: refreshSchema.optional(),
    output: z.object({ user: authUserSchema, ...tokenFields }),
    handler: async (input, ctx) => {
      try {
        const result = await refreshSession(ctx.deps.auth, refreshTokenOf(ctx.http, input?.refreshToken), ctx.client);
        return { user: await authUserOf(ctx.deps.auth, result.user), ...deliverTokens(ctx.http, result) };
      } catch (error) {
        clearTokens(ctx.http);
        throw error;
      }
    },
  }),

  logout: defineMutation({
    rest: { method: 'post', path: '/api/auth/logout' },
    summary: 'End the session server-side and clear its cookies',
    tags,
    input: refreshSchema.optional(),
    output: z.object({}),
    handler: async (input, ctx) => {
      await logout(ctx.deps.auth, { accessToken: accessTokenOf(ctx.http), refreshToken: refreshTokenOf(ctx.http, input?.refreshToken) }, await ctx.actor(), ctx.client);
      clearTokens(ctx.http);
      return {};
    },
  }),

  checkEmail: defineQuery({
    rest: { method: 'get', path: '/api/auth/check-email' },
    summary: 'Whether an address has an account (rate-limited per client network)',
    tags,
    input: checkEmailSchema,
    output: z.object({ email: z.string(), exists: z.boolean(), hasPassword: z.boolean() }),
    handler: async (input, ctx) => ({ email: input.email, ...(await checkEmail(ctx.deps.auth, input.email, ctx.client)) }),
  }),

  updateProfile: defineMutation({
    rest: { method: 'put', path: '/api/auth/profile' },
    summary: "Update the member's profile",
    tags,
    permission: 'profile.manage',
    input: z.lazy(() => profileUpdateSchema(new Date().getUTCFullYear())),
    output: z.object({ user: authUserSchema }),
    handler: async (input, ctx) => ({ user: await authUserOf(ctx.deps.auth, await updateProfile(ctx.deps.auth, await ctx.actor(), input, ctx.client)) }),
  }),

  updatePreferences: defineMutation({
    rest: { method: 'put', path: '/api/auth/preferences' },
    summary: "Update the member's preferences (theme, notifications)",
    tags,
    permission: 'profile.manage',
    input: preferencesSchema,
    output: z.object({ preferences: z.object({ theme: z.enum(THEMES), emailNotifications: z.boolean(), pushNotifications: z.boolean() }) }),
    handler: async (input, ctx) => ({ preferences: await updatePreferences(ctx.deps.auth, await ctx.actor(), input, ctx.client) }),
  }),

  rateLimit: defineQuery({
    rest: { method: 'get', path: '/api/auth/rate-limit' },
    summary:
      "The caller's own remaining attempts for an action: per client network, and with email the address as asked for by this network (magic-link) or, for a member signed in as that address, the address's (password)",
    tags,
    input: rateLimitQuerySchema,
    output: z.object({ action: z.string(), remaining: z.number().int(), resetsAt: z.string() }),
    handler: async (input, ctx) => {
      const state = await callerAllowance(ctx.deps.auth, () => ctx.actor(), input, ctx.client);
      return { action: input.action, remaining: state.remaining, resetsAt: state.resetsAt.toISOString() };
    },
  }),
};
