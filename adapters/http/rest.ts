/**
 * Mounts every operation that has a REST route onto an express router. Handlers are called
 * directly (never through tRPC's adapter, which costs ~2.5x on these machines: docs/architecture.md §2).
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { requireActor } from '../../domain/auth/actor';
import type { NamedOperation, Operation } from './operation';
import type { RequestContextFactory } from './context';

/** `/api/books/id/{id}` -> `/api/books/id/:id` */
export const toExpressPath = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

function restInput(req: Request): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...(req.query as Record<string, unknown>), ...body, ...req.params };
}

/**
 * One REST call of an operation: the session first for signed-in operations (401 before 400),
 * then the input, the handler and the output schema; answers the success envelope. Shared by the
 * express routes below and the lean GET lane (lean-get.ts).
 */
export async function runRestOperation(operation: Operation, req: Request, res: Response, makeContext: RequestContextFactory): Promise<Record<string, unknown>> {
  const ctx = makeContext(req, res);
  if (operation.signedIn) requireActor(await ctx.actor());
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
