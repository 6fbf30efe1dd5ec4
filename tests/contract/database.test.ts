/**
 * The embedded database (PGlite) and PostgreSQL run the same migrations and answer the same
 * queries the same way: the schemas they end with are identical, column by column and index by index.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../adapters/postgres/database';
import { migrations } from '../../migrations';
import { databaseTargets } from '../support/database';

const targets = await databaseTargets();

async function schemaOf(handle: DatabaseHandle) {
  const columns = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public' order by table_name, column_name`.execute(handle.db);
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`.execute(handle.db);
  const constraints = await sql<{ conname: string; contype: string; def: string }>`
    select c.conname, c.contype, pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public' order by c.conname`.execute(handle.db);
  return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows };
}

const schemas: Record<string, Awaited<ReturnType<typeof schemaOf>>> = {};

for (const target of targets) {
  describe(`database [${target.name}]`, () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ handle, drop } = await target.make());
    }, 60_000);
    afterAll(async () => drop());

    it('runs every migration, and a second run applies nothing', async () => {
      const first = await handle.migrate();
      expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(Object.keys(migrations).map((name) => [name, 'Success']));
      const second = await handle.migrate();
      expect(second.results).toEqual([]);
      schemas[target.name] = await schemaOf(handle);
    });

    it('answers pings', async () => {
      expect(await handle.ping()).toBe(true);
    });

    it('round-trips an outbox row with JSON, defaults, bigint ids as numbers and counts as numbers', async () => {
      const inserted = await handle.db
        .insertInto('outbox')
        .values({ type: 'test.event', payload: JSON.stringify({ orderId: 'o-1', n: 3, nested: { ok: true } }) })
        .returning(['id', 'created_at', 'attempts'])
        .executeTakeFirstOrThrow();
      expect(typeof inserted.id).toBe('number');
      expect(inserted.created_at).toBeInstanceOf(Date);
      expect(inserted.attempts).toBe(0);
      const row = await handle.db.selectFrom('outbox').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
      expect(row.payload).toEqual({ orderId: 'o-1', n: 3, nested: { ok: true } });
      expect(row.delivered_at).toBeNull();
      const { count } = await handle.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      expect(count).toBe(1);
    });

    it('rolls a failed transaction back', async () => {
      await expect(
        handle.db.transaction().execute(async (tx) => {
          await tx.insertInto('outbox').values({ type: 'rolled.back', payload: '{}' }).execute();
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      const rows = await handle.db.selectFrom('outbox').select('id').where('type', '=', 'rolled.back').execute();
      expect(rows).toEqual([]);
    });
  });
}

// Compared only where both run (PostgreSQL available); otherwise there is nothing to compare.
if (targets.length > 1) describe('both databases', () => {
  it('end with the same schema', () => {
    expect(schemas.pglite).toBeDefined();
    expect(schemas.postgresql).toEqual(schemas.pglite);
  });
});
