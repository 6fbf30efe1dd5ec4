/**
 * The SocialAccountRepository contract, written once and run against the memory twin, embedded
 * PGlite and, when TEST_DATABASE_URL is set, PostgreSQL. Every test works on its own members and
 * subjects, so the suites share one database per backend without a reset.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySocialAccounts } from '../../adapters/memory/auth/social-accounts';
import { memoryUsers } from '../../adapters/memory/auth/users';
import type { DatabaseHandle } from '../../adapters/postgres/database';
import { postgresSocialAccounts } from '../../adapters/postgres/auth/social-accounts';
import { postgresUsers } from '../../adapters/postgres/auth/users';
import type { SocialAccountRepository } from '../../application/ports/social-accounts';
import type { UserRepository } from '../../application/ports/users';
import type { SocialAccount } from '../../domain/auth/social';
import { databaseTargets } from '../support/database';

interface Opened {
  users: UserRepository;
  social: SocialAccountRepository;
  handle: DatabaseHandle | null;
  close(): Promise<void>;
}

const backends: { name: string; open(): Promise<Opened> }[] = [
  { name: 'memory', open: async () => ({ users: memoryUsers(), social: memorySocialAccounts(), handle: null, close: async () => undefined }) },
  ...(await databaseTargets()).map((target) => ({
    name: target.name,
    async open(): Promise<Opened> {
      const { handle, drop } = await target.make();
      await handle.migrate();
      return { users: postgresUsers(handle.db), social: postgresSocialAccounts(handle.db), handle, close: drop };
    },
  })),
];

const T0 = new Date('2030-03-04T05:06:07.891Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

for (const backend of backends) {
  describe(`SocialAccountRepository [${backend.name}]`, () => {
    let opened: Opened;
    beforeAll(async () => {
      opened = await backend.open();
    }, 60_000);
    afterAll(async () => opened.close());
    const social = () => opened.social;

    const aMember = async () => (await opened.users.createOrGet({ email: `social.${randomUUID().slice(0, 8)}@example.test`, emailVerified: true, roles: ['MEMBER'] }, T0)).user;
    const anAccount = (userId: string, overrides: Partial<SocialAccount> = {}): SocialAccount => ({
      id: randomUUID(),
      userId,
      provider: 'google',
      subject: `1${randomUUID().replace(/-/g, '').slice(0, 20)}`,
      email: `linked.${randomUUID().slice(0, 8)}@gmail.test`,
      emailVerified: true,
      createdAt: new Date(T0),
      lastUsedAt: new Date(T0),
      ...overrides,
    });

    it('links an account and reads it back with every field', async () => {
      const member = await aMember();
      const account = anAccount(member.id);
      expect(await social().link(account)).toEqual({ account, created: true });
      expect(await social().bySubject('google', account.subject)).toEqual(account);
      expect(await social().listForUser(member.id)).toEqual([account]);
      expect(await social().countForUser(member.id)).toBe(1);
    });

    it('stores the e-mail lower-case, and no e-mail as null', async () => {
      const member = await aMember();
      const mixed = anAccount(member.id, { email: `Mixed.${randomUUID().slice(0, 8)}@GMail.test` });
      const none = anAccount(member.id, { provider: 'github', email: null, emailVerified: false });
      expect((await social().link(mixed)).account.email).toBe(mixed.email!.toLowerCase());
      await social().link(none);
      expect(await social().bySubject('github', none.subject)).toEqual(none);
    });

    it('answers the existing link, unchanged, when the provider account is linked already (to anyone)', async () => {
      const owner = await aMember();
      const other = await aMember();
      const first = anAccount(owner.id);
      await social().link(first);
      const second = await social().link(anAccount(other.id, { subject: first.subject, email: 'someone.else@example.test', createdAt: at(MINUTE), lastUsedAt: at(MINUTE) }));
      expect(second).toEqual({ account: first, created: false });
      expect(await social().listForUser(other.id)).toEqual([]);
    });

    it('links a provider account once when several link it at once', async () => {
      const members = await Promise.all(Array.from({ length: 4 }, aMember));
      const subject = `race-${randomUUID()}`;
      const results = await Promise.all(members.flatMap((m) => [m, m]).map((m) => social().link(anAccount(m.id, { subject }))));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const winner = results.find((r) => r.created)!.account;
      for (const r of results) expect(r.account).toEqual(winner);
      expect(await social().bySubject('google', subject)).toEqual(winner);
    });

    it('keeps providers apart and subjects case-sensitive', async () => {
      const member = await aMember();
      const subject = `Sub-${randomUUID()}`;
      const google = anAccount(member.id, { subject });
      const apple = anAccount(member.id, { subject, provider: 'apple' });
      const lower = anAccount(member.id, { subject: subject.toLowerCase() });
      for (const a of [google, apple, lower]) expect((await social().link(a)).created).toBe(true);
      expect((await social().bySubject('apple', subject))?.id).toBe(apple.id);
      expect((await social().bySubject('google', subject.toLowerCase()))?.id).toBe(lower.id);
      expect(await social().bySubject('google', subject.toUpperCase())).toBeNull();
      expect(await social().countForUser(member.id)).toBe(3);
    });

    it("lists a member's links oldest first, and only theirs", async () => {
      const member = await aMember();
      const other = await aMember();
      const later = anAccount(member.id, { createdAt: at(5 * MINUTE), lastUsedAt: at(5 * MINUTE) });
      const earlier = anAccount(member.id, { provider: 'microsoft', createdAt: at(MINUTE), lastUsedAt: at(MINUTE) });
      for (const a of [later, earlier, anAccount(other.id)]) await social().link(a);
      expect((await social().listForUser(member.id)).map((a) => a.id)).toEqual([earlier.id, later.id]);
      expect(await social().countForUser(member.id)).toBe(2);
    });

    it("records a use: last use and the provider's current e-mail, nothing else", async () => {
      const member = await aMember();
      const account = anAccount(member.id);
      await social().link(account);
      const used = await social().recordUse(account.id, { email: 'New.Address@Example.test', emailVerified: false, at: at(3 * MINUTE) });
      const expected = { ...account, email: 'new.address@example.test', emailVerified: false, lastUsedAt: at(3 * MINUTE) };
      expect(used).toEqual(expected);
      expect(await social().bySubject('google', account.subject)).toEqual(expected);
      expect(await social().recordUse(account.id, { email: null, emailVerified: false, at: at(4 * MINUTE) })).toMatchObject({ email: null, lastUsedAt: at(4 * MINUTE) });
    });

    it('unlinks all of a member’s accounts and no one else’s; the provider account can be linked again', async () => {
      const member = await aMember();
      const other = await aMember();
      const mine = [anAccount(member.id), anAccount(member.id, { provider: 'apple' })];
      const theirs = anAccount(other.id);
      for (const a of [...mine, theirs]) await social().link(a);
      expect(await social().removeAllForUser(member.id)).toBe(2);
      expect(await social().listForUser(member.id)).toEqual([]);
      expect(await social().countForUser(member.id)).toBe(0);
      expect(await social().bySubject('google', mine[0]!.subject)).toBeNull();
      expect(await social().bySubject('google', theirs.subject)).toEqual(theirs);
      expect(await social().removeAllForUser(member.id)).toBe(0);
      expect((await social().link(anAccount(other.id, { subject: mine[0]!.subject }))).created).toBe(true);
    });

    it('answers null, [] and 0 for what does not exist', async () => {
      expect(await social().bySubject('google', `nobody-${randomUUID()}`)).toBeNull();
      for (const id of [randomUUID(), 'not-a-uuid']) {
        expect(await social().listForUser(id)).toEqual([]);
        expect(await social().countForUser(id)).toBe(0);
        expect(await social().recordUse(id, { email: null, emailVerified: false, at: T0 })).toBeNull();
        expect(await social().removeAllForUser(id)).toBe(0);
      }
    });

    it('hands out copies: changing an answer changes nothing stored', async () => {
      const member = await aMember();
      const account = anAccount(member.id);
      const { account: linked } = await social().link(account);
      linked.email = 'changed@example.test';
      linked.lastUsedAt.setTime(0);
      account.createdAt.setTime(0);
      const read = await social().bySubject('google', account.subject);
      expect(read).toMatchObject({ email: account.email, createdAt: T0, lastUsedAt: T0 });
      read!.userId = randomUUID();
      expect((await social().listForUser(member.id))[0]?.userId).toBe(member.id);
    });

    // The foreign key lives in the database: the memory twin has no members to delete.
    if (backend.name !== 'memory') it("goes with its member when the member is deleted", async () => {
      const member = await aMember();
      const account = anAccount(member.id);
      await social().link(account);
      await sql`delete from users where id = ${member.id}`.execute(opened.handle!.db);
      expect(await social().bySubject('google', account.subject)).toBeNull();
    });
  });
}
