/**
 * Routes that are not JSON operations (docs/architecture.md §2), defined in one shape and listed
 * beside the operations (router.ts `rawRoutes`):
 *
 * - `raw-body`: the handler gets the body as a Buffer, unparsed (a webhook whose signature covers
 *   the exact bytes, as Stripe's does). Mounted after the CSRF check (a server's request carries
 *   neither Origin nor Sec-Fetch-Site, so it passes) and before the JSON-only rule, the JSON body
 *   parser and requestPlace (no country on its audit events), with `express.raw({ type, limit })`
 *   for that path only.
 * - `redirect`: a browser navigation answered with 302 (social sign-in's connect and callback).
 * - `events`: server-sent events (`text/event-stream`); the handler writes the stream.
 * - `development`: tools for development and the tests, mounted only when NODE_ENV is not
 *   `production` (and then missing from the OpenAPI document too).
 *
 * Each is described in `GET /api/openapi.json` by its `openapi` entry (there is no zod output to
 * derive one from). The lean GET lane (lean-get.ts) answers operations only, so every raw route
 * goes through express' middleware chain (request log, compression, helmet, CORS, no-store,
 * cookies, CSRF, the request place); a handler's errors reach express' error handler (the JSON
 * envelope), unless it answers them itself (a redirect to the login page, say).
 */
import express, { Router, type Request, type Response } from 'express';
import type { Services } from '../compose';
import type { RequestContextFactory } from './context';
import type { RestMethod } from './operation';
import { toExpressPath } from './rest';

export type RawRouteKind = 'raw-body' | 'redirect' | 'events' | 'development';

export interface RawRouteEnv {
  services: Services;
  makeContext: RequestContextFactory;
}

export interface RawRoute {
  kind: RawRouteKind;
  method: RestMethod;
  /** OpenAPI-style parameters (`/api/auth/connect/{provider}`). */
  path: string;
  /** The OpenAPI operation id, `module.name`. */
  id: string;
  summary: string;
  tags: string[];
  /** The OpenAPI operation's parameters, requestBody and responses (written by hand). */
  openapi: { parameters?: unknown[]; requestBody?: unknown; responses: Record<string, unknown> };
  /** raw-body only: the content types read raw and the largest body (express' notation, `'1mb'`). */
  rawBody?: { type: string; limit: string };
  /** Answers the request (a raw-body route finds the bytes in `req.body`, a Buffer); a throw goes to express' error handler. */
  handler(req: Request, res: Response, env: RawRouteEnv): Promise<void>;
}

export function defineRawRoute(route: RawRoute): RawRoute {
  if (!route.path.startsWith('/api/')) throw new Error(`A raw route's path is under /api/, not ${route.path}`);
  if ((route.kind === 'raw-body') !== (route.rawBody !== undefined)) throw new Error(`The raw route ${route.id}: rawBody goes with the raw-body kind, and only with it`);
  return route;
}

/** The routes mounted in this environment: development routes never in production. */
export const rawRoutesFor = (routes: readonly RawRoute[], env: string) => routes.filter((route) => route.kind !== 'development' || env !== 'production');

/**
 * An express router of the routes of one stage: `before-json` (raw-body routes, each with its own
 * raw body parser, mounted before `express.json`) or `after-json` (the others).
 */
export function rawRouteRouter(routes: readonly RawRoute[], stage: 'before-json' | 'after-json', env: RawRouteEnv): Router {
  const router = Router();
  for (const route of routes) {
    if ((route.kind === 'raw-body') !== (stage === 'before-json')) continue;
    const handlers = [
      ...(route.rawBody ? [express.raw({ type: route.rawBody.type, limit: route.rawBody.limit })] : []),
      async (req: Request, res: Response, next: (error?: unknown) => void) => {
        try {
          await route.handler(req, res, env);
        } catch (error) {
          next(error);
        }
      },
    ];
    router[route.method](toExpressPath(route.path), ...handlers);
  }
  return router;
}

/** The routes' entries of the OpenAPI document's `paths`. */
export function rawRoutePaths(routes: readonly RawRoute[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      operationId: route.id,
      summary: route.summary,
      tags: route.tags,
      'x-route-kind': route.kind,
      ...(route.openapi.parameters ? { parameters: route.openapi.parameters } : {}),
      ...(route.openapi.requestBody ? { requestBody: route.openapi.requestBody } : {}),
      responses: route.openapi.responses,
    };
  }
  return paths;
}
