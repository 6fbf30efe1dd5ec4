/**
 * Members in PostgreSQL (table `users`, migrations/0002_auth.ts). The memory twin is
 * adapters/memory/auth/users.ts; tests/contract/auth-repositories.test.ts holds both to one contract.
 */
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { NewUser, UserPatch, UserRepository } from '../../../application/ports/users';
import type { Role } from '../../../domain/auth/roles';
import type { User } from '../../../domain/auth/user';
import type { Database, UsersTable } from '../schema';
import { isUuid } from '../uuid';


/** Also read by the session check (adapters/postgres/auth/sessions.ts), which loads the member with the session. */
export const toUser = (row: Selectable<UsersTable>): User => ({
  id: row.id,
  email: row.email,
  emailVerified: row.email_verified,
  passwordHash: row.password_hash,
  preferredAuthMethod: row.preferred_auth_method,
  firstName: row.first_name,
  lastName: row.last_name,
  phoneNumber: row.phone_number,
  country: row.country,
  language: row.language,
  birthYear: row.birth_year,
  marketingOptIn: row.marketing_opt_in,
  weeklyDigestOptIn: row.weekly_digest_opt_in,
  preferences: { ...row.preferences },
  roles: row.roles as Role[],
  isActive: row.is_active,
  hubspotContactId: row.hubspot_contact_id,
  magicLinkEnabled: row.magic_link_enabled,
  lastLoginAt: row.last_login_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The columns a patch writes: only the fields it names; `undefined` means "leave as is", `null` clears. */
function toColumns(patch: UserPatch): Updateable<UsersTable> {
  const columns: Updateable<UsersTable> = {};
  if (patch.emailVerified !== undefined) columns.email_verified = patch.emailVerified;
  if (patch.passwordHash !== undefined) columns.password_hash = patch.passwordHash;
  if (patch.preferredAuthMethod !== undefined) columns.preferred_auth_method = patch.preferredAuthMethod;
  if (patch.firstName !== undefined) columns.first_name = patch.firstName;
  if (patch.lastName !== undefined) columns.last_name = patch.lastName;
  if (patch.phoneNumber !== undefined) columns.phone_number = patch.phoneNumber;
  if (patch.country !== undefined) columns.country = patch.country;
  if (patch.language !== undefined) columns.language = patch.language;
  if (patch.birthYear !== undefined) columns.birth_year = patch.birthYear;
  if (patch.marketingOptIn !== undefined) columns.marketing_opt_in = patch.marketingOptIn;
  if (patch.weeklyDigestOptIn !== undefined) columns.weekly_digest_opt_in = patch.weeklyDigestOptIn;
  if (patch.preferences !== undefined) columns.preferences = JSON.stringify(patch.preferences);
  if (patch.roles !== undefined) columns.roles = [...patch.roles];
  if (patch.isActive !== undefined) columns.is_active = patch.isActive;
  if (patch.hubspotContactId !== undefined) columns.hubspot_contact_id = patch.hubspotContactId;
  if (patch.magicLinkEnabled !== undefined) columns.magic_link_enabled = patch.magicLinkEnabled;
  if (patch.lastLoginAt !== undefined) columns.last_login_at = patch.lastLoginAt;
  return columns;
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally (backslash is LIKE's escape). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function postgresUsers(db: Kysely<Database>): UserRepository {
  const byEmail = async (email: string) => {
    const row = await db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    return row ? toUser(row) : null;
  };

  return {
    async byId(id) {
      if (!isUuid(id)) return null;
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toUser(row) : null;
    },

    byEmail,

    async createOrGet(user: NewUser, now: Date) {
      const email = user.email.toLowerCase();
      // A concurrent insert of the same address waits on the unique index and then does nothing;
      // the select that follows sees the winner's committed row. The loop covers the winner's row
      // being deleted between the two statements.
      for (let attempt = 0; attempt < 3; attempt++) {
        const inserted = await db
          .insertInto('users')
          .values({
            email,
            email_verified: user.emailVerified,
            roles: [...user.roles],
            first_name: user.firstName ?? null,
            last_name: user.lastName ?? null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('email').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (inserted) return { user: toUser(inserted), created: true };
        const existing = await byEmail(email);
        if (existing) return { user: existing, created: false };
      }
      throw new Error('createOrGet: the address was taken and released again three times');
    },

    async update(id, patch, now) {
      if (!isUuid(id)) return null;
      const row = await db
        .updateTable('users')
        .set({ ...toColumns(patch), updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toUser(row) : null;
    },

    async list(query) {
      const limit = Math.max(0, Math.floor(query.limit));
      const offset = Math.max(0, Math.floor(query.offset));
      let matching = db.selectFrom('users');
      const search = query.search?.trim();
      if (search) {
        const pattern = containing(search);
        matching = matching.where((eb) =>
          eb.or([
            eb('email', 'ilike', pattern),
            eb('first_name', 'ilike', pattern),
            eb('last_name', 'ilike', pattern),
            eb(sql<string>`coalesce(first_name, '') || ' ' || coalesce(last_name, '')`, 'ilike', pattern),
          ]),
        );
      }
      if (query.role) matching = matching.where(sql<boolean>`${query.role} = any(roles)`);
      if (query.isActive !== undefined) matching = matching.where('is_active', '=', query.isActive);
      const [rows, count] = await Promise.all([
        limit === 0 ? Promise.resolve([]) : matching.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { users: rows.map(toUser), total: Number(count.total) };
    },
  };
}
