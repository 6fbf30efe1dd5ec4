/** `npm run start:worker`: job processors only, for deployments where API and workers scale apart. */
import { compose } from '../adapters/compose';
import { ConfigError, describeConfig, loadConfig } from '../adapters/config';
import { checkBackingServices, failureLine } from '../adapters/startup';
import { startWorkers } from './runtime';

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
  if (!config.redisUrl) {
    console.error('Invalid configuration: REDIS_URL is required for a separate worker process (without it, npm start runs the workers in the API process)');
    process.exit(1);
  }
  const services = compose(config);
  services.logger.info({ role: 'worker', ...describeConfig(config) }, 'starting');
  // A wrong DATABASE_URL or REDIS_URL stops the start with one line naming it, as the API's does.
  await checkBackingServices(services);
  await services.database.migrate();
  const workers = startWorkers(services);
  const shutdown = async () => {
    await workers.stop();
    await services.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(failureLine(error, 'start'));
  process.exit(1);
});
