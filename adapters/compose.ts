/**
 * The composition root: config -> adapters -> use cases. Used by the API, the workers and the API
 * tests. It never falls back to a fake silently: the embedded default is a documented choice made
 * from config, and the log says which adapters are in use.
 */
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { productEvents } from '../application/events';
import { eventRegistry, type EventDefinition, type EventRegistry, type OutboxSignal, type OutboxStore, type ProcessedEvents } from '../application/ports/outbox';
import type { UnitOfWork } from '../application/ports/unit-of-work';
import { inProcessOutboxSignal } from './memory/outbox';
import { postgresOutboxStore, postgresProcessedEvents } from './postgres/outbox';
import type { Database } from './postgres/schema';
import { postgresUnitOfWork } from './postgres/unit-of-work';
import type { AppConfig } from '../domain/shared/app-config';
import type { AuthDeps } from '../application/auth/deps';
import type { Clock } from '../application/ports/clock';
import type { Mailer } from '../application/ports/mailer';
import type { RateLimiter } from '../application/ports/rate-limiter';
import { PRODUCT_NAME } from '../domain/shared/product';
import type { JobFailure, JobQueue } from '../application/ports/job-queue';
import type { KeyValueStore } from '../application/ports/key-value-store';
import type { Config } from './config';
import { commonPasswords } from './crypto/common-passwords';
import { createPasswordHasher } from './crypto/password-hasher';
import { nodeSecrets } from './crypto/secrets';
import { createLogger, type Logger } from './logger';
import { createDevMailbox, type DevMailbox } from './mail/dev-mailbox';
import { createSmtpMailer } from './mail/smtp-mailer';
import { postgresAuditLog } from './postgres/auth/audit-log';
import { withRequestPlace } from './http/request-place';
import { uaDeviceNames } from './ua/device-names';
import { postgresMagicLinks } from './postgres/auth/magic-links';
import { postgresPasskeys } from './postgres/auth/passkeys';
import { postgresSessionCheck, postgresSessions } from './postgres/auth/sessions';
import { postgresSocialAccounts } from './postgres/auth/social-accounts';
import { postgresUsers } from './postgres/auth/users';
import { postgresContent } from './postgres/content/repository';
import { postgresCreators } from './postgres/content/creators';
import { postgresMediaAssets } from './postgres/content/media';
import { postgresProgress } from './postgres/content/progress';
import { accessPolicy } from '../application/content/access';
import type { ContentDeps } from '../application/content/deps';
import { createRateLimiter } from './rate-limit/flexible-rate-limiter';
import { createMemoryKeyValueStore } from './memory/key-value-store';
import { createOidcRelyingParty } from './oidc/relying-party';
import { createDatabase, type DatabaseHandle } from './postgres/database';
import { createBullMqQueue } from './queue/bullmq-queue';
import { createInProcessQueue } from './queue/in-process-queue';
import { failFastRedisOptions } from './redis/connection';
import { createRedisKeyValueStore } from './redis/key-value-store';
import { createWebAuthnRelyingParty } from './webauthn/relying-party';

export const systemClock: Clock = { now: () => new Date() };

export interface Ports {
  clock: Clock;
  kv: KeyValueStore;
  queue: JobQueue;
  mailer: Mailer;
  rateLimiter: RateLimiter;
}

/**
 * What an operation may reach, module by module: each module's own deps (its use cases take a
 * `Pick` of them), and the operators' few (the outbox, units of work, the configuration answer, the
 * key-value store behind Idempotency-Key). The request context carries these, never `Services`.
 */
export interface ModuleDeps {
  auth: AuthDeps;
  content: ContentDeps;
  ops: {
    clock: Ports['clock'];
    kv: Ports['kv'];
    outbox: Services['outbox'];
    unitOfWork: Services['unitOfWork'];
    appConfig(): AppConfig;
  };
}

export interface Services extends Ports {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  redis: Redis | undefined;
  /** Present when mail goes to the development mailbox instead of SMTP. */
  devMailbox: DevMailbox | undefined;
  auth: { deps: AuthDeps };
  content: { deps: ContentDeps };
  /** The outbox's registry of events, its store (relay, operators), the processed marks and this process's wake-up signal. */
  outbox: { events: EventRegistry; store: OutboxStore; processedEvents: ProcessedEvents; signal: OutboxSignal };
  /** A module's unit of work: its transactional repositories built on the transaction (application/ports/unit-of-work.ts). */
  unitOfWork<TxPorts extends object>(build: (trx: Kysely<Database>) => TxPorts): UnitOfWork<TxPorts>;
  appConfig(): AppConfig;
  /** The same deps, by module, as operations see them (the request context's `deps`). */
  modules: ModuleDeps;
  readiness(): Promise<{ database: boolean; redis: boolean | null }>;
  close(): Promise<void>;
}

export interface ComposeOptions {
  logger?: Logger;
  overrides?: Partial<Ports>;
  /** Prefix of every Redis key and queue name: lets test runs share one Redis without meeting. */
  namespace?: string;
  /** Outbox events beside the product's (tests and benchmarks register their own). */
  events?: readonly EventDefinition[];
}

