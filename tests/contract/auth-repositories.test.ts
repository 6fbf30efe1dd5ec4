/**
 * The sign-in repositories' contracts (UserRepository, MagicLinkRepository, SessionRepository,
 * SessionCheck, AuditLog), each written once and run against the memory twins, embedded PGlite and, when
 * TEST_DATABASE_URL is set, PostgreSQL, so the embedded default cannot drift from production.
 *
 * One database per backend is shared by the suites: every test works on its own addresses and
 * members, so no test sees another's rows and none needs a reset.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../adapters/compose';
import { memoryAuditLog } from '../../adapters/memory/auth/audit-log';
import { memoryMagicLinks } from '../../adapters/memory/auth/magic-links';
import { memoryPasskeys } from '../../adapters/memory/auth/passkeys';
import { memorySessionCheck, memorySessions } from '../../adapters/memory/auth/sessions';
import { memorySocialAccounts } from '../../adapters/memory/auth/social-accounts';
import { memoryUsers } from '../../adapters/memory/auth/users';
import { postgresAuditLog } from '../../adapters/postgres/auth/audit-log';
import type { DatabaseHandle } from '../../adapters/postgres/database';
import { postgresMagicLinks } from '../../adapters/postgres/auth/magic-links';
import { DEMO_USERS, demoUsersSeeder } from '../../scripts/seed/users';
import { postgresPasskeys } from '../../adapters/postgres/auth/passkeys';
import { postgresSessionCheck, postgresSessions } from '../../adapters/postgres/auth/sessions';
import { postgresSocialAccounts } from '../../adapters/postgres/auth/social-accounts';
import { postgresUsers } from '../../adapters/postgres/auth/users';
import type { AuditEvent, AuditLog } from '../../application/ports/audit-log';
import type { MagicLinkRecord, MagicLinkRepository } from '../../application/ports/magic-links';
import type { PasskeyRepository } from '../../application/ports/passkeys';
import type { LiveSessionQuery, SessionCheck, SessionRecord, SessionRepository } from '../../application/ports/sessions';
import type { SocialAccountRepository } from '../../application/ports/social-accounts';
import type { UserListQuery, UserPatch, UserRepository } from '../../application/ports/users';
import { ROLES } from '../../domain/auth/roles';
import { DEFAULT_PREFERENCES, THEMES } from '../../domain/auth/schemas';
import type { User } from '../../domain/auth/user';
import { databaseTargets } from '../support/database';

interface AuthRepositories {
  users: UserRepository;
  magicLinks: MagicLinkRepository;
  sessions: SessionRepository;
  sessionCheck: SessionCheck;
  /** Written by the SessionCheck suite: the check reports whether the member has any. */
  passkeys: PasskeyRepository;
  socialAccounts: SocialAccountRepository;
  auditLog: AuditLog;
}

interface Opened {
  repos: AuthRepositories;
  handle: DatabaseHandle | null;
  close(): Promise<void>;
}

