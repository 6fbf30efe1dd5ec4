/**
 * Sign-in sessions in PostgreSQL (table `sessions`). Revocation is a timestamp, never a delete, so
 * a member's session list and the audit trail can say how a session ended.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { SessionCheck, SessionRecord, SessionRepository } from '../../../application/ports/sessions';
import type { Database, SessionsTable } from '../schema';
import { toUser } from './users';
import { isUuid } from '../uuid';


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

/**
 * The session check as one statement: the session joined to its member, whether the member has a
 * passkey or a linked social account (index probes on passkeys_by_user_idx and
 * social_accounts_by_user_idx), and the throttled touch as a data-modifying CTE that writes only
 * when the session and member are live and the last use is older than the interval. The outer
 * select reads the snapshot from before the CTE, so the touched values come from its RETURNING.
 */
export function postgresSessionCheck(db: Kysely<Database>): SessionCheck {
  return {
    async liveSession(id, { userId, now, touchIfUsedBefore, expiresAt }) {
      if (!isUuid(id) || !isUuid(userId)) return null;
      const row = await db
        .with('touched', (qb) =>
          qb
            .updateTable('sessions')
            .set({ last_used_at: now, expires_at: expiresAt })
            .where('id', '=', id)
            .where('user_id', '=', userId)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now)
            .where('last_used_at', '<', touchIfUsedBefore)
            .where((eb) => eb.exists(eb.selectFrom('users').select(sql.lit(1).as('one')).where('users.id', '=', userId).where('users.is_active', '=', true)))
            .returning(['id', 'last_used_at', 'expires_at']),
        )
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('touched as t', 't.id', 's.id')
        .selectAll('u')
        .select([
          's.id as session_id',
          's.method as session_method',
          's.ip as session_ip',
          's.user_agent as session_user_agent',
          's.created_at as session_created_at',
          's.last_used_at as session_last_used_at',
          's.expires_at as session_expires_at',
          's.reauthenticated_at as session_reauthenticated_at',
          't.last_used_at as touched_last_used_at',
          't.expires_at as touched_expires_at',
        ])
        .select((eb) => [
          eb.exists(eb.selectFrom('passkeys').select(sql.lit(1).as('one')).whereRef('passkeys.user_id', '=', 'u.id')).as('has_passkey'),
          eb.exists(eb.selectFrom('social_accounts').select(sql.lit(1).as('one')).whereRef('social_accounts.user_id', '=', 'u.id')).as('has_social'),
        ])
        .where('s.id', '=', id)
        .where('s.user_id', '=', userId)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .where('u.is_active', '=', true)
        .executeTakeFirst();
      if (!row) return null;
      return {
        session: {
          id: row.session_id,
          userId: row.id,
          method: row.session_method,
          ip: row.session_ip,
          userAgent: row.session_user_agent,
          createdAt: row.session_created_at,
          lastUsedAt: row.touched_last_used_at ?? row.session_last_used_at,
          expiresAt: row.touched_expires_at ?? row.session_expires_at,
          revokedAt: null,
          revokedReason: null,
          reauthenticatedAt: row.session_reauthenticated_at,
        },
        user: toUser(row),
        methods: { hasPasskey: Boolean(row.has_passkey), hasSocialLogin: Boolean(row.has_social) },
      };
    },
  };
}
