import type { SignInMethod } from '../../domain/auth/session';

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
