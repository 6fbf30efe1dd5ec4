/**
 * Passkeys in PostgreSQL (table `passkeys`, migrations/0004_passkeys.ts). The memory twin is
 * adapters/memory/auth/passkeys.ts; tests/contract/passkeys.test.ts holds both to one contract.
 */
import type { Kysely, Selectable } from 'kysely';
import type { PasskeyRepository } from '../../../application/ports/passkeys';
import type { Passkey } from '../../../domain/auth/passkey';
import type { Database, PasskeysTable } from '../schema';
import { isUuid } from '../uuid';

const toPasskey = (row: Selectable<PasskeysTable>): Passkey => ({
  id: row.id,
  userId: row.user_id,
  credentialId: row.credential_id,
  // pg answers a Buffer, PGlite a Uint8Array: the port speaks plain Uint8Array.
  publicKey: new Uint8Array(row.public_key),
  counter: Number(row.counter),
  transports: [...row.transports],
  deviceType: row.device_type,
  backedUp: row.backed_up,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export function postgresPasskeys(db: Kysely<Database>): PasskeyRepository {
  return {
    async create(passkey) {
      const inserted = await db
        .insertInto('passkeys')
        .values({
          id: passkey.id,
          user_id: passkey.userId,
          credential_id: passkey.credentialId,
          public_key: Buffer.from(passkey.publicKey),
          counter: passkey.counter,
          transports: [...passkey.transports],
          device_type: passkey.deviceType,
          backed_up: passkey.backedUp,
          name: passkey.name,
          created_at: passkey.createdAt,
          last_used_at: passkey.lastUsedAt,
        })
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted ? 'created' : 'duplicate';
    },

    async byId(id) {
      if (!isUuid(id)) return null;
      const row = await db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toPasskey(row) : null;
    },

    async byCredentialId(credentialId) {
      const row = await db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
      return row ? toPasskey(row) : null;
    },

    async listForUser(userId) {
      if (!isUuid(userId)) return [];
      const rows = await db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
      return rows.map(toPasskey);
    },

    async countForUser(userId) {
      if (!isUuid(userId)) return 0;
      const row = await db.selectFrom('passkeys').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async rename(userId, id, name) {
      if (!isUuid(userId) || !isUuid(id)) return null;
      const row = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
      return row ? toPasskey(row) : null;
    },

    async remove(userId, id) {
      if (!isUuid(userId) || !isUuid(id)) return false;
      const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async removeAllForUser(userId) {
      if (!isUuid(userId)) return 0;
      const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async recordUse(id, use) {
      if (!isUuid(id)) return false;
      const result = await db
        .updateTable('passkeys')
        .set({ counter: use.counter, backed_up: use.backedUp, last_used_at: use.at })
        .where('id', '=', id)
        .where('counter', '=', use.previousCounter)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
