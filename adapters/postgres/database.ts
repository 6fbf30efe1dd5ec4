/**
 * Kysely over `pg` when DATABASE_URL is set, over embedded PGlite (file-backed in DATA_DIR) when
 * not. Both run the same migrations (migrations/) and the same queries.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationResultSet } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from '../../migrations';
import type { Database } from './schema';

// int8 (bigint, count(*)) as numbers, the same as PGlite answers them; ids stay well below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export type DatabaseTarget = { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'embedded'; dir?: string };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'embedded';
  ping(): Promise<boolean>;
  migrate(): Promise<MigrationResultSet>;
  close(): Promise<void>;
}

export function createDatabase(target: DatabaseTarget): DatabaseHandle {
  let db: Kysely<Database>;
  let closeDriver: () => Promise<void>;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, connectionTimeoutMillis: 5000 });
    // An idle client's error (the server restarted) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    closeDriver = async () => undefined; // Kysely's destroy ends the pool.
  } else {
    if (target.dir) mkdirSync(target.dir, { recursive: true });
    const pglite = new PGlite(target.dir);
    db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    closeDriver = async () => {
      if (!pglite.closed) await pglite.close();
    };
  }
  return {
    db,
    kind: target.kind,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    migrate: () => migrateToLatest(db),
    async close() {
      await db.destroy();
      await closeDriver();
    },
  };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${(result.error as Error).message}`, { cause: result.error });
  }
  return result;
}
