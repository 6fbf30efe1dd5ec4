import { forbidden, unauthenticated } from '../shared/errors';
import { hasPermission, type Permission, type Role } from './roles';

/** Who is acting: the signed-in member behind a live session. */
export interface Actor {
  userId: string;
  email: string;
  roles: Role[];
  sessionId: string;
  /** When this session signed in, for re-authentication windows. */
  signedInAt: Date;
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

export const can = (actor: Actor | null | undefined, permission: Permission) => !!actor && hasPermission(actor.roles, permission);
