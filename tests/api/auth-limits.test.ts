/** Rate limits, client IPs behind trusted proxies, the dev mailbox and the callback page's headers. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { RATE_LIMIT_MAGIC_LINK_POINTS: '3', RATE_LIMIT_MAGIC_LINK_WINDOW_SECONDS: '600', RATE_LIMIT_CHECK_EMAIL_POINTS: '2', TRUSTED_PROXIES: 'loopback' },
    { clientDir: path.resolve('tests/fixtures/client') },
  );
});
afterAll(async () => server.close());

const from = (ip: string) => new ApiClient(server.url, { 'x-forwarded-for': ip });

describe('magic-link rate limits', () => {
  it('counts per client IP and answers 429 with Retry-After and the minutes message', async () => {
    const api = from('203.0.113.10');
    for (let i = 0; i < 3; i++) expect((await api.post('/api/auth/magic-link', { email: `ip-${i}@example.org` })).status).toBe(200);
    const status = await api.get('/api/auth/rate-limit?action=magic-link');
    expect(status.json).toMatchObject({ success: true, action: 'magic-link', remaining: 0 });
    expect(new Date(status.json.resetsAt).getTime()).toBeGreaterThan(Date.now() + 9 * 60 * 1000);
    const refused = await api.post('/api/auth/magic-link', { email: 'ip-4@example.org' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(refused.json).toMatchObject({ success: false, code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 10 minutes.' });
  });

  it('records a refused request in the audit trail, with the address, IP and user agent', async () => {
    const api = new ApiClient(server.url, { 'x-forwarded-for': '203.0.113.20', 'user-agent': 'Hammer/1.0' });
    for (let i = 0; i < 3; i++) expect((await api.post('/api/auth/magic-link', { email: `hammer-${i}@example.org` })).status).toBe(200);
    expect((await api.post('/api/auth/magic-link', { email: 'hammer-4@example.org' })).status).toBe(429);
    const rows = await server.services.database.db.selectFrom('audit_events').selectAll().where('user_agent', '=', 'Hammer/1.0').orderBy('id').execute();
    expect(rows.map((e) => e.outcome)).toEqual(['success', 'success', 'success', 'failure']);
    expect(rows[3]).toMatchObject({ action: 'magic_link.requested', method: 'MAGIC_LINK', email: 'hammer-4@example.org', ip: '203.0.113.20', detail: { reason: 'rate limited' } });
  });

  it('counts per address across IPs', async () => {
    const email = 'target@example.org';
    for (let i = 0; i < 3; i++) expect((await from(`198.51.100.${i + 1}`).post('/api/auth/magic-link', { email })).status).toBe(200);
    const refused = await from('198.51.100.99').post('/api/auth/magic-link', { email });
    expect(refused.status).toBe(429);
    const status = await from('198.51.100.50').get(`/api/auth/rate-limit?action=magic-link&email=${email}`);
    expect(status.json.remaining).toBe(0);
    const ipOnly = await from('198.51.100.50').get('/api/auth/rate-limit?action=magic-link');
    expect(ipOnly.json.remaining).toBe(3);
  });

  it('refuses an unknown action with the spec message', async () => {
    for (const query of ['', '?action=', '?action=sms']) {
      const res = await from('192.0.2.1').get(`/api/auth/rate-limit${query}`);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Valid actions: magic-link, password, passkey');
    }
  });

  it('answers a fresh allowance for password and passkey', async () => {
    const res = await from('192.0.2.2').get('/api/auth/rate-limit?action=password');
    expect(res.json.remaining).toBe(server.services.config.rateLimits.password.points);
  });

  it('rate-limits check-email per IP', async () => {
    const api = from('192.0.2.3');
    expect((await api.get('/api/auth/check-email?email=a@example.org')).status).toBe(200);
    expect((await api.get('/api/auth/check-email?email=b@example.org')).status).toBe(200);
    const refused = await api.get('/api/auth/check-email?email=c@example.org');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.json.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe('client IP', () => {
  it('honours X-Forwarded-For only from trusted proxies', async () => {
    const untrusted = await startTestServer({ RATE_LIMIT_MAGIC_LINK_POINTS: '1' });
    try {
      const a = new ApiClient(untrusted.url, { 'x-forwarded-for': '203.0.113.77' });
      const b = new ApiClient(untrusted.url, { 'x-forwarded-for': '203.0.113.78' });
      expect((await a.post('/api/auth/magic-link', { email: 'x1@example.org' })).status).toBe(200);
      // Without trusted proxies the forged header is ignored: both are the same loopback client.
      expect((await b.post('/api/auth/magic-link', { email: 'x2@example.org' })).status).toBe(429);
    } finally {
      await untrusted.close();
    }
  });
});

describe('dev mailbox', () => {
  it('lists the mails kept instead of sending them (no SMTP_URL, not production)', async () => {
    const api = from('192.0.2.9');
    await api.post('/api/auth/magic-link', { email: 'mailbox@example.org' });
    const res = await api.get('/api/dev/mailbox?to=mailbox@example.org');
    expect(res.status).toBe(200);
    expect(res.json.mails[0]).toMatchObject({ to: 'mailbox@example.org', tag: 'magic-link', subject: 'Your sign-in link for Objectivism Learning Platform' });
    expect(res.json.mails[0].text).toContain('/auth/callback?token=');
  });
});

describe('the callback page', () => {
  it('is served with Referrer-Policy: no-referrer, and client routes fall back to index.html', async () => {
    const res = await fetch(`${server.url}/auth/callback?token=abc`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await res.text()).toContain('Fixture client');
    const other = await fetch(`${server.url}/dashboard`, { headers: { accept: 'text/html' } });
    expect(other.status).toBe(200);
  });
});
