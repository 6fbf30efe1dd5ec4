/**
 * The in-process UserRepository: the fast test double, behaving as adapters/postgres/auth/users.ts does
 * (tests/contract/auth-repositories.test.ts), with the migration's defaults. It hands out copies,
 * so a caller can never change a stored member by mutating what it was given.
 */
import { randomUUID } from 'node:crypto';
import type { NewUser, UserPatch, UserRepository } from '../../../application/ports/users';
import { DEFAULT_PREFERENCES } from '../../../domain/auth/schemas';
import type { User } from '../../../domain/auth/user';
import type { MemoryTwin } from '../unit-of-work';

const copy = (user: User): User => structuredClone(user);

// The fields a patch may write, as the PostgreSQL adapter maps them; any other key is ignored there too.
const PATCHABLE = [
  'emailVerified',
  'passwordHash',
  'preferredAuthMethod',
  'firstName',
  'lastName',
  'phoneNumber',
  'country',
  'language',
  'birthYear',
  'marketingOptIn',
  'weeklyDigestOptIn',
  'preferences',
  'roles',
  'isActive',
  'hubspotContactId',
  'magicLinkEnabled',
  'lastLoginAt',
] as const satisfies readonly (keyof UserPatch)[];

export function memoryUsers(): UserRepository & MemoryTwin {
  let byId = new Map<string, User>();
  let idByEmail = new Map<string, string>();

  return {
    async byId(id) {
      const user = byId.get(id);
      return user ? copy(user) : null;
    },

    async byEmail(email) {
      const id = idByEmail.get(email.toLowerCase());
      const user = id === undefined ? undefined : byId.get(id);
      return user ? copy(user) : null;
    },

    async createOrGet(input: NewUser, now: Date) {
      const email = input.email.toLowerCase();
      const existingId = idByEmail.get(email);
      const existing = existingId === undefined ? undefined : byId.get(existingId);
      if (existing) return { user: copy(existing), created: false };
      const user: User = {
        id: randomUUID(),
        email,
        emailVerified: input.emailVerified,
        passwordHash: null,
        preferredAuthMethod: null,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        phoneNumber: null,
        country: null,
        language: 'en',
        birthYear: null,
        marketingOptIn: false,
        weeklyDigestOptIn: false,
        preferences: { ...DEFAULT_PREFERENCES },
        roles: [...input.roles],
        isActive: true,
        hubspotContactId: null,
        magicLinkEnabled: true,
        lastLoginAt: null,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      };
      byId.set(user.id, user);
      idByEmail.set(email, user.id);
      return { user: copy(user), created: true };
    },

    async update(id, patch: UserPatch, now) {
      const user = byId.get(id);
      if (!user) return null;
      const updated: User = copy({ ...user, updatedAt: now });
      // Only the fields the patch names: a key present with `undefined` leaves the field as it is.
      for (const field of PATCHABLE) if (patch[field] !== undefined) Object.assign(updated, { [field]: structuredClone(patch[field]) });
      byId.set(id, updated);
      return copy(updated);
    },

    async list(query) {
      const limit = Math.max(0, Math.floor(query.limit));
      const offset = Math.max(0, Math.floor(query.offset));
      const search = query.search?.trim().toLowerCase();
      const matches = (user: User) =>
        !search || [user.email, user.firstName ?? '', user.lastName ?? '', `${user.firstName ?? ''} ${user.lastName ?? ''}`].some((field) => field.toLowerCase().includes(search));
      const found = [...byId.values()]
        .filter((user) => matches(user) && (!query.role || user.roles.includes(query.role)) && (query.isActive === undefined || user.isActive === query.isActive))
        // Newest first, ties by id descending, as the PostgreSQL adapter orders them.
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      return { users: found.slice(offset, offset + limit).map(copy), total: found.length };
    },

    // For a memory unit of work: stored members are replaced, never changed in place, so a shallow copy is a snapshot.
    snapshot() {
      const saved = { byId: new Map(byId), idByEmail: new Map(idByEmail) };
      return () => {
        ({ byId, idByEmail } = saved);
      };
    },
  };
}