const backends: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'memory',
    open: async () => {
      const linked = { users: memoryUsers(), sessions: memorySessions(), passkeys: memoryPasskeys(), socialAccounts: memorySocialAccounts() };
      return {
        repos: { ...linked, magicLinks: memoryMagicLinks(), sessionCheck: memorySessionCheck(linked), auditLog: memoryAuditLog() },
        handle: null,
        close: async () => undefined,
      };
    },
  },
  ...(await databaseTargets()).map((target) => ({
    name: target.name,
    async open(): Promise<Opened> {
      const { handle, drop } = await target.make();
      await handle.migrate();
      const { db } = handle;
      return {
        repos: {
          users: postgresUsers(db),
          magicLinks: postgresMagicLinks(db),
          sessions: postgresSessions(db),
          sessionCheck: postgresSessionCheck(db),
          passkeys: postgresPasskeys(db),
          socialAccounts: postgresSocialAccounts(db),
          auditLog: postgresAuditLog(db),
        },
        handle,
        close: drop,
      };
    },
  })),
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Instants with milliseconds, the precision the product keeps. */
const T0 = new Date('2030-03-04T05:06:07.891Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;
const SECOND = 1_000;

const uniqueEmail = (label = 'member') => `${label}.${randomUUID().slice(0, 8)}@example.test`;
const tokenHash = () => randomBytes(32).toString('base64url');

function usersContract(repos: () => AuthRepositories) {
  describe('UserRepository', () => {
    it('creates a member with the given fields and the migration defaults for the rest', async () => {
      const email = uniqueEmail('ada');
      const { user, created } = await repos().users.createOrGet({ email, emailVerified: true, roles: ['MEMBER', 'TEACHER'], firstName: 'Ada', lastName: 'Lovelace' }, T0);
      expect(created).toBe(true);
      expect(user).toEqual<User>({
        id: expect.stringMatching(UUID) as unknown as string,
        email,
        emailVerified: true,
        passwordHash: null,
        preferredAuthMethod: null,
        firstName: 'Ada',
        lastName: 'Lovelace',
        phoneNumber: null,
        country: null,
        language: 'en',
        birthYear: null,
        marketingOptIn: false,
        weeklyDigestOptIn: false,
        preferences: DEFAULT_PREFERENCES,
        roles: ['MEMBER', 'TEACHER'],
        isActive: true,
        hubspotContactId: null,
        magicLinkEnabled: true,
        lastLoginAt: null,
        createdAt: T0,
        updatedAt: T0,
      });
      expect(await repos().users.byId(user.id)).toEqual(user);
    });

    it('leaves names unset when none are given', async () => {
      const { user } = await repos().users.createOrGet({ email: uniqueEmail(), emailVerified: false, roles: ['MEMBER'] }, T0);
      expect(user).toMatchObject({ firstName: null, lastName: null, emailVerified: false });
    });

    it('round-trips every field', async () => {
      const email = uniqueEmail('every');
      const { user } = await repos().users.createOrGet({ email, emailVerified: false, roles: ['MEMBER'] }, T0);
      const patch: Required<UserPatch> = {
        emailVerified: true,
        passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo',
        preferredAuthMethod: 'PASSKEY',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phoneNumber: '+44 20 7946 0958',
        country: 'GB',
        language: 'fr',
        birthYear: 1990,
        marketingOptIn: true,
        weeklyDigestOptIn: true,
        preferences: { theme: 'dark', emailNotifications: false, pushNotifications: true },
        magicLinkEnabled: false,
        roles: ['MEMBER', 'TEACHER', 'GRADER'],
        isActive: false,
        hubspotContactId: 'hs-51234',
        lastLoginAt: at(1),
      };
      const updated = await repos().users.update(user.id, patch, at(2));
      const expected: User = { ...user, ...patch, updatedAt: at(2) };
      expect(updated).toEqual(expected);
      expect(await repos().users.byId(user.id)).toEqual(expected);
      expect(await repos().users.byEmail(email)).toEqual(expected);
    });

    it('stores addresses lower-case and finds them whatever their case', async () => {
      const local = `Ada.Lovelace.${randomUUID().slice(0, 8)}`;
      const { user } = await repos().users.createOrGet({ email: `${local}@Example.COM`, emailVerified: true, roles: ['MEMBER'] }, T0);
      expect(user.email).toBe(`${local.toLowerCase()}@example.com`);
      expect((await repos().users.byEmail(`${local.toUpperCase()}@EXAMPLE.com`))?.id).toBe(user.id);
      expect((await repos().users.byEmail(user.email))?.id).toBe(user.id);
    });

    it('answers null for a member that does not exist', async () => {
      expect(await repos().users.byId(randomUUID())).toBeNull();
      expect(await repos().users.byId('not-a-uuid')).toBeNull();
      expect(await repos().users.byEmail(uniqueEmail('nobody'))).toBeNull();
    });

    it('answers the existing member, unchanged, when the address is taken', async () => {
      const email = uniqueEmail('taken');
      const first = await repos().users.createOrGet({ email, emailVerified: true, roles: ['MEMBER', 'ADMIN'], firstName: 'First' }, T0);
      const second = await repos().users.createOrGet({ email: email.toUpperCase(), emailVerified: false, roles: ['MEMBER'], firstName: 'Second' }, at(MINUTE));
      expect(second).toEqual({ user: first.user, created: false });
      expect(await repos().users.byEmail(email)).toEqual(first.user);
    });

    it('creates one member when several create the same address at once', async () => {
      const email = uniqueEmail('race');
      const variants = [email, email.toUpperCase(), email, email, email.toUpperCase(), email, email, email];
      const results = await Promise.all(variants.map((address) => repos().users.createOrGet({ email: address, emailVerified: true, roles: ['MEMBER'] }, T0)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const winner = results.find((r) => r.created)?.user;
      for (const r of results) expect(r.user).toEqual(winner);
      expect((await repos().users.byEmail(email))?.id).toBe(winner?.id);
    });

    it('changes only the fields a patch names; null clears and undefined leaves as is', async () => {
      const { user } = await repos().users.createOrGet({ email: uniqueEmail(), emailVerified: true, roles: ['MEMBER'], firstName: 'Grace', lastName: 'Hopper' }, T0);
      const withPhone = await repos().users.update(user.id, { phoneNumber: '+1 555 0100', country: 'US', birthYear: 1980 }, at(1));
      expect(withPhone).toEqual({ ...user, phoneNumber: '+1 555 0100', country: 'US', birthYear: 1980, updatedAt: at(1) });

      const cleared = await repos().users.update(user.id, { phoneNumber: null, birthYear: null, firstName: undefined, lastName: 'Murray Hopper' }, at(2));
      expect(cleared).toEqual({ ...user, country: 'US', lastName: 'Murray Hopper', updatedAt: at(2) });

      const touched = await repos().users.update(user.id, {}, at(3));
      expect(touched).toEqual({ ...cleared, updatedAt: at(3) });
      expect(await repos().users.byId(user.id)).toEqual(touched);
    });

    it('applies any patch exactly, leaving every other field as it was', async () => {
      const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
      const text = fc.string({ minLength: 1, maxLength: 40 });
      const patchArb: fc.Arbitrary<UserPatch> = fc.record(
        {
          emailVerified: fc.boolean(),
          passwordHash: nullable(text),
          preferredAuthMethod: nullable(fc.constantFrom('PASSWORD' as const, 'PASSKEY' as const, 'SOCIAL' as const)),
          firstName: nullable(text),
          lastName: nullable(text),
          phoneNumber: nullable(text),
          country: nullable(text),
          language: fc.string({ minLength: 2, maxLength: 16 }),
          birthYear: nullable(fc.integer({ min: 1900, max: 2100 })),
          marketingOptIn: fc.boolean(),
          weeklyDigestOptIn: fc.boolean(),
          preferences: fc.record({ theme: fc.constantFrom(...THEMES), emailNotifications: fc.boolean(), pushNotifications: fc.boolean() }),
          roles: fc.subarray([...ROLES]),
          isActive: fc.boolean(),
          hubspotContactId: nullable(text),
          lastLoginAt: nullable(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })),
        },
        { requiredKeys: [] },
      );
      const { user } = await repos().users.createOrGet({ email: uniqueEmail('property'), emailVerified: false, roles: ['MEMBER'] }, T0);
      let current = user;
      let step = 0;
      await fc.assert(
        fc.asyncProperty(patchArb, async (patch) => {
          const now = at(++step);
          const updated = await repos().users.update(user.id, patch, now);
          const expected = { ...current, ...patch, updatedAt: now };
          expect(updated).toEqual(expected);
          expect(await repos().users.byId(user.id)).toEqual(expected);
          current = expected;
        }),
        { numRuns: 30 },
      );
    });

    it('answers null when updating a member that does not exist', async () => {
      expect(await repos().users.update(randomUUID(), { firstName: 'Nobody' }, T0)).toBeNull();
      expect(await repos().users.update('not-a-uuid', { firstName: 'Nobody' }, T0)).toBeNull();
    });

    it('round-trips roles in their order, and an empty list', async () => {
      const { user } = await repos().users.createOrGet({ email: uniqueEmail(), emailVerified: true, roles: ['MEMBER', 'CONTENT_EDITOR', 'CONTEST_ADMIN', 'ADMIN'] }, T0);
      expect((await repos().users.byId(user.id))?.roles).toEqual(['MEMBER', 'CONTENT_EDITOR', 'CONTEST_ADMIN', 'ADMIN']);
      await repos().users.update(user.id, { roles: ['STUDENT', 'MEMBER'] }, at(1));
      expect((await repos().users.byId(user.id))?.roles).toEqual(['STUDENT', 'MEMBER']);
      await repos().users.update(user.id, { roles: [] }, at(2));
      expect((await repos().users.byId(user.id))?.roles).toEqual([]);
    });

    it('hands out copies: changing an answer changes nothing stored', async () => {
      const { user } = await repos().users.createOrGet({ email: uniqueEmail(), emailVerified: true, roles: ['MEMBER'] }, T0);
      user.roles.push('ADMIN');
      user.preferences.theme = 'dark';
      user.createdAt.setTime(0);
      const read = await repos().users.byId(user.id);
      expect(read).toMatchObject({ roles: ['MEMBER'], preferences: DEFAULT_PREFERENCES, createdAt: T0 });
      const roles: UserPatch['roles'] = ['MEMBER', 'GRADER'];
      await repos().users.update(user.id, { roles }, at(1));
      roles.push('ADMIN');
      expect((await repos().users.byId(user.id))?.roles).toEqual(['MEMBER', 'GRADER']);
    });

    describe('list (the admin’s members list)', () => {
      /** Members of one test, found by a tag in their address that no other test uses. */
      async function aGroup() {
        const tag = `lst${randomUUID().slice(0, 8)}`;
        const make = async (local: string, minutes: number, fields: { firstName?: string; lastName?: string; roles?: User['roles'] } = {}) =>
          (await repos().users.createOrGet({ email: `${local}.${tag}@example.test`, emailVerified: true, roles: fields.roles ?? ['MEMBER'], firstName: fields.firstName ?? null, lastName: fields.lastName ?? null }, at(minutes * MINUTE))).user;
        const ada = await make('ada', 1, { firstName: 'Ada', lastName: 'Lovelace', roles: ['MEMBER', 'GRADER'] });
        const grace = await make('grace', 3, { firstName: 'Grace', lastName: 'Hopper', roles: ['MEMBER', 'ADMIN'] });
        const alan = await make('alan', 2, { firstName: 'Alan', lastName: 'Turing' });
        const nameless = await make('x_100%', 4);
        return { tag, ada, grace, alan, nameless };
      }
      const page = (query: Partial<UserListQuery> & { search: string }) => repos().users.list({ offset: 0, limit: 50, ...query });
      const ids = (result: { users: User[] }) => result.users.map((u) => u.id);

      it('answers the matching members newest first with their total, whole', async () => {
        const g = await aGroup();
        const all = await page({ search: g.tag });
        expect(ids(all)).toEqual([g.nameless.id, g.grace.id, g.alan.id, g.ada.id]);
        expect(all.total).toBe(4);
        expect(all.users[1]).toEqual(g.grace);
      });

      it('pages by offset and limit; the total counts every match', async () => {
        const g = await aGroup();
        expect(await page({ search: g.tag, offset: 1, limit: 2 })).toMatchObject({ total: 4 });
        expect(ids(await page({ search: g.tag, offset: 1, limit: 2 }))).toEqual([g.grace.id, g.alan.id]);
        expect(ids(await page({ search: g.tag, offset: 3, limit: 2 }))).toEqual([g.ada.id]);
        expect(await page({ search: g.tag, offset: 10, limit: 2 })).toEqual({ users: [], total: 4 });
        expect(await page({ search: g.tag, limit: 0 })).toEqual({ users: [], total: 4 });
      });

      it('searches the address, the first name, the last name and the full name, in any case', async () => {
        const g = await aGroup();
        expect(ids(await page({ search: `GRACE.${g.tag.toUpperCase()}` }))).toEqual([g.grace.id]);
        const lovelace = await repos().users.list({ search: 'lOVELACE', offset: 0, limit: 1000 });
        expect(ids(lovelace)).toContain(g.ada.id);
        expect(ids(lovelace)).not.toContain(g.grace.id);
        const fullName = await repos().users.list({ search: 'alan turing', offset: 0, limit: 1000 });
        expect(ids(fullName)).toContain(g.alan.id);
        expect(ids(fullName)).not.toContain(g.ada.id);
        expect(await page({ search: `nobody-${g.tag}` })).toEqual({ users: [], total: 0 });
      });

      it('takes % and _ in the search literally', async () => {
        const g = await aGroup();
        expect(ids(await page({ search: `x_100%.${g.tag}` }))).toEqual([g.nameless.id]);
        expect(await page({ search: `x%100_.${g.tag}` })).toEqual({ users: [], total: 0 });
        expect(await page({ search: `ad_.${g.tag}` })).toEqual({ users: [], total: 0 });
      });

      it('filters by role and by whether the member is active, together with the search', async () => {
        const g = await aGroup();
        await repos().users.update(g.alan.id, { isActive: false }, at(10 * MINUTE));
        expect(ids(await page({ search: g.tag, role: 'ADMIN' }))).toEqual([g.grace.id]);
        expect(ids(await page({ search: g.tag, role: 'MEMBER' }))).toEqual([g.nameless.id, g.grace.id, g.alan.id, g.ada.id]);
        expect(await page({ search: g.tag, role: 'TEACHER' })).toEqual({ users: [], total: 0 });
        expect(ids(await page({ search: g.tag, isActive: false }))).toEqual([g.alan.id]);
        expect(await page({ search: g.tag, isActive: true })).toMatchObject({ total: 3 });
        expect(ids(await page({ search: g.tag, role: 'GRADER', isActive: true }))).toEqual([g.ada.id]);
        expect(ids(await page({ search: g.tag, role: 'GRADER', isActive: false }))).toEqual([]);
      });

      it('lists everyone without a search, and hands out copies', async () => {
        const g = await aGroup();
        const everyone = await repos().users.list({ offset: 0, limit: 100_000 });
        expect(everyone.total).toBeGreaterThanOrEqual(4);
        expect(everyone.users).toHaveLength(everyone.total);
        for (const member of [g.ada, g.grace, g.alan, g.nameless]) expect(ids(everyone)).toContain(member.id);
        const [first] = (await page({ search: g.tag })).users;
        first!.roles.push('ADMIN');
        expect((await repos().users.byId(first!.id))?.roles).toEqual(['MEMBER']);
      });
    });
  });
}

function magicLinksContract(repos: () => AuthRepositories) {
  const aLink = (overrides: Partial<Omit<MagicLinkRecord, 'usedAt' | 'replacedAt'>> = {}): Omit<MagicLinkRecord, 'usedAt' | 'replacedAt'> => ({
    id: randomUUID(),
    email: uniqueEmail('link'),
    tokenHash: tokenHash(),
    redirectPath: '/dashboard',
    requester: '203.0.113.5',
    createdAt: T0,
    expiresAt: at(15 * MINUTE),
    ...overrides,
  });

  describe('MagicLinkRepository', () => {
    it('consumes a link once, answering it with every field, and then says it was used', async () => {
      const link = aLink();
      await repos().magicLinks.create(link);
      expect(await repos().magicLinks.consume(link.tokenHash, at(MINUTE))).toEqual({ status: 'consumed', link: { ...link, usedAt: at(MINUTE), replacedAt: null } });
      expect(await repos().magicLinks.consume(link.tokenHash, at(2 * MINUTE))).toEqual({ status: 'used' });
    });

    it('round-trips a link without a redirect, with its address lower-cased', async () => {
      const link = aLink({ email: `Mixed.${randomUUID().slice(0, 8)}@Example.COM`, redirectPath: null });
      await repos().magicLinks.create(link);
      const result = await repos().magicLinks.consume(link.tokenHash, at(1));
      expect(result).toEqual({ status: 'consumed', link: { ...link, email: link.email.toLowerCase(), usedAt: at(1), replacedAt: null } });
    });

    it('lets exactly one of several concurrent consumes succeed', async () => {
      const link = aLink();
      await repos().magicLinks.create(link);
      const results = await Promise.all(Array.from({ length: 8 }, () => repos().magicLinks.consume(link.tokenHash, at(MINUTE))));
      expect(results.filter((r) => r.status === 'consumed')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'used')).toHaveLength(7);
    });

    it('refuses a link from the instant it expires', async () => {
      const expiring = aLink();
      await repos().magicLinks.create(expiring);
      expect(await repos().magicLinks.consume(expiring.tokenHash, expiring.expiresAt)).toEqual({ status: 'expired' });
      expect(await repos().magicLinks.consume(expiring.tokenHash, at(60 * MINUTE))).toEqual({ status: 'expired' });

      const lastMoment = aLink();
      await repos().magicLinks.create(lastMoment);
      expect((await repos().magicLinks.consume(lastMoment.tokenHash, new Date(lastMoment.expiresAt.getTime() - 1))).status).toBe('consumed');
    });

    it('answers unknown for a token it never issued', async () => {
      expect(await repos().magicLinks.consume(tokenHash(), T0)).toEqual({ status: 'unknown' });
    });

    it('replaces the other open links of the address and keeps the given one', async () => {
      const email = uniqueEmail('replace');
      const older = aLink({ email });
      const old = aLink({ email, createdAt: at(-5 * MINUTE) });
      const used = aLink({ email });
      const expired = aLink({ email, expiresAt: at(-MINUTE) });
      const newest = aLink({ email: email.toUpperCase(), createdAt: at(MINUTE) });
      const someoneElse = aLink();
      for (const link of [older, old, used, expired, newest, someoneElse]) await repos().magicLinks.create(link);
      await repos().magicLinks.consume(used.tokenHash, T0);

      // The unused ones, expired or not; the used link stays used.
      expect(await repos().magicLinks.replaceOthers(email.toUpperCase(), '203.0.113.5', newest.id, at(MINUTE))).toBe(3);
      expect(await repos().magicLinks.replaceOthers(email, '203.0.113.5', newest.id, at(2 * MINUTE))).toBe(0);

      expect(await repos().magicLinks.consume(older.tokenHash, at(2 * MINUTE))).toEqual({ status: 'replaced' });
      expect(await repos().magicLinks.consume(old.tokenHash, at(2 * MINUTE))).toEqual({ status: 'replaced' });
      expect(await repos().magicLinks.consume(used.tokenHash, at(2 * MINUTE))).toEqual({ status: 'used' });
      expect((await repos().magicLinks.consume(someoneElse.tokenHash, at(2 * MINUTE))).status).toBe('consumed');
      expect(await repos().magicLinks.consume(newest.tokenHash, at(2 * MINUTE))).toMatchObject({ status: 'consumed', link: { id: newest.id, replacedAt: null } });
    });

    it("replaces only the links the same requester asked for: another requester's and unrecorded ones stay usable", async () => {
      const email = uniqueEmail('requester');
      const mine = aLink({ email, requester: '2001:db8:1:2::/64' });
      const owners = aLink({ email, requester: '198.51.100.7' });
      const unrecorded = aLink({ email, requester: null });
      const newest = aLink({ email, requester: '2001:db8:1:2::/64', createdAt: at(MINUTE) });
      for (const link of [mine, owners, unrecorded, newest]) await repos().magicLinks.create(link);
      expect(await repos().magicLinks.replaceOthers(email, '2001:db8:1:2::/64', newest.id, at(MINUTE))).toBe(1);
      expect(await repos().magicLinks.consume(mine.tokenHash, at(2 * MINUTE))).toEqual({ status: 'replaced' });
      expect(await repos().magicLinks.consume(owners.tokenHash, at(2 * MINUTE))).toMatchObject({ status: 'consumed', link: { requester: '198.51.100.7' } });
      expect((await repos().magicLinks.consume(unrecorded.tokenHash, at(2 * MINUTE))).status).toBe('consumed');
      expect((await repos().magicLinks.consume(newest.tokenHash, at(2 * MINUTE))).status).toBe('consumed');
    });

    it("counts the address's links created after an instant, whatever their state, and answers the latest", async () => {
      const email = uniqueEmail('latest');
      expect(await repos().magicLinks.recentLinks(email, at(-MINUTE))).toEqual({ count: 0, latest: null });
      const first = aLink({ email, requester: '198.51.100.1', createdAt: T0 });
      const second = aLink({ email: email.toUpperCase(), requester: '198.51.100.2', createdAt: at(30 * SECOND) });
      for (const link of [first, second, aLink({ requester: '198.51.100.3', createdAt: at(40 * SECOND) })]) await repos().magicLinks.create(link);
      await repos().magicLinks.consume(second.tokenHash, at(31 * SECOND));
      await repos().magicLinks.replaceOthers(email, '198.51.100.1', randomUUID(), at(32 * SECOND));
      expect(await repos().magicLinks.recentLinks(email.toUpperCase(), at(-MINUTE))).toEqual({ count: 2, latest: { requester: '198.51.100.2', createdAt: at(30 * SECOND) } });
      expect(await repos().magicLinks.recentLinks(email, at(29 * SECOND))).toEqual({ count: 1, latest: { requester: '198.51.100.2', createdAt: at(30 * SECOND) } });
      // Strictly after: a link created at the instant itself is not counted.
      expect(await repos().magicLinks.recentLinks(email, at(30 * SECOND))).toEqual({ count: 0, latest: null });
      // A link removed (its mail failed) was never sent: it does not count.
      await repos().magicLinks.remove(second.id);
      expect(await repos().magicLinks.recentLinks(email, at(-MINUTE))).toEqual({ count: 1, latest: { requester: '198.51.100.1', createdAt: T0 } });
    });

    it('says used before replaced, and replaced before expired', async () => {
      const email = uniqueEmail('precedence');
      const used = aLink({ email });
      const replaced = aLink({ email });
      const keep = aLink({ email });
      for (const link of [used, replaced, keep]) await repos().magicLinks.create(link);
      await repos().magicLinks.consume(used.tokenHash, T0);
      await repos().magicLinks.replaceOthers(email, '203.0.113.5', keep.id, at(1));
      const afterExpiry = at(16 * MINUTE);
      expect(await repos().magicLinks.consume(used.tokenHash, afterExpiry)).toEqual({ status: 'used' });
      expect(await repos().magicLinks.consume(replaced.tokenHash, afterExpiry)).toEqual({ status: 'replaced' });
      expect(await repos().magicLinks.consume(keep.tokenHash, afterExpiry)).toEqual({ status: 'expired' });
    });

    it('removes a link so it can never be used, and removing nothing is no error', async () => {
      const link = aLink();
      await repos().magicLinks.create(link);
      await repos().magicLinks.remove(link.id);
      expect(await repos().magicLinks.consume(link.tokenHash, at(1))).toEqual({ status: 'unknown' });
      await expect(repos().magicLinks.remove(link.id)).resolves.toBeUndefined();
      await expect(repos().magicLinks.remove(randomUUID())).resolves.toBeUndefined();
    });

    it('refuses a second link with the same token hash', async () => {
      const link = aLink();
      await repos().magicLinks.create(link);
      await expect(repos().magicLinks.create(aLink({ tokenHash: link.tokenHash }))).rejects.toThrow();
    });
  });
}

