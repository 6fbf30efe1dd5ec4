/**
 * The in-process SessionRepository, behaving as adapters/postgres/sessions.ts does
 * (tests/contract/auth-repositories.test.ts). It hands out copies, never its own records.
 */
import type { SessionRecord, SessionRepository } from '../../application/ports/sessions';

const copy = (session: SessionRecord): SessionRecord => structuredClone(session);

/** Most recently used first; the id breaks ties, as PostgreSQL orders uuids (lower-case hex order). */
const byLastUse = (a: SessionRecord, b: SessionRecord) =>
  b.lastUsedAt.getTime() - a.lastUsedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function memorySessions(): SessionRepository {
  const sessions = new Map<string, SessionRecord>();

  return {
    async create(input) {
      if (sessions.has(input.id)) throw new Error(`session ${input.id} already exists`);
      sessions.set(input.id, copy({ ...input, revokedAt: null, revokedReason: null, reauthenticatedAt: null }));
    },

    async byId(id) {
      const session = sessions.get(id);
      return session ? copy(session) : null;
    },

    async touch(id, now, expiresAt) {
      const session = sessions.get(id);
      if (!session || session.revokedAt) return;
      session.lastUsedAt = new Date(now);
      session.expiresAt = new Date(expiresAt);
    },

    async markReauthenticated(id, now) {
      const session = sessions.get(id);
      if (!session || session.revokedAt) return false;
      session.reauthenticatedAt = new Date(now);
      return true;
    },

    async revoke(id, reason, now) {
      const session = sessions.get(id);
      if (!session || session.revokedAt) return false;
      session.revokedAt = new Date(now);
      session.revokedReason = reason;
      return true;
    },

    async revokeAllForUser(userId, reason, now) {
      let revoked = 0;
      for (const session of sessions.values()) {
        if (session.userId !== userId || session.revokedAt) continue;
        session.revokedAt = new Date(now);
        session.revokedReason = reason;
        revoked++;
      }
      return revoked;
    },

    async listActive(userId, now) {
      return [...sessions.values()]
        .filter((s) => s.userId === userId && !s.revokedAt && s.expiresAt.getTime() > now.getTime())
        .sort(byLastUse)
        .map(copy);
    },
  };
}
