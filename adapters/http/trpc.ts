/**
 * Builds the tRPC router from the same operation definitions as the REST routes. The middleware
 * inspects the result of `next()` (tRPC returns `{ ok: false }`, it does not throw) and maps
 * domain errors through the one table in ./errors.
 */
import { initTRPC, TRPCError, type TRPCMutationProcedure, type TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import { requireActor } from '../../domain/auth/actor';
import { ERROR_TRANSPORT, errorEnvelope, toAppError } from './errors';
import { idempotentMutation } from './idempotency';
import type { Operation, OperationGroup, OperationRegistry, RequestContext } from './operation';

const t = initTRPC.context<RequestContext>().create({
  errorFormatter({ shape, error, ctx }) {
    const app = toAppError(error.cause ?? error);
    const { body } = errorEnvelope(app, ctx?.requestId);
    return { ...shape, message: body.message, data: { ...shape.data, stack: undefined, appCode: body.code, errors: body.errors, details: app.details ?? null } };
  },
});

const mapErrors = t.middleware(async ({ next, ctx }) => {
  const result = await next();
  if (!result.ok) {
    const app = toAppError(result.error.cause ?? result.error);
    if (app.retryAfterSeconds !== undefined) ctx.http.setHeader('Retry-After', String(app.retryAfterSeconds));
    throw new TRPCError({ code: ERROR_TRANSPORT[app.kind].trpc, message: app.message, cause: app });
  }
  return result;
});

const base = t.procedure.use(mapErrors);
// Before `.input()`, so the session is checked before the input is parsed (Operation.signedIn).
const signedIn = base.use(async ({ ctx, next }) => {
  requireActor(await ctx.actor());
  return next();
});

type ProcedureOf<Op> =
  Op extends Operation<infer I extends z.ZodType, infer O extends z.ZodType, 'query'>
    ? TRPCQueryProcedure<{ input: z.input<I>; output: z.output<O>; meta: object }>
    : Op extends Operation<infer I extends z.ZodType, infer O extends z.ZodType, 'mutation'>
      ? TRPCMutationProcedure<{ input: z.input<I>; output: z.output<O>; meta: object }>
      : never;

type RouterRecordOf<R extends OperationRegistry> = { [G in keyof R]: { [P in keyof R[G]]: ProcedureOf<R[G][P]> } };

function procedureOf(op: Operation, path: string) {
  const built = (op.signedIn ? signedIn : base).input(op.input).output(op.output);
  if (op.kind === 'query') return built.query(({ input, ctx }) => op.handler(input as never, ctx));
  // A mutation honours Idempotency-Key as its REST route does (the client retries network errors and 5xx).
  return built.mutation(({ input, ctx, batchIndex }) =>
    idempotentMutation(ctx.services.kv, ctx, { procedure: path, batchIndex: batchIndex ?? 0 }, input, () => op.handler(input as never, ctx)),
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
