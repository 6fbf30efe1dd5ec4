/**
 * Social sign-in over HTTP (issue 4; spec 002 §7 "Social login is a browser redirect").
 *
 * `GET /api/auth/social/list` is an ordinary operation (REST and tRPC). The two redirect routes
 * are not: an operation answers the JSON envelope, and these answer 302 to a browser, so they
 * are raw routes of the redirect kind (adapters/http/raw-route.ts), listed in router.ts
 * `rawRoutes` and described in the OpenAPI document by their own entries:
 *
 * - `GET /api/auth/connect/{provider}?redirect=<path>` → 302 to the provider, with the flow
 *   cookie set; 404 for a provider that is not configured.
 * - `GET /api/auth/connect/{provider}/callback` → 302 to the remembered path (or `/`) with the
 *   session cookies; any refusal → 302 to `/login?error=<code>`.
 */
import type { Request, Response } from 'express';
import { z } from 'zod';
import { SOCIAL_FLOW_COOKIE, SOCIAL_FLOW_COOKIE_PATH, socialError } from '../../../../domain/auth/social';
import { beginSocialSignIn, completeSocialSignIn, hasSocialProvider, listSocialAccounts } from '../../../../application/auth/social';
import type { Services } from '../../../compose';
import { deliverTokens } from '../../auth-transport';
import { toAppError } from '../../errors';
import { defineQuery } from '../../operation';
import { defineRawRoute, type RawRoute } from '../../raw-route';

export const socialOperations = {
  list: defineQuery({
    rest: { method: 'get', path: '/api/auth/social/list' },
    summary: "The member's linked social accounts (provider, email, linkedAt), oldest first",
    tags: ['auth'],
    signedIn: true,
    input: z.object({}).optional(),
    output: z.object({
      accounts: z.array(
        z.object({
          id: z.string(),
          provider: z.string(),
          providerName: z.string(),
          email: z.string().nullable(),
          emailVerified: z.boolean(),
          linkedAt: z.string(),
          lastUsedAt: z.string(),
        }),
      ),
    }),
    handler: async (_input, ctx) => ({
      accounts: (await listSocialAccounts(ctx.deps.auth, await ctx.actor())).map((a) => ({ ...a, linkedAt: a.linkedAt.toISOString(), lastUsedAt: a.lastUsedAt.toISOString() })),
    }),
  }),
};

/** The callback's query, one value per name (the first, as express' own parser would not guarantee). */
function queryOf(req: Request): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of new URL(req.originalUrl, 'http://callback.invalid').searchParams) if (!(name in params)) params[name] = value;
  return params;
}

/** A refusal goes back to the app's sign-in page with its code; anything unexpected is logged. */
function failTo(req: Request, res: Response, services: Services, error: unknown) {
  const appError = toAppError(error);
  const code = appError.kind === 'internal' ? 'SOCIAL_SIGN_IN_FAILED' : appError.code;
  if (appError.kind === 'internal') services.logger.error({ err: appError.cause ?? appError, path: req.path }, 'social sign-in failed');
  res.redirect(302, `/login?error=${encodeURIComponent(code)}`);
}

/** An unknown provider is a 404 envelope (express' error handler), not a redirect. */
function knownProvider(services: Services, req: Request): string {
  const provider = String(req.params.provider);
  if (!hasSocialProvider(services.auth.deps, provider)) throw socialError('SOCIAL_PROVIDER_UNKNOWN');
  return provider;
}

const providerNotConfigured = { description: 'The provider is not configured', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

/** The two browser redirects (raw routes, adapters/http/raw-route.ts). */
export const socialRedirectRoutes: RawRoute[] = [
  defineRawRoute({
    kind: 'redirect',
    method: 'get',
    path: '/api/auth/connect/{provider}',
    id: 'social.connect',
    summary: 'Start social sign-in (or, when signed in, linking, which needs a sign-in or re-authentication within 10 minutes): 302 to the provider (OpenID Connect, PKCE, state, nonce)',
    tags: ['auth'],
    openapi: {
      parameters: [
        { name: 'provider', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'redirect', in: 'query', required: false, schema: { type: 'string' }, description: 'A path on the app to return to afterwards' },
      ],
      responses: { '302': { description: 'To the provider; sets the httpOnly flow cookie (10 minutes)' }, '404': providerNotConfigured },
    },
    async handler(req, res, { services, makeContext }) {
      const provider = knownProvider(services, req);
      try {
        const ctx = makeContext(req, res);
        const redirect = typeof req.query.redirect === 'string' ? req.query.redirect : undefined;
        const started = await beginSocialSignIn(services.auth.deps, await ctx.actor(), { provider, redirect });
        // SameSite=Lax: the provider's redirect back is a top-level GET navigation, which carries it.
        ctx.http.setCookie(SOCIAL_FLOW_COOKIE, started.flowToken, { maxAgeSeconds: started.ttlSeconds, path: SOCIAL_FLOW_COOKIE_PATH });
        res.redirect(302, started.authorizationUrl);
      } catch (error) {
        failTo(req, res, services, error);
      }
    },
  }),
  defineRawRoute({
    kind: 'redirect',
    method: 'get',
    path: '/api/auth/connect/{provider}/callback',
    id: 'social.callback',
    summary: "The provider's redirect back: signs in or links, then 302 to the app (/login?error=<code> on failure)",
    tags: ['auth'],
    openapi: {
      parameters: [
        { name: 'provider', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'code', in: 'query', required: false, schema: { type: 'string' } },
        { name: 'state', in: 'query', required: false, schema: { type: 'string' } },
      ],
      responses: { '302': { description: 'To the remembered path or /, with the session cookies; or to /login?error=<code>' }, '404': providerNotConfigured },
    },
    async handler(req, res, { services, makeContext }) {
      const provider = knownProvider(services, req);
      try {
        const ctx = makeContext(req, res);
        const flowToken = ctx.http.cookie(SOCIAL_FLOW_COOKIE);
        ctx.http.clearCookie(SOCIAL_FLOW_COOKIE, { path: SOCIAL_FLOW_COOKIE_PATH });
        const result = await completeSocialSignIn(services.auth.deps, { provider, flowToken, params: queryOf(req), actor: await ctx.actor() }, ctx.client);
        if (result.outcome === 'signed_in') deliverTokens(ctx.http, result.tokens);
        res.redirect(302, result.redirectPath ?? '/');
      } catch (error) {
        failTo(req, res, services, error);
      }
    },
  }),
];
