/**
 * The operations module's outbox events (workers/README.md). `ops.outbox.ping` is the outbox's
 * canary: an operator (POST /api/admin/outbox/ping) or the benchmark writes one, and its consumer
 * logs how long it took from commit to handler, which shows the whole path works.
 */
import { z } from 'zod';

export const outboxPingSchema = z.object({ note: z.string().max(200) });
export type OutboxPing = z.infer<typeof outboxPingSchema>;

/** Plain data (domain imports only zod): application/ports/outbox.ts's defineEvent checks it where it is registered. */
export const OUTBOX_PING = { type: 'ops.outbox.ping', version: 1, payload: outboxPingSchema } as const;
