import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig, printableUrl } from '../../adapters/config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'cfg-'));
const dataDirForProperty = dataDir();
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env });
const failure = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const cfg = load({});
    expect(cfg.env).toBe('development');
    expect(cfg.port).toBe(3000);
    expect(cfg.appUrl).toBe('http://localhost:3000');
    expect(cfg.database.kind).toBe('embedded');
    expect(cfg.redisUrl).toBeUndefined();
    expect(cfg.smtp).toBeUndefined();
    expect(cfg.corsOrigins).toEqual(['http://localhost:3000']);
    expect(cfg.featureFlags).toEqual({ newAdminUI: false, aiSearchEnabled: false });
    expect(cfg.supportEmail).toBe('support@localhost');
    expect(cfg.magicLinkTtlSeconds).toBe(900);
    expect(cfg.trustedProxies).toEqual([]);
    expect(cfg.adminEmails).toEqual([]);
    expect(cfg.oidcProviders).toEqual([]);
    expect(cfg.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps a generated development session secret across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(loadConfig({ DATA_DIR: dir }).sessionSecret);
  });

  it('stops on a bad PORT with one line naming the variable', () => {
    const message = failure({ PORT: 'eighty' });
    expect(message).toMatch(/^Invalid configuration: PORT /);
    expect(message.split('\n')).toHaveLength(1);
    expect(failure({ PORT: '70000' })).toContain('PORT');
  });

  it('stops on a bad DATABASE_URL without echoing it', () => {
    const message = failure({ DATABASE_URL: 'mysql://user:hunter2@db/app' });
    expect(message).toMatch(/^Invalid configuration: DATABASE_URL /);
    expect(message).not.toContain('hunter2');
  });

  it('requires SMTP_URL and SESSION_SECRET in production', () => {
    expect(failure({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toContain('SMTP_URL');
    expect(failure({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toContain('SESSION_SECRET');
  });

  it('never echoes a secret in an error line', () => {
    expect(failure({ SESSION_SECRET: 'short-secret' })).not.toContain('short-secret');
  });

  it('reads lists, flags, rate limits and OIDC providers', () => {
    const cfg = load({
      APP_URL: 'https://learn.example.org/',
      CORS_ORIGINS: 'https://admin.example.org, https://learn.example.org',
      ADMIN_EMAILS: 'Ada@Example.org, grace@example.org',
      FEATURE_NEW_ADMIN_UI: 'true',
      RATE_LIMIT_MAGIC_LINK_POINTS: '50',
      TRUSTED_PROXIES: '10.0.0.1,loopback',
      OIDC_ACME_ISSUER: 'https://id.acme.test',
      OIDC_ACME_CLIENT_ID: 'client',
      OIDC_ACME_CLIENT_SECRET: 'secret',
    });
    expect(cfg.appUrl).toBe('https://learn.example.org');
    expect(cfg.corsOrigins).toEqual(['https://learn.example.org', 'https://admin.example.org']);
    expect(cfg.adminEmails).toEqual(['ada@example.org', 'grace@example.org']);
    expect(cfg.featureFlags.newAdminUI).toBe(true);
    expect(cfg.rateLimits['magic-link'].points).toBe(50);
    expect(cfg.trustedProxies).toEqual(['10.0.0.1', 'loopback']);
    expect(cfg.oidcProviders).toEqual([{ id: 'acme', name: 'Acme', issuer: 'https://id.acme.test', clientId: 'client', clientSecret: 'secret' }]);
  });

  it('reads the per-network and per-address limits apart, and the pacing of magic-link mails (issue 11 §5, §9)', () => {
    const defaults = load({});
    expect(defaults.rateLimits).toEqual({
      'magic-link': { points: 5, windowSeconds: 900 },
      'magic-link-ip': { points: 100, windowSeconds: 900 },
      password: { points: 10, windowSeconds: 900 },
      'password-ip': { points: 100, windowSeconds: 900 },
      passkey: { points: 100, windowSeconds: 900 },
      'check-email': { points: 100, windowSeconds: 600 },
    });
    expect(defaults.magicLinkPaceSeconds).toBe(60);
    const cfg = load({ RATE_LIMIT_MAGIC_LINK_IP_POINTS: '250', RATE_LIMIT_PASSWORD_IP_WINDOW_SECONDS: '300', MAGIC_LINK_PACE_SECONDS: '30' });
    expect(cfg.rateLimits['magic-link-ip']).toEqual({ points: 250, windowSeconds: 900 });
    expect(cfg.rateLimits['magic-link']).toEqual({ points: 5, windowSeconds: 900 });
    expect(cfg.rateLimits['password-ip']).toEqual({ points: 100, windowSeconds: 300 });
    expect(cfg.magicLinkPaceSeconds).toBe(30);
    expect(failure({ RATE_LIMIT_PASSWORD_IP_POINTS: '0' })).toMatch(/^Invalid configuration: RATE_LIMIT_PASSWORD_IP_POINTS /);
    expect(failure({ MAGIC_LINK_PACE_SECONDS: 'soon' })).toMatch(/^Invalid configuration: MAGIC_LINK_PACE_SECONDS /);
  });

  it('refuses a CORS origin with a path and an incomplete OIDC provider', () => {
    expect(failure({ CORS_ORIGINS: 'https://a.example.org/app' })).toMatch(/^Invalid configuration: CORS_ORIGINS /);
    expect(failure({ OIDC_ACME_ISSUER: 'https://id.acme.test' })).toMatch(/^Invalid configuration: OIDC_ACME_CLIENT_ID /);
  });

  it('describes the adapters in use without secrets', () => {
    const text = JSON.stringify(describeConfig(load({ DATABASE_URL: 'postgres://u:pw@h/db', REDIS_URL: 'redis://:pw@h:6379', SESSION_SECRET: 's'.repeat(40) })));
    expect(text).toContain('postgresql');
    expect(text).not.toContain('pw');
    expect(text).not.toContain('s'.repeat(40));
  });

  it('reads an empty variable as unset, as docker-compose passes `${VAR:-}`', () => {
    const cfg = load({
      PORT: '',
      LOG_LEVEL: ' ',
      MAGIC_LINK_TTL_SECONDS: '',
      FEATURE_AI_SEARCH: '',
      BODY_LIMIT: '',
      SUPPORT_EMAIL: '',
      STRIPE_API_BASE: '',
      TRUSTED_PROXIES: '',
      RATE_LIMIT_PASSWORD_POINTS: '',
      OIDC_GOOGLE_ISSUER: '',
      OIDC_GOOGLE_CLIENT_ID: '',
      OIDC_GOOGLE_CLIENT_SECRET: '',
    });
    expect(cfg.port).toBe(3000);
    expect(cfg.logLevel).toBe('info');
    expect(cfg.magicLinkTtlSeconds).toBe(900);
    expect(cfg.featureFlags.aiSearchEnabled).toBe(false);
    expect(cfg.bodyLimit).toBe('6mb');
    expect(cfg.supportEmail).toBe('support@localhost');
    expect(cfg.trustedProxies).toEqual([]);
    expect(cfg.rateLimits.password.points).toBe(10);
    expect(cfg.oidcProviders).toEqual([]);
  });

  it('stops on a DATA_DIR it cannot write with one line naming the variable', () => {
    const message = failure({ DATA_DIR: '/proc/version/olp' });
    expect(message).toMatch(/^Invalid configuration: DATA_DIR /);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('accepts the TRUSTED_PROXIES forms express reads: names, addresses, prefixes, IPv4 netmasks', () => {
    const value = 'loopback, linklocal,uniquelocal, 10.0.0.1, 10.0.0.0/8, 192.168.0.0/255.255.0.0, ::1, fd00::/8, ::ffff:10.0.0.1';
    const cfg = load({ TRUSTED_PROXIES: value });
    expect(cfg.trustedProxies).toEqual(['loopback', 'linklocal', 'uniquelocal', '10.0.0.1', '10.0.0.0/8', '192.168.0.0/255.255.0.0', '::1', 'fd00::/8', '::ffff:10.0.0.1']);
    expect(() => express().set('trust proxy', cfg.trustedProxies)).not.toThrow();
  });

  it.each(['proxy.example.org', '10.0.0.1/33', '10.0.0.0/0', 'fd00::/129', '10.0.0.0/255.0.255.0', '10.0.0.0/abc', 'fe80::1%eth0', '10.0.0.256', 'true'])(
    'stops on TRUSTED_PROXIES entry %j with one line naming the variable',
    (entry) => {
      const message = failure({ TRUSTED_PROXIES: `loopback,${entry}` });
      expect(message).toMatch(/^Invalid configuration: TRUSTED_PROXIES /);
      expect(message.split('\n')).toHaveLength(1);
    },
  );

  it('property: a TRUSTED_PROXIES list the configuration accepts never makes express throw', () => {
    const part = fc.oneof(
      fc.constantFrom('loopback', 'linklocal', 'uniquelocal', 'localhost', '10.0.0.1', '::1', 'fd00::', '::ffff:1.2.3.4', '255.255.255.0', '0.0.0.0'),
      fc.ipV4(),
      fc.ipV6(),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef.:/%x') , maxLength: 12 }),
    );
    const entry = fc.tuple(part, fc.option(fc.oneof(fc.integer({ min: -1, max: 130 }).map(String), fc.ipV4(), fc.string({ maxLength: 3 })), { nil: undefined })).map(([address, range]) => (range === undefined ? address : `${address}/${range}`));
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 4 }), (entries) => {
        let proxies: string[];
        try {
          proxies = loadConfig({ DATA_DIR: dataDirForProperty, TRUSTED_PROXIES: entries.join(',') }).trustedProxies;
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          expect((error as ConfigError).variable).toBe('TRUSTED_PROXIES');
          return;
        }
        expect(() => express().set('trust proxy', proxies)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });

  it('prints a service URL without its password or query', () => {
    expect(printableUrl('postgres://olp:hunter2@db:5432/olp?sslmode=require&password=x')).toBe('postgres://olp:***@db:5432/olp');
    expect(printableUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(printableUrl('not a url')).toBe('(unreadable URL)');
  });
});
