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
import { isAppError } from '../../domain/shared/errors';
import { printableUrl } from '../config';
import { errorReason, StartError } from '../start-error';
import type { Database } from './schema';
import { reportingUnavailable } from './unavailable';

// int8 (bigint, count(*)) as numbers, the same as PGlite answers them; ids stay well below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export type DatabaseTarget = { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'embedded'; dir?: string };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'embedded';
  ping(): Promise<boolean>;
  /** Resolves when the database answers a query; else rejects with a StartError naming DATABASE_URL (or DATA_DIR). */
  check(): Promise<void>;
  migrate(): Promise<MigrationResultSet>;
  close(): Promise<void>;
}

/** pg's errors sent by the server carry a severity; anything else never reached a server that answered. */
const isServerAnswer = (error: unknown) => error instanceof Error && typeof (error as { severity?: unknown }).severity === 'string';

/** What the driver said, under the STORAGE_UNAVAILABLE that reports it to clients: the start's one line names the real reason. */
const driverError = (error: unknown): unknown => (isAppError(error) && error.code === 'STORAGE_UNAVAILABLE' ? error.cause : error);

/** The database cannot be used: names DATABASE_URL (or DATA_DIR for the embedded one), where it points and why. */
function unavailable(target: DatabaseTarget, thrown: unknown): StartError {
  const error = driverError(thrown);
  if (target.kind === 'postgres') {
    const reason = isServerAnswer(error) ? `PostgreSQL refused the connection: ${errorReason(error)}` : `PostgreSQL does not answer: ${errorReason(error)}`;
    return new StartError('DATABASE_URL', printableUrl(target.url), reason, { cause: error });
  }
  return new StartError('DATA_DIR', target.dir ?? 'in memory', `the embedded database cannot be opened: ${errorReason(error)}`, { cause: error });
}

export function createDatabase(target: DatabaseTarget): DatabaseHandle {
  let db: Kysely<Database>;
  let closeDriver: () => Promise<void>;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, connectionTimeoutMillis: 5000 });
    // An idle client's error (the server restarted) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    // A database that cannot be reached answers STORAGE_UNAVAILABLE (unavailable.ts), on either driver.
    db = new Kysely<Database>({ dialect: reportingUnavailable(new PostgresDialect({ pool })) });
    closeDriver = async () => undefined; // Kysely's destroy ends the pool.
  } else {
    try {
      if (target.dir) mkdirSync(target.dir, { recursive: true });
    } catch (error) {
      throw unavailable(target, error);
    }
    const pglite = new PGlite(target.dir);
    db = new Kysely<Database>({ dialect: reportingUnavailable(new PGliteDialect(pglite)) });
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
    async check() {
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        throw unavailable(target, error);
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
    const reason = errorReason(driverError(result.error));
    // No migration ran (the connection or the migration lock failed first): say so, name none.
    throw new Error(failed ? `Migration ${failed.migrationName} failed: ${reason}` : `Migrations could not run: ${reason}`, { cause: result.error });
  }
  return result;
}
