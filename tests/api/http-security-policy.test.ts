/**
 * The Content-Security-Policy as a browser receives it (adapters/http/security-policy.ts): media
 * and images from the configured MEDIA_HOSTS, third parties only when configured and then by exact
 * host, the same header from the lean GET lane, express and the client's page.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../adapters/config';
import { startTestServer, type TestServer } from '../support/server';

type Policy = Map<string, string[]>;

function parsePolicy(header: string | null): Policy {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

async function policyAt(server: TestServer, url: string, init: RequestInit = {}) {
  const res = await fetch(server.url + url, init);
  return { status: res.status, header: res.headers.get('content-security-policy'), policy: parsePolicy(res.headers.get('content-security-policy')) };
}

const clientDir = mkdtempSync(path.join(tmpdir(), 'olp-csp-client-'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>CSP fixture</title>');

describe('with media hosts and every vendor configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      {
        MEDIA_HOSTS: 'https://media.example.org, https://cdn.example.net:8443/',
        ANALYTICS_ID: 'G-TEST123',
        HUBSPOT_PORTAL_ID: '123456',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
        PLACES_API_KEY: 'places-key',
      },
      { clientDir },
    );
  });
  afterAll(() => server.close());

  it('lets audio, video and images come from the configured media hosts', async () => {
    const { policy } = await policyAt(server, '/healthz');
    for (const host of ['https://media.example.org', 'https://cdn.example.net:8443']) {
      expect(policy.get('media-src')).toContain(host);
      expect(policy.get('img-src')).toContain(host);
    }
    expect(policy.get('media-src')).toContain("'self'");
  });

  it('lists each vendor by exact host, never a wildcard', async () => {
    const { header, policy } = await policyAt(server, '/healthz');
    expect(header).not.toContain('*');
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://js.hs-scripts.com',
      'https://js.hs-analytics.net',
      'https://js.hs-banner.com',
      'https://js.hscollectedforms.net',
      'https://js.stripe.com',
      'https://maps.googleapis.com',
    ]);
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['https://www.google-analytics.com', 'https://track.hubspot.com', 'https://api.stripe.com', 'https://places.googleapis.com']));
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
  });

  it('is the same header from the lean GET lane, express, and the client page', async () => {
    const lean = await policyAt(server, '/api/config');
    const viaExpress = await policyAt(server, '/api/auth/magic-link', { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: '{}' });
    const page = await policyAt(server, '/library', { headers: { accept: 'text/html' } });
    expect(lean.status).toBe(200);
    expect(page.status).toBe(200);
    expect(viaExpress.header).toBe(lean.header);
    expect(page.header).toBe(lean.header);
  });
});

describe('with nothing configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { clientDir });
  });
  afterAll(() => server.close());

  it('admits no third party at all', async () => {
    const { header, policy } = await policyAt(server, '/api/config');
    expect(header).not.toContain('*');
    expect(header).not.toMatch(/google|hubspot|hs-|stripe/);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(policy.get('media-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
  });
});

describe('MEDIA_HOSTS', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'olp-csp-config-')) };

  it.each(['media.example.org', 'https://media.example.org/videos', 'ftp://media.example.org', 'https://*.example.org'])('refuses %s with one line naming the variable', (value) => {
    let error: unknown;
    try {
      loadConfig({ ...base, MEDIA_HOSTS: `https://ok.example.org,${value}` });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^Invalid configuration: MEDIA_HOSTS must be an origin such as https:\/\/example\.org/);
    expect((error as Error).message).not.toContain('\n');
  });

  it('is a list of origins without duplicates or APP_URL itself', () => {
    const cfg = loadConfig({ ...base, APP_URL: 'https://learn.example.org', MEDIA_HOSTS: 'https://media.example.org/, https://learn.example.org,https://media.example.org' });
    expect(cfg.mediaHosts).toEqual(['https://media.example.org']);
  });
});