function sessionsContract(repos: () => AuthRepositories) {
  const aMember = async () => (await repos().users.createOrGet({ email: uniqueEmail('session'), emailVerified: true, roles: ['MEMBER'] }, T0)).user;
  const aSession = (userId: string, overrides: Partial<Omit<SessionRecord, 'revokedAt' | 'revokedReason' | 'reauthenticatedAt'>> = {}) => ({
    id: randomUUID(),
    userId,
    method: 'MAGIC_LINK' as const,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
    createdAt: at(0),
    lastUsedAt: at(0),
    expiresAt: at(7 * 24 * 60 * MINUTE),
    ...overrides,
  });

  describe('SessionRepository', () => {
    it('round-trips a session with every field', async () => {
      const member = await aMember();
      const session = aSession(member.id, { method: 'PASSKEY' });
      const anonymousAgent = aSession(member.id, { userAgent: null, ip: '2001:db8::1' });
      await repos().sessions.create(session);
      await repos().sessions.create(anonymousAgent);
      expect(await repos().sessions.byId(session.id)).toEqual({ ...session, revokedAt: null, revokedReason: null, reauthenticatedAt: null });
      expect(await repos().sessions.byId(anonymousAgent.id)).toEqual({ ...anonymousAgent, revokedAt: null, revokedReason: null, reauthenticatedAt: null });
    });

    it('records a re-authentication of a live session only', async () => {
      const member = await aMember();
      const session = aSession(member.id);
      await repos().sessions.create(session);
      expect(await repos().sessions.markReauthenticated(session.id, at(3 * MINUTE))).toBe(true);
      expect((await repos().sessions.byId(session.id))?.reauthenticatedAt).toEqual(at(3 * MINUTE));
      await repos().sessions.revoke(session.id, 'logout', at(4 * MINUTE));
      expect(await repos().sessions.markReauthenticated(session.id, at(5 * MINUTE))).toBe(false);
      expect(await repos().sessions.markReauthenticated(randomUUID(), at(5 * MINUTE))).toBe(false);
      expect(await repos().sessions.markReauthenticated('not-a-uuid', at(5 * MINUTE))).toBe(false);
    });

    it('answers null for a session that does not exist', async () => {
      expect(await repos().sessions.byId(randomUUID())).toBeNull();
      expect(await repos().sessions.byId('not-a-uuid')).toBeNull();
    });

    it('records a use and slides the expiry, changing nothing else', async () => {
      const member = await aMember();
      const session = aSession(member.id);
      await repos().sessions.create(session);
      await repos().sessions.touch(session.id, at(MINUTE), at(8 * 24 * 60 * MINUTE));
      expect(await repos().sessions.byId(session.id)).toEqual({ ...session, lastUsedAt: at(MINUTE), expiresAt: at(8 * 24 * 60 * MINUTE), revokedAt: null, revokedReason: null, reauthenticatedAt: null });
      await expect(repos().sessions.touch(randomUUID(), at(MINUTE), at(2 * MINUTE))).resolves.toBeUndefined();
    });

    it('revokes a live session once; the second revoke and an absent session answer false', async () => {
      const member = await aMember();
      const session = aSession(member.id);
      await repos().sessions.create(session);
      expect(await repos().sessions.revoke(session.id, 'logout', at(MINUTE))).toBe(true);
      expect(await repos().sessions.revoke(session.id, 'again', at(2 * MINUTE))).toBe(false);
      expect(await repos().sessions.byId(session.id)).toEqual({ ...session, revokedAt: at(MINUTE), revokedReason: 'logout', reauthenticatedAt: null });
      expect(await repos().sessions.revoke(randomUUID(), 'logout', T0)).toBe(false);
      expect(await repos().sessions.revoke('not-a-uuid', 'logout', T0)).toBe(false);
    });

    it('leaves a revoked session as it ended when it is touched', async () => {
      const member = await aMember();
      const session = aSession(member.id);
      await repos().sessions.create(session);
      await repos().sessions.revoke(session.id, 'logout', at(MINUTE));
      await repos().sessions.touch(session.id, at(2 * MINUTE), at(9 * 24 * 60 * MINUTE));
      expect(await repos().sessions.byId(session.id)).toEqual({ ...session, revokedAt: at(MINUTE), revokedReason: 'logout', reauthenticatedAt: null });
    });

    it("revokes all of a member's unrevoked sessions, and no one else's", async () => {
      const member = await aMember();
      const other = await aMember();
      const live = [aSession(member.id), aSession(member.id, { method: 'PASSWORD' })];
      const expired = aSession(member.id, { expiresAt: at(-MINUTE) });
      const revokedBefore = aSession(member.id);
      const othersSession = aSession(other.id);
      for (const s of [...live, expired, revokedBefore, othersSession]) await repos().sessions.create(s);
      await repos().sessions.revoke(revokedBefore.id, 'logout', at(1));

      expect(await repos().sessions.revokeAllForUser(member.id, 'password_changed', at(MINUTE))).toBe(3);
      for (const s of [...live, expired]) expect(await repos().sessions.byId(s.id)).toMatchObject({ revokedAt: at(MINUTE), revokedReason: 'password_changed', reauthenticatedAt: null });
      expect(await repos().sessions.byId(revokedBefore.id)).toMatchObject({ revokedAt: at(1), revokedReason: 'logout', reauthenticatedAt: null });
      expect(await repos().sessions.byId(othersSession.id)).toMatchObject({ revokedAt: null, revokedReason: null, reauthenticatedAt: null });
      expect(await repos().sessions.revokeAllForUser(member.id, 'again', at(2 * MINUTE))).toBe(0);
      expect(await repos().sessions.revokeAllForUser(randomUUID(), 'none', at(2 * MINUTE))).toBe(0);
    });

    it('lists live sessions, most recently used first, without revoked, expired or other members’ ones', async () => {
      const member = await aMember();
      const other = await aMember();
      const now = at(60 * MINUTE);
      const oldest = aSession(member.id, { lastUsedAt: at(MINUTE) });
      const newest = aSession(member.id, { lastUsedAt: at(30 * MINUTE), method: 'SOCIAL' });
      const middle = aSession(member.id, { lastUsedAt: at(10 * MINUTE) });
      const revoked = aSession(member.id, { lastUsedAt: at(40 * MINUTE) });
      const expired = aSession(member.id, { lastUsedAt: at(50 * MINUTE), expiresAt: at(59 * MINUTE) });
      const expiringNow = aSession(member.id, { lastUsedAt: at(50 * MINUTE), expiresAt: now });
      const othersSession = aSession(other.id, { lastUsedAt: at(45 * MINUTE) });
      for (const s of [oldest, newest, middle, revoked, expired, expiringNow, othersSession]) await repos().sessions.create(s);
      await repos().sessions.revoke(revoked.id, 'logout', at(41 * MINUTE));

      const listed = await repos().sessions.listActive(member.id, now);
      expect(listed.map((s) => s.id)).toEqual([newest.id, middle.id, oldest.id]);
      expect(listed[0]).toEqual({ ...newest, revokedAt: null, revokedReason: null, reauthenticatedAt: null });

      await repos().sessions.touch(oldest.id, at(55 * MINUTE), at(7 * 24 * 60 * MINUTE));
      expect((await repos().sessions.listActive(member.id, now)).map((s) => s.id)).toEqual([oldest.id, newest.id, middle.id]);
      expect(await repos().sessions.listActive(randomUUID(), now)).toEqual([]);
    });

    it('hands out copies: changing an answer changes nothing stored', async () => {
      const member = await aMember();
      const session = aSession(member.id);
      await repos().sessions.create(session);
      session.lastUsedAt.setTime(0);
      const read = await repos().sessions.byId(session.id);
      expect(read?.lastUsedAt).toEqual(T0);
      read?.expiresAt.setTime(0);
      expect((await repos().sessions.listActive(member.id, at(1)))[0]?.expiresAt).toEqual(at(7 * 24 * 60 * MINUTE));
    });
  });
}