export function compose(cfg: Config, options: ComposeOptions = {}): Services {
  const logger = options.logger ?? createLogger(cfg);
  const database = createDatabase(cfg.database.kind === 'postgres' ? cfg.database : { kind: 'embedded', dir: cfg.database.dir });
  const namespace = options.namespace ?? 'olp';
  const redis = cfg.redisUrl ? new Redis(cfg.redisUrl, { ...failFastRedisOptions, enableAutoPipelining: true, keyPrefix: `${namespace}:` }) : undefined;
  redis?.on('error', (error) => logger.warn({ err: error.message }, 'redis connection error'));
  const clock = options.overrides?.clock ?? systemClock;
  const kv = options.overrides?.kv ?? (redis ? createRedisKeyValueStore(redis) : createMemoryKeyValueStore());
  const logJobFailure = (f: JobFailure) =>
    logger[f.willRetry ? 'warn' : 'error']({ job: f.name, jobId: f.jobId, attempt: f.attempt, err: f.error }, f.willRetry ? 'job failed; will retry' : 'job failed for good');
  const devMailbox = cfg.smtp ? undefined : createDevMailbox((mail) => logger.info({ to: mail.to, subject: mail.subject, tag: mail.tag, text: cfg.env === 'development' ? mail.text : undefined }, 'mail kept in the dev mailbox'));
  const smtp = cfg.smtp ? createSmtpMailer(cfg.smtp) : undefined;
  const mailer = options.overrides?.mailer ?? smtp ?? devMailbox!;
  const rateLimiter = options.overrides?.rateLimiter ?? createRateLimiter(cfg.rateLimits, redis, clock);
  const { db } = database;
  const events = eventRegistry([...productEvents, ...(options.events ?? [])]);
  const outboxSignal = inProcessOutboxSignal();
  const unitOfWork = <TxPorts extends object>(build: (trx: Kysely<Database>) => TxPorts) =>
    postgresUnitOfWork(db, build, { events, notify: database.kind === 'postgres', signal: outboxSignal });
  const authDeps: AuthDeps = {
    clock,
    uow: unitOfWork((trx) => ({
      users: postgresUsers(trx),
      magicLinks: postgresMagicLinks(trx),
      sessions: postgresSessions(trx),
      passkeys: postgresPasskeys(trx),
      socialAccounts: postgresSocialAccounts(trx),
      audit: withRequestPlace(postgresAuditLog(trx)),
    })),
    secrets: nodeSecrets,
    kv,
    users: postgresUsers(db),
    magicLinks: postgresMagicLinks(db),
    sessions: postgresSessions(db),
    sessionCheck: postgresSessionCheck(db),
    audit: withRequestPlace(postgresAuditLog(db)),
    mailer,
    rateLimiter,
    passwords: createPasswordHasher(),
    commonPasswords,
    passkeys: postgresPasskeys(db),
    webauthn: createWebAuthnRelyingParty({ appUrl: cfg.appUrl, rpName: PRODUCT_NAME }),
    socialAccounts: postgresSocialAccounts(db),
    devices: uaDeviceNames,
    socialProviders: createOidcRelyingParty(cfg.oidcProviders, { allowHttpIssuers: cfg.env !== 'production' }),
    settings: { appUrl: cfg.appUrl, allowedAppOrigins: cfg.corsOrigins, magicLinkTtlSeconds: cfg.magicLinkTtlSeconds, magicLinkPaceSeconds: cfg.magicLinkPaceSeconds, adminEmails: cfg.adminEmails, productName: PRODUCT_NAME },
  };
  const queue = options.overrides?.queue ?? (cfg.redisUrl
      ? createBullMqQueue({ redisUrl: cfg.redisUrl, prefix: namespace, onFailure: logJobFailure, onError: (error) => logger.warn({ err: error }, 'job queue connection error') })
      : createInProcessQueue({ onFailure: logJobFailure }));

  const outbox = { events, store: postgresOutboxStore(db), processedEvents: postgresProcessedEvents(db), signal: outboxSignal };

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
      onboarding: { ...cfg.onboarding },
    },
  });

  // Purchases, subscriptions and classroom codes join the access policy as sources when they exist.
  const contentDeps: ContentDeps = { clock, content: postgresContent(db), creators: postgresCreators(db), media: postgresMediaAssets(db), progress: postgresProgress(db), access: accessPolicy([]) };
  return {
    config: cfg,
    logger,
    database,
    redis,
    clock,
    kv,
    queue,
    mailer,
    rateLimiter,
    devMailbox,
    auth: { deps: authDeps },
    content: { deps: contentDeps },
    outbox,
    unitOfWork,
    appConfig,
    modules: { auth: authDeps, content: contentDeps, ops: { clock, kv, outbox, unitOfWork, appConfig } },
    async readiness() {
      const [db, r] = await Promise.all([
        withTimeout(database.ping(), 2000),
        redis ? withTimeout(redis.ping().then((p) => p === 'PONG'), 2000) : Promise.resolve(null),
      ]);
      return { database: db === true, redis: r };
    },
    async close() {
      await queue.close().catch((error: unknown) => logger.warn({ err: error }, 'queue close failed'));
      smtp?.close();
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
