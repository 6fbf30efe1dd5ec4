import { describe, expect, it } from 'vitest';
import { can, requirePermission, type Actor } from '../../domain/auth/actor';
import { hasPermission, normaliseRoles, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '../../domain/auth/roles';
import { AppError } from '../../domain/shared/errors';

const actor = (...roles: Actor['roles']): Actor => ({ userId: 'u', email: 'u@example.org', roles, sessionId: 's', signedInAt: new Date(), verifiedAt: new Date() });

describe('roles and permissions', () => {
  it('grants every permission to ADMIN and the member basics to everyone', () => {
    for (const p of PERMISSIONS) expect(hasPermission(['ADMIN'], p)).toBe(true);
    expect(hasPermission([], 'profile.manage')).toBe(true);
    expect(hasPermission(['MEMBER'], 'content.read')).toBe(true);
  });

  it.each([
    ['PROGRAM_ADMIN', 'fbt.orders.manage', true],
    ['TEACHER', 'fbt.orders.create', true],
    ['TEACHER', 'fbt.orders.manage', false],
    ['STUDENT', 'fbt.orders.create', false],
    ['GRADER', 'contests.grade', true],
    ['GRADER', 'contests.manage', false],
    ['CONTEST_ADMIN', 'contests.manage', true],
    ['CONTENT_EDITOR', 'content.publish', true],
    ['CONTENT_EDITOR', 'users.manage', false],
    ['MEMBER', 'content.edit', false],
    ['MEMBER', 'crm.manage', false],
  ] as const)('%s may %s: %s', (role, permission, allowed) => {
    expect(hasPermission([role], permission)).toBe(allowed);
    expect(can(actor(role), permission)).toBe(allowed);
  });

  it('every role is in the one table', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
  });

  it('answers 401 without an actor and 403 without the permission', () => {
    const noActor = (() => {
      try {
        requirePermission(null, 'content.read');
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(noActor?.kind).toBe('unauthenticated');
    expect(noActor?.message).toBe('Not authenticated');
    expect(() => requirePermission(actor('MEMBER'), 'fbt.orders.manage')).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    expect(requirePermission(actor('PROGRAM_ADMIN'), 'fbt.orders.manage').userId).toBe('u');
  });

  it('normalises roles: MEMBER always, unknown dropped, extra added, table order', () => {
    expect(normaliseRoles(['ADMIN', 'BOGUS', 'TEACHER'])).toEqual(['MEMBER', 'TEACHER', 'ADMIN']);
    expect(normaliseRoles([], ['ADMIN'])).toEqual(['MEMBER', 'ADMIN']);
  });
});
