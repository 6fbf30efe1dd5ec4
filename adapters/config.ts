/**
 * Reads and validates the environment once (docs/architecture.md §3). A bad value stops the start with
 * one clear line naming the variable; secrets are kept out of anything that is logged.
 * One file on purpose, though past 300 lines: every variable, its default and its check side by
 * side, in the order of the README's configuration table, so the two are read and changed together.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { onboardingConfigSchema, type OnboardingConfig } from '../domain/onboarding/config';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optionalString = z
  .string()
  .transform((v) => v.trim())
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlWith = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `must be a URL (${protocols.join(' or ')})`);

const origin = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === v.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'must be an origin such as https://example.org (scheme, host and optional port, no path)')
  .transform((v) => v.replace(/\/$/, ''));

/** An origin a Content-Security-Policy can name exactly: a plain host name or IP, no wildcard. */
const exactOrigin = origin.refine(
  (v) => /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(new URL(v).hostname),
  'must be an origin such as https://example.org with a plain host name (no wildcard)',
);

const port = z.coerce
  .number({ message: 'must be a whole number from 1 to 65535' })
  .int('must be a whole number from 1 to 65535')
  .min(1, 'must be a whole number from 1 to 65535')
  .max(65535, 'must be a whole number from 1 to 65535');

const positiveInt = z.coerce.number().int('must be a whole number').positive('must be greater than 0');

/**
 * Rate-limit defaults per limit: points allowed per window (seconds), each read from
 * RATE_LIMIT_<LIMIT>_POINTS and RATE_LIMIT_<LIMIT>_WINDOW_SECONDS (domain/auth/README.md "Rate
 * limits"). The per-network limits (`*-ip`, passkey, check-email) fit a classroom of 40 behind one
 * school network, each signing in about twice, and still refuse a flood; the per-address ones are
 * one member's.
 */
export const RATE_LIMIT_ACTIONS = ['magic-link', 'magic-link-ip', 'password', 'password-ip', 'passkey', 'check-email'] as const;
export type RateLimitAction = (typeof RATE_LIMIT_ACTIONS)[number];
const RATE_LIMIT_DEFAULTS: Record<RateLimitAction, { points: number; windowSeconds: number }> = {
  /** An address, as asked for by one network. */
  'magic-link': { points: 5, windowSeconds: 900 },
  'magic-link-ip': { points: 100, windowSeconds: 900 },
  /** An address, whoever asks (password guesses at one member). */
  password: { points: 10, windowSeconds: 900 },
  'password-ip': { points: 100, windowSeconds: 900 },
  passkey: { points: 100, windowSeconds: 900 },
  'check-email': { points: 100, windowSeconds: 600 },
};

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production'], { message: 'must be development, test or production' }).default('development'),
  PORT: port.default(3000),
  HOST: optionalString,
  APP_URL: optionalString.pipe(urlWith(['http:', 'https:']).optional()),
  DATA_DIR: optionalString,
  CLIENT_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(urlWith(['postgres:', 'postgresql:']).optional()),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  REDIS_URL: optionalString.pipe(urlWith(['redis:', 'rediss:']).optional()),
  SMTP_URL: optionalString.pipe(urlWith(['smtp:', 'smtps:']).optional()),
  MAIL_FROM: optionalString,
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.pipe(urlWith(['http:', 'https:']).optional()),
  HUBSPOT_ACCESS_TOKEN: optionalString,
  HUBSPOT_BASE_PATH: optionalString.pipe(urlWith(['http:', 'https:']).optional()),
  HUBSPOT_PORTAL_ID: optionalString,
  ANALYTICS_ID: optionalString,
  ADMIN_EMAILS: optionalString,
  CORS_ORIGINS: optionalString,
  FEATURE_NEW_ADMIN_UI: bool.default(false),
  FEATURE_AI_SEARCH: bool.default(false),
  AI_MODEL: optionalString,
  PLACES_API_KEY: optionalString,
  MEDIA_HOSTS: optionalString,
  // Onboarding's show and skip flags; unset takes spec 000 §4's default (domain/onboarding/config.ts).
  ONBOARDING_SHOW_WELCOME: bool.optional(),
  ONBOARDING_SHOW_PREFERENCES: bool.optional(),
  ONBOARDING_SHOW_FEATURES: bool.optional(),
  ONBOARDING_SKIP_PROFILE: bool.optional(),
  ONBOARDING_SKIP_PREFERENCES: bool.optional(),
  ONBOARDING_SKIP_FEATURES: bool.optional(),
  SUPPORT_EMAIL: optionalString.pipe(z.email('must be an e-mail address').optional()),
  MAGIC_LINK_TTL_SECONDS: positiveInt.default(900),
  MAGIC_LINK_PACE_SECONDS: positiveInt.default(60),
  TRUSTED_PROXIES: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i, 'must be a size such as 100kb or 6mb').default('6mb'),
  SHUTDOWN_GRACE_MS: positiveInt.default(10_000),
  OUTBOX_MAX_ATTEMPTS: positiveInt.default(10),
  OUTBOX_LEASE_SECONDS: positiveInt.default(60),
  OUTBOX_POLL_MS: positiveInt.default(1_000),
  SEED_DEMO_DATA: bool.default(true),
});

