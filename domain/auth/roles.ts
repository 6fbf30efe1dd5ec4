/**
 * Roles and the permissions they grant, in one table (domain/auth/README.md explains each).
 * Every use case asks for a named permission, never for a role.
 */
export const ROLES = ['MEMBER', 'TEACHER', 'STUDENT', 'GRADER', 'CONTENT_EDITOR', 'PROGRAM_ADMIN', 'CONTEST_ADMIN', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'profile.manage',
  'content.read',
  'content.progress',
  'content.edit',
  'content.publish',
  'content.restricted.read',
  'media.manage',
  'fbt.orders.create',
  'fbt.orders.manage',
  'fbt.books.manage',
  'fbt.classroom.manage',
  'contests.enter',
  'contests.manage',
  'contests.grade',
  'commerce.purchase',
  'commerce.manage',
  'crm.manage',
  'users.manage',
  'ops.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MEMBER: Permission[] = ['profile.manage', 'content.read', 'content.progress', 'contests.enter', 'commerce.purchase'];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  MEMBER,
  TEACHER: [...MEMBER, 'fbt.orders.create', 'fbt.classroom.manage'],
  STUDENT: [...MEMBER],
  GRADER: [...MEMBER, 'contests.grade'],
  CONTENT_EDITOR: [...MEMBER, 'content.edit', 'content.publish', 'content.restricted.read', 'media.manage'],
  PROGRAM_ADMIN: [...MEMBER, 'fbt.orders.create', 'fbt.orders.manage', 'fbt.books.manage', 'fbt.classroom.manage', 'crm.manage'],
  CONTEST_ADMIN: [...MEMBER, 'contests.manage', 'contests.grade'],
  ADMIN: [...PERMISSIONS],
};

/** Each role's name in the admin pages. */
export const ROLE_LABELS: Record<Role, string> = {
  MEMBER: 'Member',
  TEACHER: 'Teacher',
  STUDENT: 'Student',
  GRADER: 'Grader',
  CONTENT_EDITOR: 'Content editor',
  PROGRAM_ADMIN: 'Programme admin',
  CONTEST_ADMIN: 'Contest admin',
  ADMIN: 'Administrator',
};

/** What each role is for, in the words the admin's roles editor shows beside its checkbox. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  MEMBER: 'Everyone signed in: reads the library, keeps progress, enters contests, buys. Always kept.',
  TEACHER: 'Orders classroom sets in Free Books for Teachers and manages their classrooms.',
  STUDENT: 'Joins a classroom with its code and enters contests; nothing more than a member.',
  GRADER: 'Grades contest entries.',
  CONTENT_EDITOR: 'Writes, edits and publishes the library, restricted items and media included.',
  PROGRAM_ADMIN: 'Runs Free Books for Teachers: orders, books, classrooms and the CRM sync.',
  CONTEST_ADMIN: 'Runs contests and grades them.',
  ADMIN: 'Everything, including managing members and their roles.',
};

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

export function permissionsOf(roles: readonly string[]): Set<Permission> {
  const granted = new Set<Permission>(ROLE_PERMISSIONS.MEMBER);
  for (const role of roles) if (isRole(role)) for (const p of ROLE_PERMISSIONS[role]) granted.add(p);
  return granted;
}

export const hasPermission = (roles: readonly string[], permission: Permission) => permissionsOf(roles).has(permission);

/** Everyone is a MEMBER; `extra` adds roles (rolesAtSignIn: ADMIN_EMAILS). Roles are kept unique and ordered. */
export function normaliseRoles(roles: readonly string[], extra: readonly Role[] = []): Role[] {
  const set = new Set<Role>(['MEMBER', ...roles.filter(isRole), ...extra]);
  return ROLES.filter((r) => set.has(r));
}

/**
 * The roles an address grants by itself (ADMIN_EMAILS, matched case-insensitively), and only once
 * its owner has proven it: an address nobody proved grants nothing, or anyone could register an
 * administrator's address with a password, a passkey or a provider's unverified claim and be one
 * (issue 11). Every role tied to an address goes through here.
 */
export function rolesGrantedByAddress(member: { email: string; emailVerified: boolean }, adminEmails: readonly string[]): Role[] {
  if (!member.emailVerified) return [];
  return adminEmails.includes(member.email.toLowerCase()) ? ['ADMIN'] : [];
}

/** A member's roles at a sign-in: theirs, plus what their proven address grants (never fewer). */
export const rolesAtSignIn = (member: { email: string; emailVerified: boolean; roles: readonly string[] }, adminEmails: readonly string[]): Role[] =>
  normaliseRoles(member.roles, rolesGrantedByAddress(member, adminEmails));
