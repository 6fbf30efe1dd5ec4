/**
 * The PasskeyRepository contract, written once and run against the memory twin, embedded PGlite
 * and, when TEST_DATABASE_URL is set, PostgreSQL. Every test works on its own members, so none
 * needs a reset.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryPasskeys } from '../../adapters/memory/auth/passkeys';
import { memoryUsers } from '../../adapters/memory/auth/users';
import { postgresPasskeys } from '../../adapters/postgres/auth/passkeys';
import type { Database } from '../../adapters/postgres/schema';
import { postgresUsers } from '../../adapters/postgres/auth/users';
import type { PasskeyRepository } from '../../application/ports/passkeys';
import type { UserRepository } from '../../application/ports/users';
import type { Passkey } from '../../domain/auth/passkey';
import { databaseTargets } from '../support/database';

interface Opened {
  passkeys: PasskeyRepository;
  users: UserRepository;
  /** The database, for what the ports cannot do (deleting a member). */
  db?: Kysely<Database>;
  close(): Promise<void>;
}

const backends: { name: string; open(): Promise<Opened> }[] = [
  { name: 'memory', open: async () => ({ passkeys: memoryPasskeys(), users: memoryUsers(), close: async () => undefined }) },
  ...(await databaseTargets()).map((target) => ({
    name: target.name,
    async open(): Promise<Opened> {
      const { handle, drop } = await target.make();
      await handle.migrate();
      return { passkeys: postgresPasskeys(handle.db), users: postgresUsers(handle.db), db: handle.db, close: drop };
    },
  })),
];