function sessionCheckContract(repos: () => AuthRepositories) {
  const aMember = async () => (await repos().users.createOrGet({ email: uniqueEmail('check'), emailVerified: true, roles: ['MEMBER', 'TEACHER'], firstName: 'Ada' }, T0)).user;
  const aSession = (userId: string, overrides: Partial<Omit<SessionRecord, 'revokedAt' | 'revokedReason' | 'reauthenticatedAt'>> = {}) => ({
    id: randomUUID(),
    userId,
    method: 'PASSWORD' as const,
    ip: '198.51.100.4',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    createdAt: at(0),
    lastUsedAt: at(0),
    expiresAt: at(7 * 24 * 60 * MINUTE),
    ...overrides,
  });
  /** A check at `now` with the product's policy: touch when the last use is over a minute old, slide the expiry a week. */
  const query = (userId: string, now: Date): LiveSessionQuery => ({ userId, now, touchIfUsedBefore: new Date(now.getTime() - MINUTE), expiresAt: new Date(now.getTime() + 7 * 24 * 60 * MINUTE) });
  const stored = (session: ReturnType<typeof aSession>, overrides: Partial<SessionRecord> = {}): SessionRecord => ({ ...session, revokedAt: null, revokedReason: null, reauthenticatedAt: null, ...overrides });

  describe('SessionCheck', () => {
    it('answers a live session with its member, exactly as the repositories read them, and no linked methods', async () => {
      const member = await aMember();
      const session = aSession(member.id, { lastUsedAt: at(30_000) });
      await repos().sessions.create(session);
      await repos().sessions.markReauthenticated(session.id, at(20_000));
      const live = await repos().sessionCheck.liveSession(session.id, query(member.id, at(MINUTE)));
      expect(live).toEqual({ session: stored(session, { reauthenticatedAt: at(20_000) }), user: await repos().users.byId(member.id), methods: { hasPasskey: false, hasSocialLogin: false } });
    });

    it('reports a passkey and a linked social account as soon as they exist, and stops when they are gone', async () => {
      const member = await aMember();
      const other = await aMember();
      const session = aSession(member.id);
      await repos().sessions.create(session);
      const check = async () => (await repos().sessionCheck.liveSession(session.id, query(member.id, at(1))))?.methods;
      await repos().passkeys.create({ id: randomUUID(), userId: other.id, credentialId: randomBytes(32).toString('base64url'), publicKey: new Uint8Array(randomBytes(77)), counter: 0, transports: [], deviceType: 'multiDevice', backedUp: true, name: 'Theirs', createdAt: T0, lastUsedAt: null });
      expect(await check()).toEqual({ hasPasskey: false, hasSocialLogin: false });
      await repos().passkeys.create({ id: randomUUID(), userId: member.id, credentialId: randomBytes(32).toString('base64url'), publicKey: new Uint8Array(randomBytes(77)), counter: 0, transports: ['internal'], deviceType: 'multiDevice', backedUp: true, name: 'Laptop', createdAt: T0, lastUsedAt: null });
      expect(await check()).toEqual({ hasPasskey: true, hasSocialLogin: false });
      await repos().socialAccounts.link({ id: randomUUID(), userId: member.id, provider: 'google', subject: randomUUID(), email: null, emailVerified: false, createdAt: T0, lastUsedAt: T0 });
      expect(await check()).toEqual({ hasPasskey: true, hasSocialLogin: true });
      await repos().passkeys.removeAllForUser(member.id);
      await repos().socialAccounts.removeAllForUser(member.id);
      expect(await check()).toEqual({ hasPasskey: false, hasSocialLogin: false });
    });

    it('answers null for an absent, revoked or expired session, another member’s, or an inactive member', async () => {
      const member = await aMember();
      const other = await aMember();
      const now = at(60 * MINUTE);
      const live = aSession(member.id);
      const revoked = aSession(member.id);
      const expiringNow = aSession(member.id, { expiresAt: now });
      for (const s of [live, revoked, expiringNow]) await repos().sessions.create(s);
      await repos().sessions.revoke(revoked.id, 'signed out', at(MINUTE));

      expect(await repos().sessionCheck.liveSession(live.id, query(member.id, now))).not.toBeNull();
      expect(await repos().sessionCheck.liveSession(randomUUID(), query(member.id, now))).toBeNull();
      expect(await repos().sessionCheck.liveSession('not-a-uuid', query(member.id, now))).toBeNull();
      expect(await repos().sessionCheck.liveSession(live.id, query('not-a-uuid', now))).toBeNull();
      expect(await repos().sessionCheck.liveSession(revoked.id, query(member.id, now))).toBeNull();
      expect(await repos().sessionCheck.liveSession(expiringNow.id, query(member.id, now))).toBeNull();
      expect(await repos().sessionCheck.liveSession(expiringNow.id, query(member.id, at(60 * MINUTE - 1)))).not.toBeNull();
      expect(await repos().sessionCheck.liveSession(live.id, query(other.id, now))).toBeNull();
      await repos().users.update(member.id, { isActive: false }, now);
      expect(await repos().sessionCheck.liveSession(live.id, query(member.id, now))).toBeNull();
      await repos().users.update(member.id, { isActive: true }, now);
      expect(await repos().sessionCheck.liveSession(live.id, query(member.id, now))).not.toBeNull();
    });

    it('records the use only when the last one is older than asked, and answers the session as stored', async () => {
      const member = await aMember();
      const session = aSession(member.id, { lastUsedAt: at(10 * MINUTE) });
      await repos().sessions.create(session);

      // Used 59.999 s ago: not recorded.
      const recent = await repos().sessionCheck.liveSession(session.id, query(member.id, at(11 * MINUTE - 1)));
      expect(recent?.session).toEqual(stored(session));
      expect(await repos().sessions.byId(session.id)).toEqual(stored(session));
      // Exactly a minute ago: still not (older than, strictly).
      await repos().sessionCheck.liveSession(session.id, query(member.id, at(11 * MINUTE)));
      expect(await repos().sessions.byId(session.id)).toEqual(stored(session));

      const now = at(11 * MINUTE + 1);
      const touched = stored(session, { lastUsedAt: now, expiresAt: new Date(now.getTime() + 7 * 24 * 60 * MINUTE) });
      expect((await repos().sessionCheck.liveSession(session.id, query(member.id, now)))?.session).toEqual(touched);
      expect(await repos().sessions.byId(session.id)).toEqual(touched);
    });

    it('records nothing for a session it does not answer', async () => {
      const member = await aMember();
      const other = await aMember();
      const now = at(60 * MINUTE);
      const revoked = aSession(member.id);
      const expired = aSession(member.id, { expiresAt: at(59 * MINUTE) });
      const othersView = aSession(member.id);
      const ofInactive = aSession(other.id);
      for (const s of [revoked, expired, othersView, ofInactive]) await repos().sessions.create(s);
      await repos().sessions.revoke(revoked.id, 'signed out', at(MINUTE));
      await repos().users.update(other.id, { isActive: false }, now);

      expect(await repos().sessionCheck.liveSession(revoked.id, query(member.id, now))).toBeNull();
      expect(await repos().sessionCheck.liveSession(expired.id, query(member.id, now))).toBeNull();
      expect(await repos().sessionCheck.liveSession(othersView.id, query(other.id, now))).toBeNull();
      expect(await repos().sessionCheck.liveSession(ofInactive.id, query(other.id, now))).toBeNull();
      expect(await repos().sessions.byId(revoked.id)).toEqual(stored(revoked, { revokedAt: at(MINUTE), revokedReason: 'signed out' }));
      expect(await repos().sessions.byId(expired.id)).toEqual(stored(expired));
      expect(await repos().sessions.byId(othersView.id)).toEqual(stored(othersView));
      expect(await repos().sessions.byId(ofInactive.id)).toEqual(stored(ofInactive));
    });

    it('hands out copies: changing an answer changes nothing stored', async () => {
      const member = await aMember();
      const session = aSession(member.id);
      await repos().sessions.create(session);
      const live = await repos().sessionCheck.liveSession(session.id, query(member.id, at(1)));
      live?.session.createdAt.setTime(0);
      live?.user.roles.push('ADMIN');
      const again = await repos().sessionCheck.liveSession(session.id, query(member.id, at(2)));
      expect(again?.session.createdAt).toEqual(T0);
      expect(again?.user.roles).toEqual(['MEMBER', 'TEACHER']);
    });
  });
}

