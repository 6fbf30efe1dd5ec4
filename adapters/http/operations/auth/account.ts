/**
 * Passwords, sign-in methods, re-authentication and the sessions list (spec 000 §7; issue 4).
 * Every operation but register and login is `signedIn`: 401 comes before any validation message.
 */
import { z } from 'zod';
import {
  addMethodSchema,
  AUTH_METHODS,
  authUserSchema,
  loginSchema,
  PREFERRED_METHODS,
  reauthenticateSchema,
  registerSchema,
  requiredString,
  removeMethodSchema,
  setPreferredMethodSchema,
  setupPasswordSchema,
} from '../../../../domain/auth/schemas';
import { addMethod, endSession, listMethods, listSessions, reauthenticate, removeMethod, requireRecentSignIn, setPreferredMethod } from '../../../../application/auth/methods';
import { login, register, setupPassword } from '../../../../application/auth/password';
import { authUserOf } from '../../../../application/auth/user-view';
import { deliverTokens, tokenFields } from '../../auth-transport';
import { defineMutation, defineQuery } from '../../operation';

const tags = ['auth'];
const methodsOutput = z.object({ methods: z.array(z.enum(AUTH_METHODS)), preferredMethod: z.enum(PREFERRED_METHODS).nullable(), emailVerified: z.boolean() });

