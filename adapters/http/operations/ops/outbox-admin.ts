/** The operators' outbox (application/ops/outbox.ts): failed events listed, retried, and a ping sent through. */
import { z } from 'zod';
import { listOutboxEvents, pingOutbox, retryOutboxEvent, type OpsDeps } from '../../../../application/ops/outbox';
import type { OutboxRecord } from '../../../../application/ports/outbox';
import { OUTBOX_LIST_STATUSES, outboxEventIdInputSchema, outboxListInputSchema, outboxPingInputSchema } from '../../../../domain/ops/schemas';
import { defineMutation, defineQuery, type RequestContext } from '../../operation';

const tags = ['admin'];

const outboxEventSchema = z.object({
  id: z.number(),
  type: z.string(),
  version: z.number(),
  key: z.string(),
  payload: z.unknown(),
  status: z.enum(OUTBOX_LIST_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});

const eventOut = (row: OutboxRecord): z.input<typeof outboxEventSchema> => ({
  ...row,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  failedAt: row.failedAt?.toISOString() ?? null,
});

const opsDeps = (ctx: RequestContext): OpsDeps => ({ clock: ctx.deps.ops.clock, outbox: ctx.deps.ops.outbox.store, signal: ctx.deps.ops.outbox.signal, uow: ctx.deps.ops.unitOfWork(() => ({})) });

export const outboxAdminOperations = {
  list: defineQuery({
    rest: { method: 'get', path: '/api/admin/outbox' },
    summary: 'Outbox events by status, newest first (failed by default: parked after OUTBOX_MAX_ATTEMPTS); ops.manage',
    tags,
    signedIn: true,
    permission: 'ops.manage',
    input: outboxListInputSchema,
    output: z.object({ events: z.array(outboxEventSchema), total: z.number(), nextBefore: z.number().nullable() }),
    handler: async (input, ctx) => {
      const result = await listOutboxEvents(opsDeps(ctx), await ctx.actor(), input);
      return { ...result, events: result.events.map(eventOut) };
    },
  }),
  retry: defineMutation({
    rest: { method: 'post', path: '/api/admin/outbox/{id}/retry' },
    summary: 'Puts a failed outbox event back for delivery, its attempts reset; ops.manage',
    tags,
    signedIn: true,
    permission: 'ops.manage',
    input: outboxEventIdInputSchema,
    output: z.object({ event: outboxEventSchema }),
    handler: async (input, ctx) => ({ event: eventOut(await retryOutboxEvent(opsDeps(ctx), await ctx.actor(), input.id)) }),
  }),
  ping: defineMutation({
    rest: { method: 'post', path: '/api/admin/outbox/ping', successStatus: 202 },
    summary: 'Writes an ops.outbox.ping event; the worker logs its delivery and latency; ops.manage',
    tags,
    signedIn: true,
    permission: 'ops.manage',
    input: outboxPingInputSchema,
    output: z.object({ eventId: z.number() }),
    handler: async (input, ctx) => pingOutbox(opsDeps(ctx), await ctx.actor(), input.note),
  }),
};
