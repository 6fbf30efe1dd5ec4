/**
 * The security audit trail in PostgreSQL (table `audit_events`). Events are only appended; a
 * member's timeline is read newest first, events at the same instant in reverse order of writing.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AuditEvent, AuditLog } from '../../../application/ports/audit-log';
import type { AuditEventsTable, Database } from '../schema';
import { isUuid } from '../uuid';


const toEvent = (row: Selectable<AuditEventsTable>): AuditEvent => ({
  action: row.action as AuditEvent['action'],
  outcome: row.outcome,
  method: row.method,
  userId: row.user_id,
  email: row.email,
  sessionId: row.session_id,
  ip: row.ip,
  userAgent: row.user_agent,
  detail: row.detail,
  at: row.at,
});

export function postgresAuditLog(db: Kysely<Database>): AuditLog {
  return {
    async record(event) {
      await db
        .insertInto('audit_events')
        .values({
          action: event.action,
          outcome: event.outcome,
          method: event.method ?? null,
          user_id: event.userId ?? null,
          email: event.email ?? null,
          session_id: event.sessionId ?? null,
          ip: event.ip,
          user_agent: event.userAgent,
          detail: JSON.stringify(event.detail ?? {}),
          at: event.at,
        })
        .execute();
    },

    async forUser(userId, limit) {
      const count = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
      if (!isUuid(userId) || count === 0) return [];
      const rows = await db
        .selectFrom('audit_events')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(count)
        .execute();
      return rows.map(toEvent);
    },

    async pageForUser(userId, query) {
      const limit = Number.isFinite(query.limit) ? Math.max(0, Math.floor(query.limit)) : 0;
      const offset = Number.isFinite(query.offset) ? Math.max(0, Math.floor(query.offset)) : 0;
      if (!isUuid(userId) || query.actions.length === 0) return { events: [], total: 0 };
      const mine = db.selectFrom('audit_events').where('user_id', '=', userId).where('action', 'in', [...query.actions]);
      const [rows, count] = await Promise.all([
        limit === 0 ? Promise.resolve([]) : mine.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        mine.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { events: rows.map((row) => ({ ...toEvent(row), id: String(row.id) })), total: Number(count.total) };
    },
  };
}
