/**
 * Who sees the admin pages: members whose roles grant content.edit (CONTENT_EDITOR, ADMIN; the table
 * is domain/auth/roles.ts, the same one the server decides with). The roles are the ones the session
 * check and /api/auth/me answered, kept in the auth state.
 */
import { hasPermission, type Permission } from '../../../../domain/auth/roles';

export const canEditContent = (roles: readonly string[]) => hasPermission(roles, 'content.edit');

export const holds = (roles: readonly string[], permission: Permission) => hasPermission(roles, permission);