export interface OidcProviderConfig {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string | undefined;
  appUrl: string;
  appOrigin: string;
  dataDir: string;
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'embedded'; dir: string };
  redisUrl: string | undefined;
  smtp: { url: string; from: string } | undefined;
  mailFrom: string;
  sessionSecret: string;
  stripe: { secretKey: string; publishableKey: string | undefined; webhookSecret: string | undefined; apiBase: string | undefined } | undefined;
  stripePublishableKey: string | undefined;
  hubspot: { accessToken: string | undefined; basePath: string | undefined; portalId: string | undefined };
  analyticsId: string | undefined;
  adminEmails: string[];
  corsOrigins: string[];
  featureFlags: { newAdminUI: boolean; aiSearchEnabled: boolean };
  aiModel: string | undefined;
  placesApiKey: string | undefined;
  /** Origins other than APP_URL that serve audio, video, subtitles and images (the CSP's media-src and img-src). */
  mediaHosts: string[];
  onboarding: OnboardingConfig;
  supportEmail: string;
  magicLinkTtlSeconds: number;
  /** Least time between two mails to one address asked for by different networks (domain/auth/README.md "Magic links"). */
  magicLinkPaceSeconds: number;
  rateLimits: Record<RateLimitAction, { points: number; windowSeconds: number }>;
  trustedProxies: string[];
  oidcProviders: OidcProviderConfig[];
  logLevel: string;
  bodyLimit: string;
  shutdownGraceMs: number;
  /** Outbox delivery (workers/README.md): failed attempts before a row is parked, a claim's lease, the relay's longest sleep. */
  outbox: { maxAttempts: number; leaseMs: number; pollMs: number };
  seedDemoData: boolean;
  /** The built client served at `/` (default web/dist); tests and deployments may point elsewhere. */
  clientDir: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, readonly problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

const SECRET_NAMES = /SECRET|TOKEN|PASSWORD|KEY|SMTP_URL|DATABASE_URL|REDIS_URL/i;

/** Formats a value for an error line without ever echoing a secret. */
function describeValue(name: string, value: string | undefined) {
  if (value === undefined) return '';
  if (SECRET_NAMES.test(name)) return ' (value hidden)';
  return ` (got "${value.length > 60 ? `${value.slice(0, 57)}...` : value}")`;
}

/** The names express (proxy-addr) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Why an entry of TRUSTED_PROXIES is not one express accepts, or undefined when it is: a range
 * name, an IP address, or an address with a prefix length (`10.0.0.0/8`, `fd00::/8`) or an IPv4
 * netmask (`10.0.0.0/255.0.0.0`). Checked here so a bad list stops the start with one line instead
 * of an exception from express. Zone ids (`fe80::1%eth0`) are refused: not every parser reads them.
 * tests/unit/config.test.ts checks, as a property, that express accepts whatever passes here.
 */
function trustedProxyProblem(entry: string): string | undefined {
  if (PROXY_RANGE_NAMES.has(entry)) return undefined;
  const slash = entry.lastIndexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = address.includes('%') ? 0 : isIP(address);
  if (family === 0) return 'must be loopback, linklocal, uniquelocal or IP addresses with an optional /prefix';
  // Express reads an IPv6 address with a dotted IPv4 tail in the mapped form only.
  if (family === 6 && address.includes('.') && !/^::ffff:[\d.]+$/i.test(address)) return 'has an IPv6 address with an IPv4 tail other than ::ffff:a.b.c.d';
  if (slash === -1) return undefined;
  const range = entry.slice(slash + 1);
  const max = family === 6 ? 128 : 32;
  if (/^\d+$/.test(range)) {
    const bits = Number.parseInt(range, 10);
    return bits >= 1 && bits <= max ? undefined : `has a prefix length outside 1 to ${max}`;
  }
  if (family === 4 && isIP(range) === 4) {
    const mask = range.split('.').reduce((bits, octet) => bits + Number.parseInt(octet, 10).toString(2).padStart(8, '0'), '');
    return /^1+0*$/.test(mask) ? undefined : 'has a netmask that is not a run of leading ones';
  }
  return 'has a range that is neither a prefix length nor an IPv4 netmask';
}

