/**
 * What every entrypoint (`npm start`, `start:api`, `db:migrate`, `db:seed`) does before its work:
 * make sure the database (and Redis, when configured) answers, so a wrong DATABASE_URL stops the
 * start with one line naming it instead of a failure deep inside the first migration. And the one
 * line printed when anything stops a start.
 */
import type { Services } from './compose';
import { ConfigError } from './config';
import { checkRedis } from './redis/connection';
import { errorReason } from './start-error';

export async function checkBackingServices(services: Pick<Services, 'config' | 'database' | 'redis'>): Promise<void> {
  await services.database.check();
  if (services.redis && services.config.redisUrl) await checkRedis(services.redis, services.config.redisUrl);
}

/** The one line for a failed start: a configuration error as it is, anything else behind `Failed to <doing>:`. */
export function failureLine(error: unknown, doing: string): string {
  if (error instanceof ConfigError) return error.message;
  return `Failed to ${doing}: ${errorReason(error)}`;
}
