/**
 * The entrypoint: `npm start` (API, client and workers in one process) or `npm run start:api`
 * (`--role=api`: API only, workers run elsewhere with `npm run start:worker`). Anything that stops
 * the start (a bad variable, a database that does not answer, a port in use) is one line on stderr.
 */
import { compose } from '../adapters/compose';
import { describeConfig, loadConfig } from '../adapters/config';
import { seedDemoDataIfEmpty } from '../scripts/seed/demo';
import { startHttpServer } from '../adapters/server';
import { checkBackingServices, failureLine } from '../adapters/startup';
import { startWorkers } from '../workers/runtime';

const role = process.argv.includes('--role=api') ? 'api' : 'all';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const services = compose(config);
  const { logger } = services;
  logger.info({ role, ...describeConfig(config) }, 'starting');
  await checkBackingServices(services);
  await services.database.migrate();
  if (config.seedDemoData && config.env !== 'production') await seedDemoDataIfEmpty(services);
  // Listening comes before the workers, so a port in use stops the start before any job runs.
  const http = await startHttpServer(services, { clientDir: services.config.clientDir });
  const workers = role === 'all' ? startWorkers(services) : undefined;
  // The socket's own address: what HOST and PORT really gave, which APP_URL (a public origin) need not name.
  logger.info({ url: config.appUrl, listening: http.bound, startupMs: Date.now() - started }, `listening on ${http.bound}, serving ${config.appUrl}`);

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    await http.stop();
    await workers?.stop();
    await services.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(failureLine(error, 'start'));
  process.exit(1);
});
