/**
 * The in-process SessionRepository, behaving as adapters/postgres/auth/sessions.ts does
 * (tests/contract/auth-repositories.test.ts). It hands out copies, never its own records.
 */
import type { PasskeyRepository } from '../../../application/ports/passkeys';
import type { SessionCheck, SessionRecord, SessionRepository } from '../../../application/ports/sessions';
import type { SocialAccountRepository } from '../../../application/ports/social-accounts';
import type { UserRepository } from '../../../application/ports/users';
import { mapSnapshot } from '../snapshot';
import type { MemoryTwin } from '../unit-of-work';

const copy = (session: SessionRecord): SessionRecord => structuredClone(session);

/** Most recently used first; the id breaks ties, as PostgreSQL orders uuids (lower-case hex order). */
const byLastUse = (a: SessionRecord, b: SessionRecord) =>
  b.lastUsedAt.getTime() - a.lastUsedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function memorySessions(): SessionRepository & MemoryTwin {
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

    // For a memory unit of work: sessions are changed in place, so the snapshot copies each one.
    snapshot: () => mapSnapshot([sessions, copy]),
  };
}

export interface SessionCheckSources {
  sessions: SessionRepository;
  users: UserRepository;
  passkeys: Pick<PasskeyRepository, 'countForUser'>;
  socialAccounts: Pick<SocialAccountRepository, 'countForUser'>;
}

/** The session check over the other memory repositories, answering as adapters/postgres/auth/sessions.ts does. */
export function memorySessionCheck(from: SessionCheckSources): SessionCheck {
  return {
    async liveSession(id, { userId, now, touchIfUsedBefore, expiresAt }) {
      const [session, user] = await Promise.all([from.sessions.byId(id), from.users.byId(userId)]);
      if (!session || session.revokedAt || session.expiresAt.getTime() <= now.getTime() || session.userId !== userId) return null;
      if (!user || !user.isActive) return null;
      let live = session;
      if (session.lastUsedAt.getTime() < touchIfUsedBefore.getTime()) {
        await from.sessions.touch(id, now, expiresAt);
        live = { ...session, lastUsedAt: new Date(now), expiresAt: new Date(expiresAt) };
      }
      const [passkeys, socialAccounts] = await Promise.all([from.passkeys.countForUser(userId), from.socialAccounts.countForUser(userId)]);
      return { session: live, user, methods: { hasPasskey: passkeys > 0, hasSocialLogin: socialAccounts > 0 } };
    },
  };
}
