import { AppError, forbidden, unauthenticated } from '../shared/errors';
import { hasPermission, type Permission, type Role } from './roles';

/** Who is acting: the signed-in member behind a live session. */
export interface Actor {
  userId: string;
  email: string;
  roles: Role[];
  sessionId: string;
  /** When this session signed in. */
  signedInAt: Date;
  /** When this session last proved who it is: its sign-in or a later re-authentication. */
  verifiedAt: Date;
}

export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor) throw unauthenticated('Not authenticated');
  return actor;
}

/** The permission check every use case makes; 401 without a session, 403 without the permission. */
export function requirePermission(actor: Actor | null | undefined, permission: Permission): Actor {
  const a = requireActor(actor);
  if (!hasPermission(a.roles, permission)) throw forbidden('You do not have permission to do this');
  return a;
}

/** Sensitive actions need a sign-in or re-authentication within the window (domain/auth/README.md). */
export function requireRecentAuthentication(actor: Actor, now: Date, windowSeconds: number): void {
  if (now.getTime() - actor.verifiedAt.getTime() > windowSeconds * 1000) {
    throw new AppError('forbidden', 'REAUTHENTICATION_REQUIRED', 'Please confirm it is you: re-authenticate to continue.');
  }
}

export const can = (actor: Actor | null | undefined, permission: Permission) => !!actor && hasPermission(actor.roles, permission);
