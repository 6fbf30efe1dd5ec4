/** Inputs of the operators' outbox screen (GET /api/admin/outbox, its retry and its ping). */
import { z } from 'zod';
import { plainText } from '../shared/text';

export const OUTBOX_LIST_STATUSES = ['pending', 'delivered', 'failed'] as const;

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: message }).int(message).min(min, message).max(max, message));

export const outboxListInputSchema = z.object({
  status: z.preprocess((v) => (v === undefined || v === '' ? 'failed' : v), z.enum(OUTBOX_LIST_STATUSES, { error: `Status must be one of ${OUTBOX_LIST_STATUSES.join(', ')}` })),
  limit: z.preprocess((v) => (v === undefined || v === '' ? 20 : v), wholeNumber('Limit must be between 1 and 100', 1, 100)),
  /** The last id of the previous page. */
  before: z.preprocess((v) => (v === '' ? undefined : v), wholeNumber('Before must be an event id', 1, Number.MAX_SAFE_INTEGER).optional()),
});
export type OutboxListInput = z.infer<typeof outboxListInputSchema>;

export const outboxEventIdInputSchema = z.object({ id: wholeNumber('Event id must be a whole number', 1, Number.MAX_SAFE_INTEGER) });

export const outboxPingInputSchema = z.object({ note: plainText(z.string({ error: 'Note must be text' }).trim().max(200, { message: 'Note must be at most 200 characters', abort: true })).default('') });
