/**
 * Sign-in sessions in PostgreSQL (table `sessions`). Revocation is a timestamp, never a delete, so
 * a member's session list and the audit trail can say how a session ended.
 */
import type { Kysely, Selectable } from 'kysely';
import type { SessionRecord, SessionRepository } from '../../application/ports/sessions';
import type { Database, SessionsTable } from './schema';
import { isUuid } from './uuid';


const toRecord = (row: Selectable<SessionsTable>): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  method: row.method,
  ip: row.ip,
  userAgent: row.user_agent,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  revokedReason: row.revoked_reason,
  reauthenticatedAt: row.reauthenticated_at,
});

export function postgresSessions(db: Kysely<Database>): SessionRepository {
  return {
    async markReauthenticated(id, now) {
      if (!isUuid(id)) return false;
      const result = await db.updateTable('sessions').set({ reauthenticated_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows ?? 0) > 0;
    },
    async create(session) {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          method: session.method,
          ip: session.ip,
          user_agent: session.userAgent,
          created_at: session.createdAt,
          last_used_at: session.lastUsedAt,
          expires_at: session.expiresAt,
        })
        .execute();
    },

    async byId(id) {
      if (!isUuid(id)) return null;
      const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async touch(id, now, expiresAt) {
      if (!isUuid(id)) return;
      // A revoked session stays as it ended.
      await db
        .updateTable('sessions')
        .set({ last_used_at: now, expires_at: expiresAt })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revoke(id, reason, now) {
      if (!isUuid(id)) return false;
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now, revoked_reason: reason })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async revokeAllForUser(userId, reason, now) {
      if (!isUuid(userId)) return 0;
      // Expired sessions are revoked too, so nothing of the member's is left that a later touch could revive.
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now, revoked_reason: reason })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async listActive(userId, now) {
      if (!isUuid(userId)) return [];
      const rows = await db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('last_used_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toRecord);
    },
  };
}
