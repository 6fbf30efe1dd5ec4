/**
 * The express application: hardening, request ids and logs, CORS from the dynamic config,
 * REST routes at /api, tRPC at /trpc, health probes, the OpenAPI document and the built client.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as trpcExpress from '@trpc/server/adapters/express';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { AppError, methodNotAllowed } from '../../domain/shared/errors';
import type { Services } from '../compose';
import { apiCompression } from './compression';
import { contextFactory, requestIdOf } from './context';
import { csrfProtection, jsonBodiesOnly } from './csrf';
import { renderError, toAppError, type Header } from './errors';
import { idempotency } from './idempotency';
import { refuseDeepBodies } from './json-body';
import { leanGetLane } from './lean-get';
import { openApiDocument } from './openapi';
import { requestLog } from './request-log';
import { requestPlace } from './request-place';
import { allowedMethods, restRouter } from './rest';
import { contentSecurityPolicyDirectives } from './security-policy';
import { rawRouteRouter, rawRoutePaths, rawRoutesFor, type RawRoute } from './raw-route';
import { allOperations, appRouter, rawRoutes } from './router';
import { trpcContext, trpcErrorBody, trpcResponseMeta } from './trpc';
import { staticClient } from './static';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_CLIENT_DIR = path.resolve(here, '../../web/dist');

export interface AppOptions {
  clientDir?: string;
  /** Answer GET operations in the lean lane (lean-get.ts); off only to compare the lane with express. */
  leanGet?: boolean;
  /** Raw routes added to the product's (tests register their own shapes so). */
  rawRoutes?: RawRoute[];
}

/** The headers a middleware sets on an answer, found by running it once on a stand-in. */
function headersSetBy(middleware: (req: never, res: never, next: () => void) => void, requestHeaders: Record<string, string> = {}): Header[] {
  const set = new Map<string, Header>();
  const res = {
    statusCode: 200,
    setHeader: (name: string, value: string | number | readonly string[]) => void set.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]),
    getHeader: (name: string) => set.get(name.toLowerCase())?.[1],
    removeHeader: (name: string) => void set.delete(name.toLowerCase()),
  };
  middleware({ method: 'GET', url: '/', headers: requestHeaders } as never, res as never, () => undefined);
  return [...set.values()];
}

/** The node request listener: GET operations through the lean lane, everything else through express. */
export function createRequestListener(services: Services, options: AppOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const { app, lane } = buildApp(services, options);
  if (options.leanGet === false) return app;
  return (req, res) => {
    if (!lane(req, res)) app(req, res);
  };
}

export function createApp(services: Services, options: AppOptions = {}) {
  return buildApp(services, options).app;
}

