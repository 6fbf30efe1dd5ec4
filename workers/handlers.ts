import type { OutboxHandler } from './outbox-relay';

/**
 * Outbox event handlers by event type. Each module registers its own (CRM sync, notification
 * mail, shipment tracking) as it lands; every handler is idempotent.
 */
export const outboxHandlers: Record<string, OutboxHandler> = {};