function auditLogContract(repos: () => AuthRepositories) {
  const aMember = async () => (await repos().users.createOrGet({ email: uniqueEmail('audit'), emailVerified: true, roles: ['MEMBER'] }, T0)).user;
  const anEvent = (overrides: Partial<AuditEvent> = {}): AuditEvent => ({
    action: 'sign_in',
    outcome: 'success',
    ip: '198.51.100.23',
    userAgent: 'Mozilla/5.0 (Macintosh) Safari/17.5',
    at: T0,
    ...overrides,
  });

  describe('AuditLog', () => {
    it('round-trips an event with every field', async () => {
      const member = await aMember();
      const event = anEvent({
        action: 'refresh.reuse_detected',
        outcome: 'failure',
        method: 'MAGIC_LINK',
        userId: member.id,
        email: member.email,
        sessionId: randomUUID(),
        detail: { reason: 'TOKEN_ALREADY_USED', attempts: 2, nested: { revoked: true, list: ['a', 'b'] } },
      });
      await repos().auditLog.record(event);
      expect(await repos().auditLog.forUser(member.id, 10)).toEqual([event]);
    });

    it('reads absent fields back as null and an absent detail as {}', async () => {
      const member = await aMember();
      await repos().auditLog.record(anEvent({ userId: member.id, userAgent: null }));
      expect(await repos().auditLog.forUser(member.id, 10)).toEqual([
        { action: 'sign_in', outcome: 'success', method: null, userId: member.id, email: null, sessionId: null, ip: '198.51.100.23', userAgent: null, detail: {}, at: T0 },
      ]);
    });

    it("answers a member's events newest first, at most `limit` of them, and only theirs", async () => {
      const member = await aMember();
      const other = await aMember();
      const times = [5, 1, 9, 3, 7];
      for (const minutes of times) await repos().auditLog.record(anEvent({ userId: member.id, at: at(minutes * MINUTE), detail: { minutes } }));
      await repos().auditLog.record(anEvent({ userId: other.id, at: at(8 * MINUTE) }));
      await repos().auditLog.record(anEvent({ action: 'magic_link.requested', email: member.email, at: at(10 * MINUTE) }));

      const all = await repos().auditLog.forUser(member.id, 100);
      expect(all.map((e) => e.detail)).toEqual([{ minutes: 9 }, { minutes: 7 }, { minutes: 5 }, { minutes: 3 }, { minutes: 1 }]);
      expect((await repos().auditLog.forUser(member.id, 2)).map((e) => e.at)).toEqual([at(9 * MINUTE), at(7 * MINUTE)]);
      expect(await repos().auditLog.forUser(member.id, 0)).toEqual([]);
      expect(await repos().auditLog.forUser(randomUUID(), 10)).toEqual([]);
    });

    it('answers events of the same instant in reverse order of writing', async () => {
      const member = await aMember();
      for (const step of ['first', 'second', 'third']) await repos().auditLog.record(anEvent({ userId: member.id, detail: { step } }));
      expect((await repos().auditLog.forUser(member.id, 10)).map((e) => e.detail)).toEqual([{ step: 'third' }, { step: 'second' }, { step: 'first' }]);
    });

    it('pages a member’s events among the actions asked for, newest first, with ids and their total', async () => {
      const member = await aMember();
      const other = await aMember();
      for (const minutes of [1, 2, 3, 4, 5]) await repos().auditLog.record(anEvent({ userId: member.id, at: at(minutes * MINUTE), detail: { minutes } }));
      await repos().auditLog.record(anEvent({ action: 'refresh', userId: member.id, at: at(6 * MINUTE), detail: { minutes: 6 } }));
      await repos().auditLog.record(anEvent({ action: 'logout', userId: member.id, at: at(3 * MINUTE), detail: { minutes: 3, logout: true } }));
      await repos().auditLog.record(anEvent({ userId: other.id, at: at(7 * MINUTE) }));
      const query = { actions: ['sign_in', 'logout'] as const, offset: 0, limit: 3 };

      const first = await repos().auditLog.pageForUser(member.id, query);
      expect(first.total).toBe(6);
      // Of the same instant, the later written comes first, as forUser answers them.
      expect(first.events.map((e) => e.detail)).toEqual([{ minutes: 5 }, { minutes: 4 }, { minutes: 3, logout: true }]);
      expect(first.events[0]).toEqual({ ...anEvent({ userId: member.id, at: at(5 * MINUTE), detail: { minutes: 5 } }), method: null, email: null, sessionId: null, id: expect.any(String) });
      const second = await repos().auditLog.pageForUser(member.id, { ...query, offset: 3 });
      expect(second.events.map((e) => e.detail)).toEqual([{ minutes: 3 }, { minutes: 2 }, { minutes: 1 }]);
      const everyId = [...first.events, ...second.events].map((e) => e.id);
      expect(new Set(everyId).size).toBe(6);

      expect((await repos().auditLog.pageForUser(member.id, { ...query, actions: ['refresh'] })).events.map((e) => e.detail)).toEqual([{ minutes: 6 }]);
      expect(await repos().auditLog.pageForUser(member.id, { ...query, offset: 6 })).toEqual({ events: [], total: 6 });
      expect(await repos().auditLog.pageForUser(member.id, { ...query, limit: 0 })).toEqual({ events: [], total: 6 });
      expect(await repos().auditLog.pageForUser(member.id, { ...query, actions: [] })).toEqual({ events: [], total: 0 });
      expect(await repos().auditLog.pageForUser(randomUUID(), query)).toEqual({ events: [], total: 0 });
    });

    it('keeps what was recorded, whatever the caller does to its objects afterwards', async () => {
      const member = await aMember();
      const detail: Record<string, unknown> = { reason: 'expired' };
      await repos().auditLog.record(anEvent({ userId: member.id, outcome: 'failure', detail }));
      detail.reason = 'changed';
      const [read] = await repos().auditLog.forUser(member.id, 1);
      expect(read?.detail).toEqual({ reason: 'expired' });
      if (read?.detail) read.detail.reason = 'changed again';
      expect((await repos().auditLog.forUser(member.id, 1))[0]?.detail).toEqual({ reason: 'expired' });
    });
  });
}