const T0 = new Date('2030-03-04T05:06:07.891Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

for (const backend of backends) {
  describe(`PasskeyRepository [${backend.name}]`, () => {
    let opened: Opened;
    beforeAll(async () => {
      opened = await backend.open();
    }, 60_000);
    afterAll(async () => opened.close());
    const repo = () => opened.passkeys;

    const aMember = async () => (await opened.users.createOrGet({ email: `pk.${randomUUID().slice(0, 8)}@example.test`, emailVerified: true, roles: ['MEMBER'] }, T0)).user;
    const aPasskey = (userId: string, overrides: Partial<Passkey> = {}): Passkey => ({
      id: randomUUID(),
      userId,
      credentialId: randomBytes(32).toString('base64url'),
      publicKey: new Uint8Array(randomBytes(77)),
      counter: 0,
      transports: ['internal', 'hybrid'],
      deviceType: 'multiDevice',
      backedUp: true,
      name: 'Laptop',
      createdAt: T0,
      lastUsedAt: null,
      ...overrides,
    });

    it('round-trips a passkey with every field, by id and by credential id', async () => {
      const member = await aMember();
      const passkey = aPasskey(member.id, { counter: 2 ** 32 - 1, transports: [], deviceType: 'singleDevice', backedUp: false, lastUsedAt: at(MINUTE), name: 'Schlüssel 🔑' });
      expect(await repo().create(passkey)).toBe('created');
      expect(await repo().byId(passkey.id)).toEqual(passkey);
      expect(await repo().byCredentialId(passkey.credentialId)).toEqual(passkey);
      const read = await repo().byId(passkey.id);
      expect(read?.publicKey).toBeInstanceOf(Uint8Array);
      expect(read?.publicKey.constructor).toBe(Uint8Array);
    });

    it('answers null for a passkey that does not exist', async () => {
      expect(await repo().byId(randomUUID())).toBeNull();
      expect(await repo().byId('not-a-uuid')).toBeNull();
      expect(await repo().byCredentialId('unknown')).toBeNull();
    });

    it('refuses a credential id registered already, to the same member or another', async () => {
      const [a, b] = [await aMember(), await aMember()];
      const first = aPasskey(a.id);
      expect(await repo().create(first)).toBe('created');
      expect(await repo().create(aPasskey(a.id, { credentialId: first.credentialId }))).toBe('duplicate');
      expect(await repo().create(aPasskey(b.id, { credentialId: first.credentialId }))).toBe('duplicate');
      expect((await repo().byCredentialId(first.credentialId))?.userId).toBe(a.id);
      expect(await repo().countForUser(b.id)).toBe(0);
    });

    it("lists and counts a member's passkeys, oldest first, and no one else's", async () => {
      const [member, other] = [await aMember(), await aMember()];
      const newer = aPasskey(member.id, { createdAt: at(2 * MINUTE), name: 'Phone' });
      const older = aPasskey(member.id, { createdAt: at(MINUTE), name: 'Key' });
      for (const p of [newer, older, aPasskey(other.id)]) await repo().create(p);
      expect((await repo().listForUser(member.id)).map((p) => p.name)).toEqual(['Key', 'Phone']);
      expect(await repo().countForUser(member.id)).toBe(2);
      expect(await repo().listForUser(randomUUID())).toEqual([]);
      expect(await repo().countForUser('not-a-uuid')).toBe(0);
    });

    it('renames only the owner’s passkey', async () => {
      const [member, other] = [await aMember(), await aMember()];
      const passkey = aPasskey(member.id);
      await repo().create(passkey);
      expect(await repo().rename(other.id, passkey.id, 'Stolen')).toBeNull();
      expect(await repo().rename(member.id, randomUUID(), 'Nothing')).toBeNull();
      expect(await repo().rename(member.id, passkey.id, 'Work laptop')).toEqual({ ...passkey, name: 'Work laptop' });
      expect((await repo().byId(passkey.id))?.name).toBe('Work laptop');
    });

    it('removes only the owner’s passkey, once; removeAll takes every one of the member’s', async () => {
      const [member, other] = [await aMember(), await aMember()];
      const [one, two, three] = [aPasskey(member.id), aPasskey(member.id), aPasskey(other.id)];
      for (const p of [one, two, three]) await repo().create(p);
      expect(await repo().remove(other.id, one.id)).toBe(false);
      expect(await repo().remove(member.id, one.id)).toBe(true);
      expect(await repo().remove(member.id, one.id)).toBe(false);
      expect(await repo().remove(member.id, 'not-a-uuid')).toBe(false);
      expect(await repo().byCredentialId(one.credentialId)).toBeNull();
      await repo().create(aPasskey(member.id));
      expect(await repo().removeAllForUser(member.id)).toBe(2);
      expect(await repo().countForUser(member.id)).toBe(0);
      expect(await repo().byId(three.id)).toEqual(three);
      expect(await repo().removeAllForUser(member.id)).toBe(0);
    });

    it('records a use as a compare-and-set on the counter', async () => {
      const member = await aMember();
      const passkey = aPasskey(member.id, { counter: 5, backedUp: false });
      await repo().create(passkey);
      expect(await repo().recordUse(passkey.id, { previousCounter: 5, counter: 6, backedUp: true, at: at(MINUTE) })).toBe(true);
      expect(await repo().byId(passkey.id)).toEqual({ ...passkey, counter: 6, backedUp: true, lastUsedAt: at(MINUTE) });
      // The counter moved since it was read: the second of two racing uses is refused.
      expect(await repo().recordUse(passkey.id, { previousCounter: 5, counter: 6, backedUp: true, at: at(2 * MINUTE) })).toBe(false);
      expect((await repo().byId(passkey.id))?.lastUsedAt).toEqual(at(MINUTE));
      expect(await repo().recordUse(randomUUID(), { previousCounter: 0, counter: 1, backedUp: false, at: T0 })).toBe(false);
      expect(await repo().recordUse('not-a-uuid', { previousCounter: 0, counter: 1, backedUp: false, at: T0 })).toBe(false);
    });

    it('lets exactly one of two concurrent uses with the same counter through', async () => {
      const member = await aMember();
      const passkey = aPasskey(member.id, { counter: 9 });
      await repo().create(passkey);
      const use = { previousCounter: 9, counter: 10, backedUp: true, at: at(MINUTE) };
      const results = await Promise.all([repo().recordUse(passkey.id, use), repo().recordUse(passkey.id, use)]);
      expect(results.sort()).toEqual([false, true]);
    });

    it('records uses of authenticators that always report 0', async () => {
      const member = await aMember();
      const passkey = aPasskey(member.id);
      await repo().create(passkey);
      expect(await repo().recordUse(passkey.id, { previousCounter: 0, counter: 0, backedUp: true, at: at(MINUTE) })).toBe(true);
      expect(await repo().recordUse(passkey.id, { previousCounter: 0, counter: 0, backedUp: true, at: at(2 * MINUTE) })).toBe(true);
      expect((await repo().byId(passkey.id))?.lastUsedAt).toEqual(at(2 * MINUTE));
    });

    it('hands out copies: changing an answer changes nothing stored', async () => {
      const member = await aMember();
      const passkey = aPasskey(member.id);
      await repo().create(passkey);
      passkey.publicKey[0] = passkey.publicKey[0]! ^ 0xff;
      passkey.transports.push('usb');
      const read = (await repo().byId(passkey.id))!;
      expect(read.publicKey[0]).toBe(passkey.publicKey[0]! ^ 0xff);
      expect(read.transports).toEqual(['internal', 'hybrid']);
      read.publicKey[1] = read.publicKey[1]! ^ 0xff;
      read.createdAt.setTime(0);
      const again = (await repo().listForUser(member.id))[0]!;
      expect(again.publicKey[1]).toBe(read.publicKey[1]! ^ 0xff);
      expect(again.createdAt).toEqual(T0);
    });

    if (backend.name !== 'memory') {
      it("goes with its member: deleting a member deletes the member's passkeys", async () => {
        // Only the databases can delete a member (the port has no delete); the foreign key cascades.
        const member = await aMember();
        const passkey = aPasskey(member.id);
        await repo().create(passkey);
        await opened.db!.deleteFrom('users').where('id', '=', member.id).execute();
        expect(await repo().byId(passkey.id)).toBeNull();
        expect(await repo().countForUser(member.id)).toBe(0);
      });
    }
  });
}