export const accountOperations = {
  register: defineMutation({
    rest: { method: 'post', path: '/api/auth/register' },
    summary: 'Create an account with a password and sign in',
    tags,
    input: registerSchema,
    output: z.object({ user: authUserSchema, ...tokenFields }),
    handler: async (input, ctx) => {
      const previous = await ctx.actor();
      const { user, tokens } = await register(ctx.deps.auth, input, ctx.client, previous?.sessionId ?? null);
      return { user: await authUserOf(ctx.deps.auth, user), ...deliverTokens(ctx.http, tokens) };
    },
  }),

  login: defineMutation({
    rest: { method: 'post', path: '/api/auth/login' },
    summary: "Sign in with a password ('Invalid credentials' for a wrong address or password alike)",
    tags,
    input: loginSchema,
    output: z.object({ user: authUserSchema, ...tokenFields }),
    handler: async (input, ctx) => {
      const previous = await ctx.actor();
      const { user, tokens } = await login(ctx.deps.auth, input, ctx.client, previous?.sessionId ?? null);
      return { user: await authUserOf(ctx.deps.auth, user), ...deliverTokens(ctx.http, tokens) };
    },
  }),

  setupPassword: defineMutation({
    rest: { method: 'post', path: '/api/auth/setup-password' },
    summary: 'Set a first password (needs a sign-in or re-authentication within 10 minutes), or change it (that, or currentPassword); each call counts against the password limit',
    tags,
    signedIn: true,
    input: setupPasswordSchema,
    output: z.object({ user: authUserSchema }),
    handler: async (input, ctx) => ({ user: await authUserOf(ctx.deps.auth, await setupPassword(ctx.deps.auth, await ctx.actor(), input, ctx.client)) }),
  }),

  methods: defineQuery({
    rest: { method: 'get', path: '/api/auth/methods' },
    summary: "The member's sign-in methods, preferred method and whether the address is verified",
    tags,
    signedIn: true,
    input: z.object({}).optional(),
    output: methodsOutput,
    handler: async (_input, ctx) => listMethods(ctx.deps.auth, await ctx.actor()),
  }),

  removeMethod: defineMutation({
    rest: { method: 'delete', path: '/api/auth/methods' },
    summary: 'Remove a sign-in method (never the last; needs a recent sign-in or re-authentication)',
    tags,
    signedIn: true,
    input: removeMethodSchema,
    output: methodsOutput,
    handler: async (input, ctx) => removeMethod(ctx.deps.auth, await ctx.actor(), input.method, ctx.client),
  }),

  addMethod: defineMutation({
    rest: { method: 'post', path: '/api/auth/methods' },
    summary: 'Turn sign-in by email link (MAGIC_LINK) back on; no re-authentication needed, it only adds a way in through your own mailbox',
    tags,
    signedIn: true,
    input: addMethodSchema,
    output: methodsOutput,
    handler: async (input, ctx) => addMethod(ctx.deps.auth, await ctx.actor(), input.method, ctx.client),
  }),

  setPreferredMethod: defineMutation({
    rest: { method: 'put', path: '/api/auth/methods/preferred' },
    summary: 'Make a set-up method (PASSWORD, PASSKEY or SOCIAL) the preferred one; changing an existing preference needs a recent sign-in or re-authentication',
    tags,
    signedIn: true,
    input: setPreferredMethodSchema,
    output: methodsOutput,
    handler: async (input, ctx) => setPreferredMethod(ctx.deps.auth, await ctx.actor(), input.method, ctx.client),
  }),

  recentSignIn: defineMutation({
    rest: { method: 'post', path: '/api/auth/reauthenticate/check' },
    summary: 'Whether this session may take a sensitive step now (403 REAUTHENTICATION_REQUIRED when it signed in or re-authenticated over 10 minutes ago)',
    description:
      'For steps the client starts by navigating away (linking a social account): it asks first, so the confirm-it’s-you dialog can run on this page. The step itself checks again.',
    tags,
    signedIn: true,
    input: z.object({}).optional(),
    output: z.object({ reauthenticatedUntil: z.string() }),
    handler: async (_input, ctx) => ({ reauthenticatedUntil: (await requireRecentSignIn(ctx.deps.auth, await ctx.actor())).toISOString() }),
  }),

  reauthenticate: defineMutation({
    rest: { method: 'post', path: '/api/auth/reauthenticate' },
    summary: 'Prove again who you are before a sensitive action (valid 10 minutes)',
    description:
      'PASSWORD (with password) or PASSKEY (with credential) re-authenticates this session at once and answers reauthenticatedUntil. MAGIC_LINK e-mails a sign-in link to your own address (redirectUrl, appUrl and basePath as for POST /api/auth/magic-link) and answers emailSent: opening it signs you in afresh. SOCIAL is refused (422 REAUTH_METHOD_UNAVAILABLE).',
    tags,
    signedIn: true,
    input: reauthenticateSchema,
    output: z.object({ reauthenticatedUntil: z.string().nullable(), emailSent: z.boolean() }),
    handler: async (input, ctx) => {
      const result = await reauthenticate(ctx.deps.auth, await ctx.actor(), input, ctx.client);
      return { reauthenticatedUntil: result.reauthenticatedUntil?.toISOString() ?? null, emailSent: result.emailSent };
    },
  }),

  sessions: defineQuery({
    rest: { method: 'get', path: '/api/auth/sessions' },
    summary: "The member's active sessions (device, IP, method, sign-in time, last use)",
    tags,
    signedIn: true,
    input: z.object({}).optional(),
    output: z.object({
      sessions: z.array(z.object({ id: z.string(), method: z.string(), ip: z.string(), userAgent: z.string().nullable(), signedInAt: z.string(), lastUsedAt: z.string(), current: z.boolean() })),
    }),
    handler: async (_input, ctx) => ({
      sessions: (await listSessions(ctx.deps.auth, await ctx.actor())).map((s) => ({ ...s, signedInAt: s.signedInAt.toISOString(), lastUsedAt: s.lastUsedAt.toISOString() })),
    }),
  }),

  endSession: defineMutation({
    rest: { method: 'delete', path: '/api/auth/sessions/{id}' },
    summary: 'End one of your sessions; its tokens stop working at once',
    tags,
    signedIn: true,
    input: z.object({ id: requiredString('Session ID is required').pipe(z.string().max(100, 'Session ID must be at most 100 characters')) }),
    output: z.object({}),
    handler: async (input, ctx) => {
      await endSession(ctx.deps.auth, await ctx.actor(), input.id, ctx.client);
      return {};
    },
  }),
};
