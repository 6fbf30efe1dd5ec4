export interface AuditEvent {
  action:
    | 'magic_link.requested'
    | 'sign_in'
    | 'refresh'
    | 'refresh.reuse_detected'
    | 'logout'
    | 'profile.updated'
    | 'preferences.updated'
    | 'password.set'
    | 'method.removed'
    | 'method.added'
    | 'method.preferred'
    | 'passkey.registered'
    | 'passkey.renamed'
    | 'passkey.removed'
    | 'social.linked'
    /** A never-verified account's address was proven: what was set up before it was removed (detail.removed). */
    | 'account.reclaimed'
    | 'reauthenticate'
    /** A member ended every session but the one they act from ('This wasn't me'). */
    | 'sessions.ended'
    /** An administrator changed a member's roles (detail: actorId, before, after). */
    | 'user.roles_changed'
    /** An administrator (de)activated a member (detail: actorId, before, after, sessionsEnded). */
    | 'user.status_changed';
  outcome: 'success' | 'failure';
  method?: string | null;
  userId?: string | null;
  email?: string | null;
  sessionId?: string | null;
  ip: string;
  userAgent: string | null;
  /** Why it failed, or other context. Never a secret (no tokens, no passwords). */
  detail?: Record<string, unknown>;
  at: Date;
}

export type AuditAction = AuditEvent['action'];

/** An event as stored, with the id that orders events of the same instant. */
export interface StoredAuditEvent extends AuditEvent {
  id: string;
}

export interface AuditPageQuery {
  /** Only these actions. */
  actions: readonly AuditAction[];
  offset: number;
  limit: number;
}

export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
  /** A member's security timeline, newest first. */
  forUser(userId: string, limit: number): Promise<AuditEvent[]>;
  /** A page of a member's events among `actions`, newest first (as forUser), and how many there are in all. */
  pageForUser(userId: string, query: AuditPageQuery): Promise<{ events: StoredAuditEvent[]; total: number }>;
}
