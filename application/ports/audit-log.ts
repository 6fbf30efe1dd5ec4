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
    | 'reauthenticate';
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

export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
  /** A member's security timeline, newest first. */
  forUser(userId: string, limit: number): Promise<AuditEvent[]>;
}
