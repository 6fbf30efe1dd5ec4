/**
 * The entrypoint: `npm start` (API, client and workers in one process) or `npm run start:api`
 * (`--role=api`: API only, workers run elsewhere with `npm run start:worker`).
 */
import { compose } from './compose';
import { ConfigError, describeConfig, loadConfig } from './config';
import { seedDemoDataIfEmpty } from './postgres/seed';
import { startHttpServer } from './server';
import { startWorkers } from '../workers/runtime';

const role = process.argv.includes('--role=api') ? 'api' : 'all';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = Date.now();
  const services = compose(config);
  const { logger } = services;
  logger.info({ role, ...describeConfig(config) }, 'starting');
  await services.database.migrate();
  if (config.seedDemoData && config.env !== 'production') await seedDemoDataIfEmpty(services);
  const workers = role === 'all' ? startWorkers(services) : undefined;
  const http = await startHttpServer(services, { clientDir: services.config.clientDir });
  logger.info({ url: config.appUrl, listening: http.url, startupMs: Date.now() - started }, `ready on ${config.appUrl}`);

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
  console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
