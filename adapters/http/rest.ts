/**
 * Mounts every operation that has a REST route onto an express router. Handlers are called
 * directly (never through tRPC's adapter, which costs ~2.5x on these machines: docs/architecture.md §2).
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { authorize, type NamedOperation, type Operation } from './operation';
import type { RequestContextFactory } from './context';

/** `/api/books/id/{id}` -> `/api/books/id/:id` */
export const toExpressPath = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/api/books/{slug}/chapters` as express matches it: any case, one optional trailing slash. */
export function compilePath(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      const param = /^\{([A-Za-z0-9_]+)\}$/.exec(segment);
      if (!param) return escapeRegExp(segment);
      names.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`, 'i'), names };
}

/**
 * The methods the API answers at a path (GET bringing HEAD), from the operations and the raw
 * routes beside them (`{ path, method }`, OpenAPI-style paths): what a 405's Allow header lists.
 */
export function allowedMethods(operations: NamedOperation[], raw: { path: string; method: string }[] = []): (path: string) => string[] {
  const routes = [...operations.flatMap(({ operation }) => (operation.rest ? [{ path: operation.rest.path, method: operation.rest.method }] : [])), ...raw].map((r) => ({
    pattern: compilePath(r.path).pattern,
    method: r.method.toUpperCase(),
  }));
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return (path) => {
    const methods = new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return order.filter((m) => methods.has(m));
  };
}

function restInput(req: Request): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...(req.query as Record<string, unknown>), ...body, ...req.params };
}

/**
 * One REST call of an operation: the session and permission first (operation.ts authorize: 401 or
 * 403 before 400), then the input, the handler and the output schema; answers the success envelope. Shared by the
 * express routes below and the lean GET lane (lean-get.ts).
 */
export async function runRestOperation(operation: Operation, req: Request, res: Response, makeContext: RequestContextFactory): Promise<Record<string, unknown>> {
  const ctx = makeContext(req, res);
  await authorize(operation, ctx);
  const input = await operation.input.parseAsync(restInput(req));
  const output = operation.output.parse(await operation.handler(input, ctx)) as Record<string, unknown>;
  return { success: true, ...output };
}

export function restRouter(operations: NamedOperation[], makeContext: RequestContextFactory): Router {
  const router = Router();
  // Static segments must win over parameters (`/api/books/list` before `/api/books/{slug}`,
  // `/api/books/id/{id}` before `/api/books/{slug}/chapters`): the first segment where two paths
  // differ in kind decides.
  const ordered = operations.filter((o) => o.operation.rest).sort((a, b) => compareSpecificity(a.operation.rest!.path, b.operation.rest!.path));
  for (const { operation } of ordered) {
    const rest = operation.rest!;
    router[rest.method](toExpressPath(rest.path), async (req: Request, res: Response, next: NextFunction) => {
      try {
        res.status(rest.successStatus ?? 200).json(await runRestOperation(operation, req, res, makeContext));
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
}

const segmentKinds = (path: string): number[] => path.split('/').map((segment) => (segment.includes('{') ? 1 : 0));

/** Static before parameter at the first segment where the kinds differ; otherwise fewer parameters first. */
export function compareSpecificity(a: string, b: string): number {
  const ka = segmentKinds(a);
  const kb = segmentKinds(b);
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
  return ka.reduce((s, k) => s + k, 0) - kb.reduce((s, k) => s + k, 0);
}
