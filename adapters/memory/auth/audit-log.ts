/**
 * The in-process AuditLog, behaving as adapters/postgres/auth/audit-log.ts does
 * (tests/contract/auth-repositories.test.ts): absent fields read back as null, `detail` as `{}`,
 * and `detail` goes through JSON as it does through a jsonb column.
 */
import type { AuditEvent, AuditLog } from '../../../application/ports/audit-log';
import type { MemoryTwin } from '../unit-of-work';

interface Stored {
  seq: number;
  event: AuditEvent;
}

const copy = (event: AuditEvent): AuditEvent => structuredClone(event);

export function memoryAuditLog(): AuditLog & MemoryTwin {
  const events: Stored[] = [];

  return {
    async record(event) {
      events.push({
        seq: events.length,
        event: {
          action: event.action,
          outcome: event.outcome,
          method: event.method ?? null,
          userId: event.userId ?? null,
          email: event.email ?? null,
          sessionId: event.sessionId ?? null,
          ip: event.ip,
          userAgent: event.userAgent,
          detail: JSON.parse(JSON.stringify(event.detail ?? {})) as Record<string, unknown>,
          at: new Date(event.at),
        },
      });
    },

    async forUser(userId, limit) {
      const count = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
      return events
        .filter((s) => s.event.userId === userId)
        .sort((a, b) => b.event.at.getTime() - a.event.at.getTime() || b.seq - a.seq)
        .slice(0, count)
        .map((s) => copy(s.event));
    },

    async pageForUser(userId, query) {
      const limit = Number.isFinite(query.limit) ? Math.max(0, Math.floor(query.limit)) : 0;
      const offset = Number.isFinite(query.offset) ? Math.max(0, Math.floor(query.offset)) : 0;
      const mine = events
        .filter((s) => s.event.userId === userId && query.actions.includes(s.event.action))
        .sort((a, b) => b.event.at.getTime() - a.event.at.getTime() || b.seq - a.seq);
      // Ids count from 1, as a bigserial does.
      return { events: mine.slice(offset, offset + limit).map((s) => ({ ...copy(s.event), id: String(s.seq + 1) })), total: mine.length };
    },

    // For a memory unit of work: events are only ever appended, so a rollback drops what came after.
    snapshot() {
      const length = events.length;
      return () => {
        events.length = Math.min(events.length, length);
      };
    },
  };
}
