/**
 * The composition root: config -> adapters -> use cases. Used by the API, the workers and the API
 * tests. It never falls back to a fake silently: the embedded default is a documented choice made
 * from config, and the log says which adapters are in use.
 */
import { Redis } from 'ioredis';
import type { AppConfig } from '../domain/shared/app-config';
import type { Clock } from '../application/ports/clock';
import type { JobQueue } from '../application/ports/job-queue';
import type { KeyValueStore } from '../application/ports/key-value-store';
import type { Config } from './config';
import { createLogger, type Logger } from './logger';
import { createMemoryKeyValueStore } from './memory/key-value-store';
import { createDatabase, type DatabaseHandle } from './postgres/database';
import { createBullMqQueue } from './queue/bullmq-queue';
import { createInProcessQueue } from './queue/in-process-queue';
import { createRedisKeyValueStore } from './redis/key-value-store';

export const systemClock: Clock = { now: () => new Date() };

export interface Ports {
  clock: Clock;
  kv: KeyValueStore;
  queue: JobQueue;
}

export interface Services extends Ports {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  redis: Redis | undefined;
  appConfig(): AppConfig;
  readiness(): Promise<{ database: boolean; redis: boolean | null }>;
  close(): Promise<void>;
}

export interface ComposeOptions {
  logger?: Logger;
  overrides?: Partial<Ports>;
}

export function compose(cfg: Config, options: ComposeOptions = {}): Services {
  const logger = options.logger ?? createLogger(cfg);
  const database = createDatabase(cfg.database.kind === 'postgres' ? cfg.database : { kind: 'embedded', dir: cfg.database.dir });
  const redis = cfg.redisUrl ? new Redis(cfg.redisUrl, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false }) : undefined;
  redis?.on('error', (error) => logger.warn({ err: error.message }, 'redis connection error'));
  const clock = options.overrides?.clock ?? systemClock;
  const kv = options.overrides?.kv ?? (redis ? createRedisKeyValueStore(redis) : createMemoryKeyValueStore({ clock }));
  const queue = options.overrides?.queue ?? (cfg.redisUrl ? createBullMqQueue({ redisUrl: cfg.redisUrl, prefix: 'olp' }) : createInProcessQueue());

  const appConfig = (): AppConfig => ({
    bootstrap: { apiGatewayUrl: '', basePath: '' },
    dynamic: {
      corsOrigin: cfg.corsOrigins,
      featureFlags: { ...cfg.featureFlags },
      publicKeys: {
        placesBrowserKey: cfg.placesApiKey ?? null,
        crmPortalId: cfg.hubspot.portalId ?? null,
        stripePublishableKey: cfg.stripePublishableKey ?? null,
      },
      analytics: { analyticsId: cfg.analyticsId ?? null, crmPortalId: cfg.hubspot.portalId ?? null },
      aiConfig: { model: cfg.featureFlags.aiSearchEnabled ? (cfg.aiModel ?? null) : null, maxQueryLength: 500, maxResults: 20 },
      socialProviders: cfg.oidcProviders.map((p) => ({ id: p.id, name: p.name })),
      supportEmail: cfg.supportEmail,
      environment: cfg.env,
    },
  });

  return {
    config: cfg,
    logger,
    database,
    redis,
    clock,
    kv,
    queue,
    appConfig,
    async readiness() {
      const [db, r] = await Promise.all([
        withTimeout(database.ping(), 2000),
        redis ? withTimeout(redis.ping().then((p) => p === 'PONG'), 2000) : Promise.resolve(null),
      ]);
      return { database: db === true, redis: r };
    },
    async close() {
      await queue.close().catch((error: unknown) => logger.warn({ err: error }, 'queue close failed'));
      redis?.disconnect();
      await database.close();
    },
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.catch(() => false as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
