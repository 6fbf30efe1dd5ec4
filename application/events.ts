/**
 * Every outbox event the product writes or reads, by module: the registry the unit of work checks
 * payloads against when an event is written and the delivery checks again when it is handed over.
 * A module adds its events here as it lands (orders shipped, contest entries graded, ...).
 */
import { OUTBOX_PING } from '../domain/ops/events';
import { defineEvent, type EventDefinition } from './ports/outbox';

export const outboxPing = defineEvent(OUTBOX_PING);

export const productEvents: readonly EventDefinition[] = [outboxPing];
