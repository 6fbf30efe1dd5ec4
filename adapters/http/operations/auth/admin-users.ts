/**
 * Managing members (domain/auth/README.md "Managing members"): the admin's list, a member's
 * record and security events, their roles and status. `signedIn`, so a caller without a session
 * gets 401 whatever the body; the use cases decide `users.manage` (403 without it).
 */
import { z } from 'zod';
import { adminUserIdSchema, adminUserListSchema, setUserRolesSchema, setUserStatusSchema } from '../../../../domain/auth/admin-users';
import { ROLES } from '../../../../domain/auth/roles';
import { AUTH_METHODS, PREFERRED_METHODS } from '../../../../domain/auth/schemas';
import { timelinePageFields } from '../../../../domain/auth/security-timeline';
import type { User } from '../../../../domain/auth/user';
import { listMembers, memberRecord, memberSecurityEvents, setMemberRoles, setMemberStatus } from '../../../../application/auth/admin-users';
import { defineMutation, defineQuery } from '../../operation';
import { timelinePageOutput } from './security';

const tags = ['admin'];

/** A member as the admin pages see them: never the password hash or any token. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const adminUserDetailSchema = adminUserSchema.extend({
  phoneNumber: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string(),
  birthYear: z.number().nullable(),
  marketingOptIn: z.boolean(),
  weeklyDigestOptIn: z.boolean(),
});

const userOut = (user: User): z.input<typeof adminUserSchema> => ({
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  firstName: user.firstName,
  lastName: user.lastName,
  roles: [...user.roles],
  isActive: user.isActive,
  lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
});

const detailOut = (user: User): z.input<typeof adminUserDetailSchema> => ({
  ...userOut(user),
  phoneNumber: user.phoneNumber,
  country: user.country,
  language: user.language,
  birthYear: user.birthYear,
  marketingOptIn: user.marketingOptIn,
  weeklyDigestOptIn: user.weeklyDigestOptIn,
});

export const adminUserOperations = {
  list: defineQuery({
    rest: { method: 'get', path: '/api/admin/users' },
    summary: 'Members, newest first: search by name or e-mail, filter[role], filter[isActive], paged (users.manage)',
    description: 'search matches part of the address, the first, last or full name, in any case; filter[role] one of the roles; filter[isActive] true or false (empty or ALL ignored); page from 1, limit 20 by default, at most 100.',
    tags,
    signedIn: true,
    permission: 'users.manage',
    input: adminUserListSchema,
    output: z.object({ users: z.array(adminUserSchema), total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() }),
    handler: async (input, ctx) => {
      const list = await listMembers(ctx.deps.auth, await ctx.actor(), input);
      return { ...list, users: list.users.map(userOut) };
    },
  }),

  byId: defineQuery({
    rest: { method: 'get', path: '/api/admin/users/{id}' },
    summary: "One member: profile, roles, status, sign-in methods and active sessions (users.manage)",
    tags,
    signedIn: true,
    permission: 'users.manage',
    input: z.object({ id: adminUserIdSchema }),
    output: z.object({
      user: adminUserDetailSchema,
      signInMethods: z.object({
        methods: z.array(z.enum(AUTH_METHODS)),
        preferred: z.enum(PREFERRED_METHODS).nullable(),
        passkeys: z.number(),
        linkedAccounts: z.array(z.object({ provider: z.string(), providerName: z.string(), email: z.string().nullable() })),
      }),
      activeSessions: z.number(),
      adminByConfiguration: z.boolean(),
    }),
    handler: async (input, ctx) => {
      const record = await memberRecord(ctx.deps.auth, await ctx.actor(), input.id);
      return { ...record, user: detailOut(record.user) };
    },
  }),

  securityEvents: defineQuery({
    rest: { method: 'get', path: '/api/admin/users/{id}/security-events' },
    summary: "A page of a member's security timeline, as they see it (users.manage)",
    tags,
    signedIn: true,
    permission: 'users.manage',
    input: z.object({ id: adminUserIdSchema, ...timelinePageFields }),
    output: timelinePageOutput,
    handler: async (input, ctx) => memberSecurityEvents(ctx.deps.auth, await ctx.actor(), input.id, input),
  }),

  setRoles: defineMutation({
    rest: { method: 'put', path: '/api/admin/users/{id}/roles' },
    summary: "Set a member's roles to the whole list given; MEMBER is always kept (users.manage)",
    description:
      'An unknown role is refused with 400 naming the valid ones. An administrator cannot take ADMIN from themselves (422 CANNOT_REMOVE_OWN_ADMIN). Granting ADMIN needs a sign-in or re-authentication within 10 minutes (403 REAUTHENTICATION_REQUIRED). Audited as user.roles_changed.',
    tags,
    signedIn: true,
    permission: 'users.manage',
    input: setUserRolesSchema,
    output: z.object({ user: adminUserSchema }),
    handler: async (input, ctx) => ({ user: userOut(await setMemberRoles(ctx.deps.auth, await ctx.actor(), input, ctx.client)) }),
  }),

  setStatus: defineMutation({
    rest: { method: 'put', path: '/api/admin/users/{id}/status' },
    summary: 'Activate or deactivate a member; deactivating ends every session of theirs at once (users.manage)',
    description: 'Not your own account (422 CANNOT_DEACTIVATE_SELF). Audited as user.status_changed.',
    tags,
    signedIn: true,
    permission: 'users.manage',
    input: setUserStatusSchema,
    output: z.object({ user: adminUserSchema }),
    handler: async (input, ctx) => ({ user: userOut(await setMemberStatus(ctx.deps.auth, await ctx.actor(), input, ctx.client)) }),
  }),
};