function parseTrustedProxies(raw: string | undefined): string[] {
  const entries = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    const problem = trustedProxyProblem(entry);
    if (problem) throw new ConfigError('TRUSTED_PROXIES', `${problem}${describeValue('TRUSTED_PROXIES', entry)}`);
  }
  return entries;
}

function parseRateLimits(env: NodeJS.ProcessEnv) {
  const limits = structuredClone(RATE_LIMIT_DEFAULTS);
  for (const action of RATE_LIMIT_ACTIONS) {
    const stem = `RATE_LIMIT_${action.toUpperCase().replace(/-/g, '_')}`;
    for (const [suffix, field] of [['_POINTS', 'points'], ['_WINDOW_SECONDS', 'windowSeconds']] as const) {
      const name = stem + suffix;
      const raw = env[name];
      if (raw === undefined || raw.trim() === '') continue;
      const parsed = positiveInt.safeParse(raw);
      if (!parsed.success) throw new ConfigError(name, `${parsed.error.issues[0]?.message ?? 'is invalid'}${describeValue(name, raw)}`);
      limits[action][field] = parsed.data;
    }
  }
  return limits;
}

/** OIDC_<ID>_ISSUER, OIDC_<ID>_CLIENT_ID, OIDC_<ID>_CLIENT_SECRET and optional OIDC_<ID>_NAME per provider. */
function parseOidcProviders(env: NodeJS.ProcessEnv): OidcProviderConfig[] {
  const ids = new Set<string>();
  for (const name of Object.keys(env)) {
    const m = /^OIDC_([A-Z0-9]+)_(ISSUER|CLIENT_ID|CLIENT_SECRET|NAME)$/.exec(name);
    if (m?.[1]) ids.add(m[1]);
  }
  return [...ids].sort().map((upper) => {
    const get = (k: string) => env[`OIDC_${upper}_${k}`]?.trim() || undefined;
    const issuer = get('ISSUER');
    const clientId = get('CLIENT_ID');
    const clientSecret = get('CLIENT_SECRET');
    for (const [k, v] of [['ISSUER', issuer], ['CLIENT_ID', clientId], ['CLIENT_SECRET', clientSecret]] as const) {
      if (!v) throw new ConfigError(`OIDC_${upper}_${k}`, 'is required when another OIDC_' + upper + '_* variable is set');
    }
    if (!urlWith(['http:', 'https:']).safeParse(issuer).success) throw new ConfigError(`OIDC_${upper}_ISSUER`, `must be a URL (http: or https:)${describeValue('ISSUER', issuer)}`);
    const id = upper.toLowerCase();
    return { id, name: get('NAME') ?? id.charAt(0).toUpperCase() + id.slice(1), issuer: issuer!, clientId: clientId!, clientSecret: clientSecret! };
  });
}

function sessionSecretFor(env: 'development' | 'test' | 'production', given: string | undefined, dataDir: string) {
  if (given) return given;
  if (env === 'production') throw new ConfigError('SESSION_SECRET', 'is required when NODE_ENV=production');
  // Development and tests: generated once into DATA_DIR so sessions survive a restart.
  try {
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'session-secret');
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (error) {
    throw new ConfigError('DATA_DIR', `cannot hold the generated session secret (${(error as NodeJS.ErrnoException).code ?? 'unknown error'} at ${dataDir}); make it writable or set SESSION_SECRET`);
  }
}

/** A service URL as it may be printed: the password masked, the query (which may hold one) left out. */
export function printableUrl(url: string): string {
  try {
    const printable = new URL(url);
    if (printable.password) printable.password = '***';
    printable.search = '';
    return printable.toString();
  } catch {
    return '(unreadable URL)';
  }
}

