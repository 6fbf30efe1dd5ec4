/**
 * Managing members (domain/auth/README.md "Managing members"): the inputs of the admin's list,
 * roles and status operations with their messages, shared by the REST routes, the tRPC procedures
 * and the admin pages, and the rules an administrator's change must keep.
 */
import { z } from 'zod';
import { plainText } from '../shared/text';
import { normaliseRoles, ROLES, type Role } from './roles';

export const USER_ID_REQUIRED = 'User ID is required';
export const VALID_ROLES_TEXT = `Valid roles: ${ROLES.join(', ')}`;
export const ROLES_REQUIRED = 'Roles are required';
export const ROLES_NOT_A_LIST = 'Roles must be a list of role names';
export const IS_ACTIVE_REQUIRED = 'isActive must be true or false';
export const OWN_ADMIN_MESSAGE = 'You cannot take the ADMIN role from yourself. Ask another administrator to do it.';
export const OWN_DEACTIVATION_MESSAGE = 'You cannot deactivate your own account. Ask another administrator to do it.';
export const ADMIN_USERS_PAGE_SIZE = 20;


const MAX_ROLE_ENTRIES = 20;
/** Longer than any role: an unknown name is echoed back in the message, so it is cut first. */
const MAX_ROLE_NAME = 40;

/** An unknown name as the message may repeat it: cut, its control characters shown as '?'. */
const echoable = (name: string) => {
  const cut = name.length > MAX_ROLE_NAME ? `${name.slice(0, MAX_ROLE_NAME)}…` : name;
  return cut.replace(/[\u0000-\u001f\u007f]/g, '?');
};

/** "Unknown role: X. Valid roles: MEMBER, …" for one unknown name, "Unknown roles: X, Y. …" for more. */
export const unknownRolesMessage = (unknown: readonly string[]) => `Unknown role${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}. ${VALID_ROLES_TEXT}`;

const ignored = (v: unknown) => (v === undefined || v === null || v === '' || v === 'ALL' ? undefined : v);
const booleanish = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'isActive filter must be true or false' }));
const PAGE_MESSAGE = 'Page must be a whole number from 1';
const LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 100';

/** `GET /api/admin/users?search=&filter[role]=&filter[isActive]=&page=&limit=`; empty and ALL filters are ignored. */
export const adminUserListSchema = z
  .object({
    search: z.preprocess(
      ignored,
      // PostgreSQL refuses a NUL in text: refused here, it is a 400 and never a failed query.
      plainText(z.string({ error: 'Search must be text' }).trim().max(200, { message: 'Search must be at most 200 characters', abort: true }), {
        message: 'Search must not contain control characters',
      }).optional(),
    ),
    filter: z.preprocess(
      (v) => (v === undefined || v === '' ? {} : v),
      z.strictObject(
        {
          role: z.preprocess(ignored, z.enum(ROLES, { error: `Role filter must be one of ${ROLES.join(', ')}` }).optional()),
          isActive: z.preprocess(ignored, booleanish.optional()),
        },
        { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown filter: ${issue.keys.join(', ')}` : 'Filters must be filter[role] and filter[isActive]') },
      ),
    ),
    page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1_000_000, PAGE_MESSAGE).optional().default(1),
    limit: z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE).optional().default(ADMIN_USERS_PAGE_SIZE),
  })
  .default({ filter: {}, page: 1, limit: ADMIN_USERS_PAGE_SIZE });
export type AdminUserListInput = z.output<typeof adminUserListSchema>;

/**
 * An id is looked up, never stored: one no member has is 404 whatever it looks like (a NUL
 * included; the use case never sends a value that is not a UUID to the database), so it is the
 * one text field without the control-character rule.
 */
export const adminUserIdSchema = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z.string({ error: USER_ID_REQUIRED }).trim().min(1, { message: USER_ID_REQUIRED, abort: true }).max(100, 'User ID must be at most 100 characters'),
);

/**
 * `PUT /api/admin/users/{id}/roles { roles }`: the whole list. Names are matched exactly; MEMBER is
 * added when missing and duplicates dropped (normaliseRoles), so `[]` means "member only".
 */
export const rolesListSchema = z.preprocess(
  (v) => (v === undefined || v === null ? undefined : v),
  z
    .array(z.string({ error: ROLES_NOT_A_LIST }), { error: (issue) => (issue.input === undefined ? ROLES_REQUIRED : ROLES_NOT_A_LIST) })
    .max(MAX_ROLE_ENTRIES, `At most ${MAX_ROLE_ENTRIES} roles may be sent`)
    .superRefine((names, ctx) => {
      const unknown = [...new Set(names.filter((name) => !(ROLES as readonly string[]).includes(name)).map(echoable))];
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownRolesMessage(unknown) });
    })
    .transform((names) => normaliseRoles(names)),
);

export const setUserRolesSchema = z.object({ id: adminUserIdSchema, roles: rolesListSchema });
export const setUserStatusSchema = z.object({
  id: adminUserIdSchema,
  isActive: z.boolean({ error: IS_ACTIVE_REQUIRED }),
});

/** The roles an administrator may not leave themselves without: ADMIN (which grants this page). */
export const takesOwnAdmin = (before: readonly Role[], after: readonly Role[]) => before.includes('ADMIN') && !after.includes('ADMIN');

export const sameRoles = (a: readonly Role[], b: readonly Role[]) => {
  const x = normaliseRoles(a);
  const y = normaliseRoles(b);
  return x.length === y.length && x.every((role, i) => role === y[i]);
};