for (const backend of backends) {
  describe(`auth repositories [${backend.name}]`, () => {
    let opened: Opened;
    beforeAll(async () => {
      opened = await backend.open();
    }, 60_000);
    afterAll(async () => opened.close());
    const repos = () => opened.repos;

    usersContract(repos);
    magicLinksContract(repos);
    sessionsContract(repos);
    sessionCheckContract(repos);
    auditLogContract(repos);

    // The seeder writes through the database, so it runs on the two databases, not the memory twin.
    if (backend.name !== 'memory') it('seeds the demo members once: verified, named, one per role', async () => {
      if (!opened.handle) throw new Error('a database backend has a handle');
      // The seeder reads only the database and the clock.
      const services = { database: opened.handle, clock: { now: () => T0 } } as unknown as Services;
      expect(await demoUsersSeeder.run(services)).toBe(DEMO_USERS.length);
      expect(await demoUsersSeeder.run(services)).toBe(0);
      const admin = await repos().users.byEmail('ADMIN@demo.objectivism.test');
      expect(admin).toMatchObject({ emailVerified: true, firstName: expect.any(String), lastName: expect.any(String) });
      expect(admin?.roles).toContain('ADMIN');
      const seeded = await Promise.all(DEMO_USERS.map((u) => repos().users.byEmail(u.email)));
      for (const user of seeded) expect(user).toMatchObject({ emailVerified: true, isActive: true, firstName: expect.any(String), lastName: expect.any(String) });
      const roles = new Set(seeded.flatMap((u) => u?.roles ?? []));
      for (const role of ['ADMIN', 'PROGRAM_ADMIN', 'CONTENT_EDITOR', 'CONTEST_ADMIN', 'GRADER', 'TEACHER', 'STUDENT', 'MEMBER']) expect(roles).toContain(role);
    });
  });
}
