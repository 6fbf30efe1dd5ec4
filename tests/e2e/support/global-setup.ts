/**
 * Starts the real server for the browser tests: `npx tsx main/api.ts` on a free port, in test
 * mode, with a fresh data directory (embedded PostgreSQL unless TEST_DATABASE_URL is set, then a fresh
 * database on that server; in-process
 * queues unless TEST_REDIS_URL is set), and waits until /readyz answers. The returned teardown stops
 * it and removes the directory.
 *
 * Beside it: the SMTP sink for sign-in mails, and a real OpenID provider (tests/support/oidc-provider.ts)
 * configured as the social provider `testid` ("Test ID"). The provider runs in this process while the
 * tests run in workers, so it shows a login page where the browser types who signs in
 * (`{ login: 'form' }`): each test picks its own account, and parallel tests never share a choice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { createPostgresTestDatabase, type TestDatabase } from '../../support/database';
import { startOidcProvider } from '../../support/oidc-provider';
import { E2E_ADMIN_EMAIL, E2E_MEMBERS_ADMIN_EMAIL } from './admin';
import { startE2eMailSink } from './smtp-sink';
import { E2E_SOCIAL_PROVIDER } from './social-provider';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const READY_TIMEOUT_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => killGroup(server.pid!, 'SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    killGroup(server.pid!, 'SIGTERM');
  });
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    // The server runs in its own process group (npx -> tsx -> node): end all of it.
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export default async function globalSetup(_config: FullConfig) {
  if (process.env.E2E_BASE_URL) return undefined;
  // E2E_CLIENT_DIR: a client built elsewhere (`npx vite build --config web/vite.config.ts --outDir …`).
  const clientDir = process.env.E2E_CLIENT_DIR ? path.resolve(process.env.E2E_CLIENT_DIR) : path.join(repoRoot, 'web/dist');
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(`The client is not built in ${clientDir}: run \`npm run build\` first (\`npm run test:e2e\` does).`);
  }

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  // Sign-in mails go over real SMTP to a sink the tests read; every test asks for links from
  // 127.0.0.1, so the per-IP magic-link limit is raised well above what the suite spends.
  const mail = await startE2eMailSink();
  // The redirect URI registered at the provider is exactly the app's callback (APP_URL defaults to
  // http://localhost:<port>, the address the browser uses).
  const oidc = await startOidcProvider({ login: 'form' });
  await oidc.registerClient([`${baseUrl}/api/auth/connect/${E2E_SOCIAL_PROVIDER.id}/callback`]);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    SMTP_URL: mail.smtpUrl,
    RATE_LIMIT_MAGIC_LINK_POINTS: '1000',
    RATE_LIMIT_MAGIC_LINK_IP_POINTS: '1000',
    // Every test registers and signs in from 127.0.0.1: the per-IP password limit would be spent.
    RATE_LIMIT_PASSWORD_POINTS: '1000',
    RATE_LIMIT_PASSWORD_IP_POINTS: '1000',
    OIDC_TESTID_ISSUER: oidc.issuer,
    OIDC_TESTID_CLIENT_ID: oidc.clientId,
    OIDC_TESTID_CLIENT_SECRET: oidc.clientSecret,
    OIDC_TESTID_NAME: E2E_SOCIAL_PROVIDER.name,
    // The admin content and member tests sign in as these addresses, which sign-in makes ADMIN.
    ADMIN_EMAILS: `${E2E_ADMIN_EMAIL},${E2E_MEMBERS_ADMIN_EMAIL}`,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // A database of its own on the test server, dropped afterwards: whatever an earlier run or another
  // checkout left in the shared database (other migrations, rows) can never meet this run.
  let database: TestDatabase | undefined;
  if (process.env.TEST_DATABASE_URL) {
    database = await createPostgresTestDatabase(process.env.TEST_DATABASE_URL);
    env.DATABASE_URL = database.url;
  }
  if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;

  let log = '';
  const server = spawn('npx', ['tsx', 'main/api.ts'], { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);

  const teardown = async () => {
    await stop(server);
    await mail.close();
    await oidc.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, server, () => log);
  } catch (error) {
    await teardown();
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_INBOX_URL = mail.inboxUrl;
  return teardown;
}
