import type { SignInMethod } from '../../domain/auth/session';
import type { SignInMethods, User } from '../../domain/auth/user';

export interface SessionRecord {
  id: string;
  userId: string;
  method: SignInMethod;
  ip: string;
  userAgent: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  /** When the session last re-authenticated for a sensitive action (null: never since sign-in). */
  reauthenticatedAt: Date | null;
}

export interface SessionRepository {
  create(session: Omit<SessionRecord, 'revokedAt' | 'revokedReason' | 'reauthenticatedAt'>): Promise<void>;
  /** Records a successful re-authentication of a live session; false when it is revoked or absent. */
  markReauthenticated(id: string, now: Date): Promise<boolean>;
  byId(id: string): Promise<SessionRecord | null>;
  /** Records use (throttled by the caller) and slides the expiry. */
  touch(id: string, now: Date, expiresAt: Date): Promise<void>;
  /** Revokes a live session; answers false when it was already revoked or absent. */
  revoke(id: string, reason: string, now: Date): Promise<boolean>;
  revokeAllForUser(userId: string, reason: string, now: Date): Promise<number>;
  /** Live sessions of a member, most recently used first. */
  listActive(userId: string, now: Date): Promise<SessionRecord[]>;
}

/** A live session with its member and the member's linked sign-in methods. */
export interface LiveSession {
  /** The session as stored after this check (a recorded use included). */
  session: SessionRecord;
  user: User;
  methods: SignInMethods;
}

export interface LiveSessionQuery {
  /** The member the access token was issued to: a session of anyone else is not live for it. */
  userId: string;
  now: Date;
  /** Record the use (lastUsedAt = now, expiry slid to `expiresAt`) only when the last one is older than this. */
  touchIfUsedBefore: Date;
  expiresAt: Date;
}

/**
 * The session check of every signed-in request, as one read (and, at most once per touch
 * interval, the use recorded in the same statement): PostgreSQL answers it in one round trip.
 */
export interface SessionCheck {
  /**
   * The session `id` with its member and methods, or null when the session is absent, revoked,
   * expired at `now` or another member's, or the member is absent or inactive (nothing is
   * recorded then).
   */
  liveSession(id: string, query: LiveSessionQuery): Promise<LiveSession | null>;
}