function buildApp(services: Services, options: AppOptions) {
  const { config: cfg, logger } = services;
  const app = express();
  app.disable('x-powered-by');
  // API answers are `Cache-Control: no-store`, so an ETag (a hash of every body) buys nothing;
  // the built client's files get theirs from the static middleware.
  app.set('etag', false);
  app.set('trust proxy', cfg.trustedProxies.length > 0 ? cfg.trustedProxies : false);
  app.set('query parser', 'extended');

  app.use(requestLog(logger));
  // Answers from 1 KB up, brotli or gzip; the lean lane does the same itself (compression.ts).
  app.use(apiCompression());

  // The policy's hosts come from the configuration (security-policy.ts): vendors only when configured, MEDIA_HOSTS for media.
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicyDirectives(cfg) },
    hsts: cfg.appUrl.startsWith('https:'),
  });
  app.use(securityHeaders);

  const allowed = new Set(cfg.corsOrigins);
  const crossOrigin = cors({
    // Never `*` with credentials: only an allow-listed origin is echoed back.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    credentials: true,
    allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'X-Request-Id', 'X-Auth-Transport', 'X-CSRF-Token'],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'Idempotent-Replayed'],
    maxAge: 600,
  });
  app.use(crossOrigin);

  app.get('/healthz', (_req, res) => {
    res.json({ success: true, status: 'alive' });
  });
  app.get('/readyz', async (_req, res) => {
    const r = await services.readiness();
    const ready = r.database && r.redis !== false;
    res.status(ready ? 200 : 503).json({
      success: ready,
      ...(ready ? {} : { code: 'NOT_READY', message: 'A backing service does not answer', errors: [] }),
      database: r.database ? 'ok' : 'unavailable',
      redis: r.redis === null ? 'not configured' : r.redis ? 'ok' : 'unavailable',
    });
  });

  const cookies = cookieParser();
  app.use(cookies);

  const makeContext = contextFactory(services);
  const raw = rawRoutesFor([...rawRoutes, ...(options.rawRoutes ?? [])], cfg.env);
  app.get('/api/openapi.json', (_req, res) => {
    const document = openApiDocument(allOperations, { title: 'Objectivism Learning Platform API', version: '1.0.0', serverUrl: cfg.appUrl });
    res.json({ ...document, paths: { ...document.paths, ...rawRoutePaths(raw) } });
  });
  // Both transports answer sessions, tokens and members' data: nothing of theirs is cached.
  const noStore: Header = ['Cache-Control', 'no-store'];
  app.use(['/api', '/trpc'], (_req, res, next) => {
    res.setHeader(...noStore);
    next();
  });
  // Before the body is read: a refused cross-site request costs no parsing.
  app.use(['/api', '/trpc'], csrfProtection(cfg.corsOrigins));
  // Raw-body routes (a webhook's signed bytes) read their own body, before the JSON-only rule and parser.
  app.use(rawRouteRouter(raw, 'before-json', { services, makeContext }));
  app.use(['/api', '/trpc'], jsonBodiesOnly());
  // Over BODY_LIMIT: 413; nested deeper than a body may be: 400 before JSON.parse (json-body.ts).
  app.use(express.json({ limit: cfg.bodyLimit, verify: refuseDeepBodies }));
  // After the body parser, whose stream callbacks would leave the request's async context.
  app.use(requestPlace(cfg.trustedProxies.length > 0));
  // Redirects, server-sent events and (not in production) development tools: raw-route.ts.
  app.use(rawRouteRouter(raw, 'after-json', { services, makeContext }));
  app.use('/api', idempotency(services.kv));
  app.use(restRouter(allOperations, makeContext));
  app.use(
    '/trpc',
    trpcExpress.createExpressMiddleware({
      router: appRouter,
      createContext: trpcContext(makeContext),
      responseMeta: trpcResponseMeta,
      onError: ({ error, path: procedure }) => {
        const app = toAppError(error);
        if (app.kind === 'internal') logger.error({ err: error.cause ?? error, procedure }, 'tRPC procedure failed');
      },
    }),
  );

  // No route took it: 405 with Allow when the path is an operation's under another method, else 404.
  const methodsAt = allowedMethods(allOperations, [{ path: '/api/openapi.json', method: 'get' }, ...raw.map((r) => ({ path: r.path, method: r.method }))]);
  app.use('/api', (req, _res, next) => {
    const path = req.originalUrl.split('?')[0]!;
    const allow = methodsAt(path);
    next(allow.length > 0 && !allow.includes(req.method) ? methodNotAllowed(req.method, path, allow) : new AppError('not_found', 'NOT_FOUND', `No route for ${req.method} ${path}`));
  });

  const client = staticClient(options.clientDir ?? DEFAULT_CLIENT_DIR);
  if (client) app.use(client);
  else logger.warn('the client is not built (web/dist): only the API is served; run npm run build');

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // The one rendering of an error (errors.ts), as the lean lane and tRPC write it.
    const { error: appError, status, headers, body } = renderError(error, requestIdOf(req));
    if (status >= 500) logger.error({ err: appError.cause ?? appError, reqId: requestIdOf(req) }, 'request failed');
    if (res.headersSent) return;
    for (const [name, value] of headers) res.setHeader(name, value);
    // Under /trpc the same error in tRPC's shape (the body parser runs before tRPC).
    res.status(status).json(req.originalUrl.startsWith('/trpc') ? trpcErrorBody(appRouter, appError) : body);
  });

  // The lean lane answers with the very headers these middlewares set, worked out once.
  const fixedHeaders = [...headersSetBy(securityHeaders), noStore];
  const corsFor = new Map<string, Header[]>([...allowed].map((origin) => [origin, headersSetBy(crossOrigin, { origin })]));
  const noOrigin = headersSetBy(crossOrigin);
  const foreignOrigin = headersSetBy(crossOrigin, { origin: 'null' });
  const lane = leanGetLane({
    app,
    operations: allOperations,
    makeContext: (req, res) => {
      cookies(req, res, () => undefined);
      return makeContext(req, res);
    },
    logger,
    fixedHeaders,
    corsHeaders: (origin) => (origin === undefined ? noOrigin : (corsFor.get(origin) ?? foreignOrigin)),
  });
  return { app, lane };
}
