/** `npm run start:worker`: the jobs and the outbox relay only, for deployments where API and workers scale apart. */
import { compose } from '../adapters/compose';
import { ConfigError, describeConfig, loadConfig } from '../adapters/config';
import { requireNoEviction } from '../adapters/queue/redis-policy';
import { checkBackingServices, failureLine } from '../adapters/startup';
import { startWorkers } from '../workers/runtime';
import { stopOnSignals } from '../workers/shutdown';

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
  // A wrong DATABASE_URL or REDIS_URL, or a Redis that may evict jobs, stops the start with one line naming it.
  await checkBackingServices(services);
  await requireNoEviction(services.redis!, config.redisUrl);
  await services.database.migrate();
  const workers = startWorkers(services);
  await workers.ready;
  services.logger.info({ role: 'worker' }, 'worker ready');
  stopOnSignals(
    async () => {
      await workers.stop();
      await services.close();
    },
    { graceMs: config.shutdownGraceMs, log: (message, fields) => services.logger.info(fields ?? {}, message) },
  );
}

main().catch((error: unknown) => {
  console.error(failureLine(error, 'start'));
  process.exit(1);
});
