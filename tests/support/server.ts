/**
 * A real server on 127.0.0.1 for the API suites: a fresh database, the test Redis (isolated by a
 * random key prefix) when TEST_REDIS_URL is set, and the same composition root as production.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compose, type ComposeOptions, type Services } from '../../adapters/compose';
import { loadConfig } from '../../adapters/config';
import { startHttpServer } from '../../adapters/server';
import { createTestDatabase } from './database';
import { redisUrlForTests } from './infra';

export interface TestServer {
  url: string;
  services: Services;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

export async function startTestServer(env: Record<string, string> = {}, options: ComposeOptions & { clientDir?: string } = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'olp-api-'));
  const database = await createTestDatabase();
  const redisUrl = await redisUrlForTests();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...env,
  });
  const services = compose(config, { ...options, namespace: `t${randomBytes(4).toString('hex')}` });
  await services.database.migrate();
  const http = await startHttpServer(services, { clientDir: options.clientDir ?? path.join(dataDir, 'no-client') });
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    async close() {
      await http.stop();
      await services.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
