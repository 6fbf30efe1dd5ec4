import { describe, expect, it } from 'vitest';
import { can, requirePermission, type Actor } from '../../domain/auth/actor';
import { hasPermission, normaliseRoles, PERMISSIONS, ROLE_PERMISSIONS, ROLES, rolesAtSignIn, rolesGrantedByAddress } from '../../domain/auth/roles';
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

describe('roles tied to an address', () => {
  const listed = ['chief@example.org'];
  it('grants ADMIN_EMAILS only to a proven address, case-insensitively', () => {
    expect(rolesGrantedByAddress({ email: 'Chief@Example.org', emailVerified: true }, listed)).toEqual(['ADMIN']);
    expect(rolesGrantedByAddress({ email: 'chief@example.org', emailVerified: false }, listed)).toEqual([]);
    expect(rolesGrantedByAddress({ email: 'someone@example.org', emailVerified: true }, listed)).toEqual([]);
  });

  it('adds what a proven address grants to the roles at sign-in, and never takes one away', () => {
    expect(rolesAtSignIn({ email: 'chief@example.org', emailVerified: false, roles: ['MEMBER'] }, listed)).toEqual(['MEMBER']);
    expect(rolesAtSignIn({ email: 'chief@example.org', emailVerified: true, roles: ['MEMBER', 'GRADER'] }, listed)).toEqual(['MEMBER', 'GRADER', 'ADMIN']);
    expect(rolesAtSignIn({ email: 'editor@example.org', emailVerified: false, roles: ['CONTENT_EDITOR'] }, listed)).toEqual(['MEMBER', 'CONTENT_EDITOR']);
  });
});
