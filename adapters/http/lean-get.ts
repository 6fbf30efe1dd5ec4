/**
 * The lean lane for GET operations (docs/architecture.md §2: the hot paths are lists and the session
 * check). A GET that names a REST operation is answered here, before express' middleware chain:
 * the same operation run (rest.ts runRestOperation: session, input, handler, output schema), the
 * same request context, headers and envelope, but with the headers that never change worked out
 * once, and the body written with its headers in one piece. Everything else goes to express:
 * other methods, OPTIONS preflights, HEAD, the client's files, tRPC, the health probes.
 *
 * The request and response get express' own prototypes (as express itself does on entry), so
 * `req.ip` (trusted proxies), `req.query` (the extended parser), `req.get` and `res.cookie` behave
 * exactly as behind the router. tests/api/lean-get.test.ts holds both lanes to the same answers.
 *
 * What it bypasses, and stands in for: app.ts's middleware chain. The request log (logCompleted),
 * compression (compressBody), helmet and Cache-Control (`fixedHeaders`) and CORS (`corsHeaders`)
 * are reproduced here; cookie-parser runs in `makeContext`; CSRF, the JSON-only rule, the body
 * parsers and idempotency concern bodies and unsafe methods, which a GET has not; requestPlace
 * (the country on audit events) does not run, as GET operations write no audit events. Raw routes (raw-route.ts: redirects, events, raw bodies,
 * development tools) are not operations, so they never come here. A new middleware under `/api`
 * that a GET operation's answer depends on must be added here too (or its headers to
 * `fixedHeaders`), else the lane answers without it; tests/api/lean-get.test.ts then compares
 * both lanes' answers for it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request, Response } from 'express';
import type { Logger } from 'pino';
import { compressBody, compressesAnswer, compressionExcluded, simpleEncoding, type Encoding } from './compression';
import type { RequestContextFactory } from './context';
import { renderError, type Header } from './errors';
import type { NamedOperation, Operation } from './operation';
import { logCompleted, requestIdFrom } from './request-log';
import { compareSpecificity, compilePath, runRestOperation } from './rest';

export type { Header } from './errors';

export interface LeanGetOptions {
  app: Express;
  operations: NamedOperation[];
  makeContext: RequestContextFactory;
  logger: Logger;
  /** Headers every API answer carries (security headers, Cache-Control). */
  fixedHeaders: Header[];
  /** The CORS headers of an answer to a request from this Origin (or none). */
  corsHeaders: (origin: string | undefined) => Header[];
}

interface Route {
  pattern: RegExp;
  names: string[];
  operation: Operation;
}


/** Answers `true` when it has taken the request. */
export function leanGetLane(o: LeanGetOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const routes: Route[] = o.operations
    .filter((n) => n.operation.rest?.method === 'get')
    .sort((a, b) => compareSpecificity(a.operation.rest!.path, b.operation.rest!.path))
    .map((n) => ({ ...compilePath(n.operation.rest!.path), operation: n.operation }));

  const fixedFlat = o.fixedHeaders.flat();

  /** The CORS headers with Accept-Encoding added to their Vary, as the compression middleware does (worked out once per list). */
  const varied = new WeakMap<Header[], string[]>();
  const withVary = (headers: Header[]): string[] => {
    let flat = varied.get(headers);
    if (!flat) {
      const hasVary = headers.some(([name]) => name.toLowerCase() === 'vary');
      const merged: Header[] = headers.map(([name, value]) => (name.toLowerCase() === 'vary' ? [name, `${value}, Accept-Encoding`] : [name, value]));
      flat = (hasVary ? merged : [...merged, ['Vary', 'Accept-Encoding'] as Header]).flat();
      varied.set(headers, flat);
    }
    return flat;
  };

  const find = (path: string): { operation: Operation; params: Record<string, string> } | undefined => {
    for (const route of routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      for (let i = 0; i < route.names.length; i++) {
        try {
          params[route.names[i]!] = decodeURIComponent(m[i + 1]!);
        } catch {
          return undefined; // a malformed escape: express answers it (400)
        }
      }
      return { operation: route.operation, params };
    }
    return undefined;
  };

  return (rawReq, rawRes) => {
    if (rawReq.method !== 'GET') return false;
    const url = rawReq.url ?? '/';
    if (!url.startsWith('/api/')) return false;
    const q = url.indexOf('?');
    const found = find(q === -1 ? url : url.slice(0, q));
    if (!found) return false;
    // An Accept-Encoding with weights or wildcards is negotiated by express' compression middleware.
    const encoding = simpleEncoding(rawReq.headers['accept-encoding']);
    if (encoding === undefined) return false;

    // What express' own entry does: its request and response behaviour, without its router.
    const req = rawReq as Request;
    const res = rawRes as Response;
    Object.setPrototypeOf(req, o.app.request);
    Object.setPrototypeOf(res, o.app.response);
    (req as { res?: Response }).res = res;
    (res as { req?: Request }).req = req;
    res.locals = Object.create(null) as Record<string, unknown>;
    req.originalUrl = url;
    req.params = found.params;

    const id = requestIdFrom(req);
    (req as Request & { id: string }).id = id;
    const started = process.hrtime.bigint();
    res.once('finish', () => logCompleted(o.logger, req, res, id, started));
    void answer(req, res, found.operation, id, encoding);
    return true;
  };

  async function answer(req: Request, res: Response, operation: Operation, id: string, encoding: Encoding) {
    let status = operation.rest!.successStatus ?? 200;
    let body: unknown;
    try {
      body = await runRestOperation(operation, req, res, o.makeContext);
    } catch (thrown) {
      // The one rendering of an error (errors.ts), as express' error handler and tRPC write it.
      const rendered = renderError(thrown, id);
      status = rendered.status;
      body = rendered.body;
      if (status >= 500) o.logger.error({ err: rendered.error.cause ?? rendered.error, reqId: id }, 'request failed');
      for (const [name, value] of rendered.headers) res.setHeader(name, value);
    }
    if (res.headersSent || res.destroyed) return;
    const text = JSON.stringify(body);
    const bytes = Buffer.byteLength(text);
    const cors = o.corsHeaders(req.headers.origin);
    // The compression middleware's decisions: Vary on every answer it may compress, the body
    // compressed from the threshold up, without Content-Length (it streams: chunked).
    const compressible = !compressionExcluded(req.path) && res.getHeader('Set-Cookie') === undefined;
    const corsFlat = compressible ? withVary(cors) : cors.flat();
    const base = [...fixedFlat, ...corsFlat, 'X-Request-Id', id, 'Content-Type', 'application/json; charset=utf-8'];
    if (encoding !== 'identity' && compressesAnswer(req.path, res, bytes, encoding)) {
      let compressed: Buffer;
      try {
        compressed = await compressBody(text, bytes, encoding);
      } catch (error) {
        o.logger.error({ err: error, reqId: id }, 'compression failed');
        res.writeHead(status, [...base, 'Content-Length', String(bytes)]);
        res.end(text);
        return;
      }
      if (res.headersSent || res.destroyed) return;
      res.writeHead(status, [...base, 'Content-Encoding', encoding]);
      res.end(compressed);
      return;
    }
    // All headers at once, as name/value pairs: node checks and stores them in one pass (it merges
    // any an operation set itself, a cookie or Retry-After), and a string body leaves with them in
    // one write (express would turn it into a Buffer first).
    res.writeHead(status, [...base, 'Content-Length', String(bytes)]);
    res.end(text);
  }
}