/**
 * The environment without its empty variables: `FOO=` means FOO is unset, as `${FOO:-}` in
 * docker-compose.yml gives every variable the deployment does not set.
 */
function withoutEmptyVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
}

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const env = withoutEmptyVariables(rawEnv);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(name, `${issue.message}${describeValue(name, env[name])}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const appOrigin = new URL(appUrl).origin;
  const dataDir = path.resolve(e.DATA_DIR ?? './.data');

  if (e.NODE_ENV === 'production' && !e.SMTP_URL) throw new ConfigError('SMTP_URL', 'is required when NODE_ENV=production');

  const corsOrigins = [appOrigin];
  for (const raw of (e.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const o = origin.safeParse(raw);
    if (!o.success) throw new ConfigError('CORS_ORIGINS', `${o.error.issues[0]?.message}${describeValue('CORS_ORIGINS', raw)}`);
    if (!corsOrigins.includes(o.data)) corsOrigins.push(o.data);
  }

  const mediaHosts: string[] = [];
  for (const raw of (e.MEDIA_HOSTS ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const o = exactOrigin.safeParse(raw);
    if (!o.success) throw new ConfigError('MEDIA_HOSTS', `${o.error.issues[0]?.message}${describeValue('MEDIA_HOSTS', raw)}`);
    if (o.data !== appOrigin && !mediaHosts.includes(o.data)) mediaHosts.push(o.data);
  }

  const mailFrom = e.MAIL_FROM ?? `Objectivism Learning <no-reply@${new URL(appUrl).hostname}>`;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    appOrigin,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'embedded', dir: path.join(dataDir, 'pglite') },
    redisUrl: e.REDIS_URL,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: mailFrom } : undefined,
    mailFrom,
    sessionSecret: sessionSecretFor(e.NODE_ENV, e.SESSION_SECRET, dataDir),
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
      : undefined,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    hubspot: { accessToken: e.HUBSPOT_ACCESS_TOKEN, basePath: e.HUBSPOT_BASE_PATH, portalId: e.HUBSPOT_PORTAL_ID },
    analyticsId: e.ANALYTICS_ID,
    adminEmails: (e.ADMIN_EMAILS ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    corsOrigins,
    featureFlags: { newAdminUI: e.FEATURE_NEW_ADMIN_UI, aiSearchEnabled: e.FEATURE_AI_SEARCH },
    aiModel: e.AI_MODEL,
    placesApiKey: e.PLACES_API_KEY,
    mediaHosts,
    onboarding: onboardingConfigSchema.parse({
      showWelcome: e.ONBOARDING_SHOW_WELCOME,
      showPreferences: e.ONBOARDING_SHOW_PREFERENCES,
      showFeatures: e.ONBOARDING_SHOW_FEATURES,
      skipProfile: e.ONBOARDING_SKIP_PROFILE,
      skipPreferences: e.ONBOARDING_SKIP_PREFERENCES,
      skipFeatures: e.ONBOARDING_SKIP_FEATURES,
    }),
    supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(appUrl).hostname}`,
    magicLinkTtlSeconds: e.MAGIC_LINK_TTL_SECONDS,
    magicLinkPaceSeconds: e.MAGIC_LINK_PACE_SECONDS,
    rateLimits: parseRateLimits(env),
    trustedProxies: parseTrustedProxies(e.TRUSTED_PROXIES),
    oidcProviders: parseOidcProviders(env),
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    outbox: { maxAttempts: e.OUTBOX_MAX_ATTEMPTS, leaseMs: e.OUTBOX_LEASE_SECONDS * 1000, pollMs: e.OUTBOX_POLL_MS },
    seedDemoData: e.SEED_DEMO_DATA,
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : undefined,
  };
}

/** What the start-up log may say about the configuration: adapters in use, never a secret. */
export function describeConfig(cfg: Config) {
  return {
    env: cfg.env,
    appUrl: cfg.appUrl,
    database: cfg.database.kind === 'postgres' ? 'postgresql' : `embedded PGlite in ${cfg.database.dir}`,
    redis: cfg.redisUrl ? 'redis' : 'in-process',
    mail: cfg.smtp ? 'smtp' : 'dev mailbox',
    payments: cfg.stripe ? 'stripe' : 'disabled',
    crm: cfg.hubspot.accessToken ? 'hubspot' : 'not configured (recorded only)',
    corsOrigins: cfg.corsOrigins,
    socialProviders: cfg.oidcProviders.map((p) => p.id),
  };
}
