/**
 * A fresh database per test file: a new PostgreSQL database on the TEST_DATABASE_URL server
 * (dropped afterwards), or an in-memory PGlite when only the embedded database is available.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle, type DatabaseTarget } from '../../adapters/postgres/database';
import { postgresUrlForTests } from './infra';

export interface TestDatabase {
  target: DatabaseTarget;
  url: string | undefined;
  drop(): Promise<void>;
}

async function adminQuery(serverUrl: string, text: string) {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `olp_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString(), poolSize: 5 },
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** PostgreSQL when the tests have one, else embedded PGlite (in memory). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = await postgresUrlForTests();
  if (serverUrl) return createPostgresTestDatabase(serverUrl);
  return { target: { kind: 'embedded' }, url: undefined, drop: async () => undefined };
}

/** Both kinds the product runs on, for contract suites: PGlite always, PostgreSQL when available. */
export async function databaseTargets(): Promise<{ name: string; make: () => Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> }[]> {
  const targets = [
    {
      name: 'pglite',
      make: async () => {
        const handle = createDatabase({ kind: 'embedded' });
        return { handle, drop: () => handle.close() };
      },
    },
  ];
  const serverUrl = await postgresUrlForTests();
  if (serverUrl) {
    targets.push({
      name: 'postgresql',
      make: async () => {
        const test = await createPostgresTestDatabase(serverUrl);
        const handle = createDatabase(test.target);
        return {
          handle,
          drop: async () => {
            await handle.close();
            await test.drop();
          },
        };
      },
    });
  }
  return targets;
}
