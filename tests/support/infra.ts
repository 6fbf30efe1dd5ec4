/**
 * Where the integration suites find their real peers (docs/architecture.md §4-5):
 * 1. TEST_DATABASE_URL / TEST_REDIS_URL when set: they must answer (fail, never skip);
 * 2. else testcontainers when a Docker engine answers;
 * 3. else null: the suites run against the embedded adapters only, with one printed notice.
 */
import pg from 'pg';
import { Redis } from 'ioredis';

const notices = new Set<string>();
function noticeOnce(text: string) {
  if (notices.has(text)) return;
  notices.add(text);
  console.warn(`[tests] ${text}`);
}

let pgPromise: Promise<string | null> | undefined;
let redisPromise: Promise<string | null> | undefined;

async function assertPostgres(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer at it: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function assertRedis(url: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`TEST_REDIS_URL is set but Redis does not answer at it: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
}

async function fromContainer(kind: 'postgres' | 'redis'): Promise<string | null> {
  try {
    if (kind === 'postgres') {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:15-alpine').start();
      return container.getConnectionUri();
    }
    const { RedisContainer } = await import('@testcontainers/redis');
    const container = await new RedisContainer('redis:7-alpine').start();
    return container.getConnectionUrl();
  } catch {
    return null;
  }
}

/** A PostgreSQL URL for the contract and API suites, or null when only the embedded database is available. */
export function postgresUrlForTests(): Promise<string | null> {
  pgPromise ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      await assertPostgres(url);
      return url;
    }
    const fromDocker = await fromContainer('postgres');
    if (fromDocker) return fromDocker;
    if (process.env.CI === 'true') throw new Error('CI=true but neither TEST_DATABASE_URL nor a Docker engine gives a PostgreSQL');
    noticeOnce('No TEST_DATABASE_URL and no Docker engine: PostgreSQL suites are not exercised, only the embedded database (PGlite).');
    return null;
  })();
  return pgPromise;
}

/** A Redis URL for the contract and API suites, or null when only the in-process twins are available. */
export function redisUrlForTests(): Promise<string | null> {
  redisPromise ??= (async () => {
    const url = process.env.TEST_REDIS_URL;
    if (url) {
      await assertRedis(url);
      return url;
    }
    const fromDocker = await fromContainer('redis');
    if (fromDocker) return fromDocker;
    if (process.env.CI === 'true') throw new Error('CI=true but neither TEST_REDIS_URL nor a Docker engine gives a Redis');
    noticeOnce('No TEST_REDIS_URL and no Docker engine: Redis suites are not exercised, only the in-process twins.');
    return null;
  })();
  return redisPromise;
}
