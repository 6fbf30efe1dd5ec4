/**
 * Builds the tRPC router from the same operation definitions as the REST routes. The middleware
 * inspects the result of `next()` (tRPC returns `{ ok: false }`, it does not throw) and maps
 * domain errors through the one table in ./errors.
 */
import { getTRPCErrorShape, initTRPC, type AnyTRPCRouter, type TRPCError, type TRPCMutationProcedure, type TRPCQueryProcedure } from '@trpc/server';
import type { TRPCRequestInfo } from '@trpc/server/http';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { AppError } from '../../domain/shared/errors';
import { MAX_BATCH_CALLS } from '../../domain/shared/product';
import { jsonTextDepth } from '../../domain/shared/json';
import type { RequestContextFactory } from './context';
import { renderError, toAppError, toTrpcError } from './errors';
import { bodyTooDeep, MAX_BODY_DEPTH } from './json-body';
import { idempotentMutation } from './idempotency';
import { authorize, needsSession, type Operation, type OperationGroup, type OperationRegistry, type RequestContext } from './operation';

const t = initTRPC.context<RequestContext>().create({
  // The envelope's message, code and field errors (errors.ts renderError), inside tRPC's shape.
  errorFormatter({ shape, error, ctx }) {
    // The TRPCError itself: toAppError looks at its cause first (an AppError, a ZodError), then its code.
    const { error: app, body } = renderError(error, ctx?.requestId);
    return { ...shape, message: body.message, data: { ...shape.data, stack: undefined, appCode: body.code, errors: body.errors, details: app.details ?? null } };
  },
});

/**
 * The status and headers of a tRPC answer with errors, from the same rendering as REST: Retry-After
 * and Allow, and the REST status when every call failed alike (a batch with mixed outcomes keeps
 * tRPC's 207).
 */
export function trpcResponseMeta({ errors, data, eagerGeneration }: { errors: readonly TRPCError[]; data: readonly unknown[]; eagerGeneration: boolean }) {
  // JSON as express and the lean lane send it, charset included (a streamed answer keeps its own type).
  const headers: Record<string, string> = eagerGeneration ? {} : { 'content-type': 'application/json; charset=utf-8' };
  if (errors.length === 0) return { headers };
  const rendered = errors.map((error) => renderError(error));
  for (const { headers: each } of rendered) for (const [name, value] of each) headers[name] ??= value;
  const statuses = new Set(rendered.map((r) => r.status));
  const uniform = errors.length >= data.length && statuses.size === 1;
  return { headers, ...(uniform ? { status: rendered[0]!.status } : {}) };
}

const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTrpcError(toAppError(result.error));
  return result;
});

const base = t.procedure.use(mapErrors);

type ProcedureOf<Op> =
  Op extends Operation<infer I extends z.ZodType, infer O extends z.ZodType, 'query'>
    ? TRPCQueryProcedure<{ input: z.input<I>; output: z.output<O>; meta: object }>
    : Op extends Operation<infer I extends z.ZodType, infer O extends z.ZodType, 'mutation'>
      ? TRPCMutationProcedure<{ input: z.input<I>; output: z.output<O>; meta: object }>
      : never;

type RouterRecordOf<R extends OperationRegistry> = { [G in keyof R]: { [P in keyof R[G]]: ProcedureOf<R[G][P]> } };

function procedureOf(op: Operation, path: string) {
  // Before `.input()`, so the session and permission are checked before the input is parsed (operation.ts authorize).
  const guarded = needsSession(op)
    ? base.use(async ({ ctx, next }) => {
        await authorize(op, ctx);
        return next();
      })
    : base;
  const built = guarded.input(op.input).output(op.output);
  if (op.kind === 'query') return built.query(({ input, ctx }) => op.handler(input as never, ctx));
  // A mutation honours Idempotency-Key as its REST route does (the client retries network errors and 5xx).
  return built.mutation(({ input, ctx, batchIndex }) =>
    idempotentMutation(ctx.deps.ops.kv, ctx, { procedure: path, batchIndex: batchIndex ?? 0 }, input, () => op.handler(input as never, ctx)),
  );
}

export function buildTrpcRouter<R extends OperationRegistry>(registry: R) {
  const record: Record<string, ReturnType<typeof t.router>> = {};
  for (const [group, ops] of Object.entries(registry) as [string, OperationGroup][]) {
    const procedures: Record<string, ReturnType<typeof procedureOf>> = {};
    for (const [name, op] of Object.entries(ops)) procedures[name] = procedureOf(op as Operation, `${group}.${name}`);
    record[group] = t.router(procedures);
  }
  return t.router(record as unknown as RouterRecordOf<R>);
}


/**
 * tRPC's createContext, which runs once per request after tRPC has read the call list and before
 * any procedure (or the input of any call) is touched: a batch over MAX_BATCH_CALLS, or a GET
 * input nested deeper than a body may be, is refused here as a whole.
 */
export function trpcContext(makeContext: RequestContextFactory) {
  return ({ req, res, info }: { req: Request; res: Response; info: TRPCRequestInfo }) => {
    if (info.isBatchCall && info.calls.length > MAX_BATCH_CALLS) {
      throw toTrpcError(
        new AppError('invalid_input', 'BATCH_TOO_LARGE', `A batch may hold at most ${MAX_BATCH_CALLS} calls; this one has ${info.calls.length}`, { errors: [] }),
      );
    }
    const query = req.url.indexOf('?');
    const input = query === -1 ? null : new URLSearchParams(req.url.slice(query + 1)).get('input');
    if (input !== null && jsonTextDepth(input, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) throw toTrpcError(bodyTooDeep());
    return makeContext(req, res);
  };
}

/**
 * An error met before tRPC took the request (the body parser: too large, too deep, not JSON), in
 * tRPC's own shape through the same formatter, so the tRPC client reads it as it reads any refusal.
 */
export function trpcErrorBody(router: AnyTRPCRouter, error: AppError) {
  return { error: getTRPCErrorShape({ config: router._def._config, error: toTrpcError(error), type: 'unknown', path: undefined, input: undefined, ctx: undefined }) };
}
