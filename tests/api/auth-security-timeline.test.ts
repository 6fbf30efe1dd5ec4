/**
 * The member's security timeline (GET /api/auth/security/events) and 'This wasn't me'
 * (POST /api/auth/sessions/end-others) against a real server: 401 before any validation message,
 * the events a member's own actions leave (sign-ins, a failed attempt, a password set and changed,
 * sign-out) in the product's words with the device named and the network masked, never another
 * member's events, paging, and the country only from a trusted proxy.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const PASSWORD = 'Galt-Gulch-Motor-1957';
const NEW_PASSWORD = 'Hank-Rearden-Metal-1957';

let server: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PASSWORD_POINTS: '1000', RATE_LIMIT_PASSWORD_IP_POINTS: '1000', RATE_LIMIT_MAGIC_LINK_POINTS: '1000', RATE_LIMIT_MAGIC_LINK_IP_POINTS: '1000' });
  // Behind a proxy on this machine: its X-Forwarded-For and country header are believed.
  proxied = await startTestServer({ TRUSTED_PROXIES: 'loopback', RATE_LIMIT_PASSWORD_POINTS: '1000', RATE_LIMIT_PASSWORD_IP_POINTS: '1000' });
});
afterAll(async () => {
  await server.close();
  await proxied.close();
});

const uniqueEmail = (stem = 'timeline') => `${stem}.${randomUUID().slice(0, 8)}@example.org`;

async function register(target = server, agent = CHROME_MAC, headers: Record<string, string> = {}) {
  const api = new ApiClient(target.url, { 'user-agent': agent, ...headers });
  const email = uniqueEmail();
  const res = await api.post('/api/auth/register', { email, password: PASSWORD, firstName: 'Dagny', lastName: 'Taggart' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { api, email, userId: res.json.user.id as string };
}

async function login(email: string, agent: string, target = server) {
  const api = new ApiClient(target.url, { 'user-agent': agent });
  const res = await api.post('/api/auth/login', { email, password: PASSWORD });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return api;
}

const events = async (api: ApiClient, query = '') => {
  const res = await api.get(`/api/auth/security/events${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
};

describe('who may read it', () => {
  it('answers 401 without a session, before looking at the query or the body', async () => {
    const anonymous = new ApiClient(server.url);
    for (const path of ['/api/auth/security/events', '/api/auth/security/events?limit=abc&page=-1']) {
      const res = await anonymous.get(path);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: 'Not authenticated' });
    }
    expect((await anonymous.post('/api/auth/sessions/end-others', { anything: 'at all' })).status).toBe(401);
    expect((await anonymous.get('/trpc/security.events?input=%7B%22limit%22%3A%22x%22%7D')).status).toBe(401);
  });

  it('refuses a page or limit out of bounds with the message', async () => {
    const { api } = await register();
    for (const [query, message] of [
      ['?limit=0', 'Limit must be a whole number from 1 to 100'],
      ['?limit=101', 'Limit must be a whole number from 1 to 100'],
      ['?limit=2.5', 'Limit must be a whole number from 1 to 100'],
      ['?page=0', 'Page must be a whole number from 1'],
      ['?page=abc', 'Page must be a whole number from 1'],
    ]) {
      const res = await api.get(`/api/auth/security/events${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.errors[0].message, query).toBe(message);
    }
  });
});

describe('what a member sees', () => {
  it('lists sign-ins, a failed attempt, password changes and sign-outs, newest first, in the product’s words', async () => {
    const { api, email } = await register();
    const phone = await login(email, SAFARI_IPHONE);
    expect((await new ApiClient(server.url, { 'user-agent': FIREFOX_WINDOWS }).post('/api/auth/login', { email, password: 'Not-The-Password-1' })).status).toBe(401);
    expect((await api.post('/api/auth/setup-password', { password: NEW_PASSWORD, currentPassword: PASSWORD })).status).toBe(200);
    expect((await phone.post('/api/auth/logout')).status).toBe(200);

    const page = await events(api);
    expect(page).toMatchObject({ success: true, total: 5, page: 1, limit: 20, totalPages: 1 });
    expect(page.events.map((e: { label: string }) => e.label)).toEqual([
      'Signed out',
      'Password changed',
      'Failed sign-in attempt with your password',
      'Signed in with your password',
      'Account created; signed in with your password',
    ]);
    const [signedOut, changed, failed, phoneSignIn, created] = page.events;
    expect(failed).toMatchObject({ kind: 'sign_in_failed', outcome: 'failure', note: 'Wrong password', method: 'Password', device: 'Firefox on Windows', thisDevice: false });
    expect(phoneSignIn).toMatchObject({ kind: 'signed_in', outcome: 'success', method: 'Password', device: 'Safari on iPhone', thisDevice: false, byAdministrator: false });
    expect(created).toMatchObject({ kind: 'signed_in', device: 'Chrome on macOS', thisDevice: true });
    expect(changed).toMatchObject({ kind: 'password_changed', device: 'Chrome on macOS', thisDevice: true });
    expect(signedOut).toMatchObject({ kind: 'signed_out', device: 'Safari on iPhone' });
    for (const event of page.events) {
      // The server is reached over loopback: the network, never the address.
      expect(event.ip).toBe('127.0.0.0/24');
      expect(event.place).toBeNull();
      expect(new Date(event.at).toISOString()).toBe(event.at);
      expect(Object.keys(event).sort()).toEqual(['at', 'byAdministrator', 'device', 'id', 'ip', 'kind', 'label', 'method', 'note', 'outcome', 'place', 'thisDevice']);
    }
    expect(new Set(page.events.map((e: { id: string }) => e.id)).size).toBe(5);
  });

  it('shows a first password as set, and leaves out what is not about getting in', async () => {
    const api = new ApiClient(server.url, { 'user-agent': CHROME_MAC });
    const email = uniqueEmail('link');
    expect((await api.post('/api/auth/magic-link', { email })).status).toBe(200);
    const token = /token=([A-Za-z0-9_-]+)/.exec(server.services.devMailbox!.list(email)[0]!.text)![1]!;
    expect((await api.post('/api/auth/verify', { token })).status).toBe(200);
    expect((await api.post('/api/auth/setup-password', { password: PASSWORD })).status).toBe(200);
    // A profile change and a refresh are audited, but are not the timeline's.
    const profile = await api.put('/api/auth/profile', { firstName: 'Dagny', lastName: 'Taggart' });
    expect(profile.status, JSON.stringify(profile.json)).toBe(200);
    expect((await api.post('/api/auth/refresh')).status).toBe(200);

    const page = await events(api);
    expect(page.events.map((e: { kind: string; label: string; method: string | null }) => [e.kind, e.label, e.method])).toEqual([
      ['password_set', 'Password set', 'Password'],
      ['signed_in', 'Signed in with an email link', 'Email link'],
    ]);
  });

  it('never shows another member’s events, even failed attempts on their address', async () => {
    const mine = await register();
    const theirs = await register(server, FIREFOX_WINDOWS);
    await login(theirs.email, SAFARI_IPHONE);
    expect((await new ApiClient(server.url).post('/api/auth/login', { email: theirs.email, password: 'Wrong-Password-99' })).status).toBe(401);

    const page = await events(mine.api);
    expect(page.total).toBe(1);
    expect(page.events[0]).toMatchObject({ device: 'Chrome on macOS', thisDevice: true });
    expect((await events(theirs.api)).total).toBe(3);
  });

  it('pages: a page at a time, the total counting them all, an empty page beyond the last', async () => {
    const { api, email } = await register();
    for (let i = 0; i < 4; i++) await login(email, SAFARI_IPHONE);
    const first = await events(api, '?limit=2');
    const second = await events(api, '?limit=2&page=2');
    const third = await events(api, '?limit=2&page=3');
    expect([first.total, first.totalPages, second.page, third.events.length]).toEqual([5, 3, 2, 1]);
    expect(third.events[0].label).toBe('Account created; signed in with your password');
    const ids = [...first.events, ...second.events, ...third.events].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(5);
    expect(await events(api, '?limit=2&page=4')).toMatchObject({ events: [], total: 5, page: 4, totalPages: 3 });
  });

  it('answers the same through tRPC', async () => {
    const { api } = await register();
    const res = await api.get(`/trpc/security.events?input=${encodeURIComponent(JSON.stringify({ page: 1, limit: 5 }))}`);
    expect(res.status).toBe(200);
    expect(res.json.result.data).toMatchObject({ total: 1, limit: 5, events: [{ kind: 'signed_in', thisDevice: true }] });
  });
});

describe('where from', () => {
  it('ignores a country header when no proxy is trusted, and says the place is unknown', async () => {
    const { api } = await register(server, CHROME_MAC, { 'cf-ipcountry': 'FR', 'x-forwarded-for': '203.0.113.7' });
    const [event] = (await events(api)).events;
    expect(event).toMatchObject({ place: null, ip: '127.0.0.0/24' });
  });

  it('names the country a trusted proxy sends, and masks the forwarded address', async () => {
    const { api } = await register(proxied, CHROME_MAC, { 'cf-ipcountry': 'fr', 'x-forwarded-for': '203.0.113.7' });
    const vercel = new ApiClient(proxied.url, { 'user-agent': SAFARI_IPHONE, 'x-vercel-ip-country': 'DE', 'x-forwarded-for': '2001:db8:85a3:8d3:1319:8a2e:370:7348' });
    const email = (await api.get('/api/auth/me')).json.user.email as string;
    expect((await vercel.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    // Cloudflare's 'XX' (unknown) and 'T1' (Tor) name no country.
    const tor = new ApiClient(proxied.url, { 'cf-ipcountry': 'T1', 'x-forwarded-for': '198.51.100.20' });
    expect((await tor.post('/api/auth/login', { email, password: 'Wrong-Password-99' })).status).toBe(401);

    const page = await events(api);
    expect(page.events.map((e: { place: string | null; ip: string }) => [e.place, e.ip])).toEqual([
      [null, '198.51.100.0/24'],
      ['Germany', '2001:db8:85a3:8d3::/64'],
      ['France', '203.0.113.0/24'],
    ]);
    const stored = await proxied.services.database.db.selectFrom('audit_events').select(['ip', 'detail']).where('email', '=', email).orderBy('id').execute();
    // The audit trail keeps the full address; only the timeline masks it.
    expect(stored.map((row) => [row.ip, row.detail.country ?? null])).toEqual([
      ['203.0.113.7', 'FR'],
      ['2001:db8:85a3:8d3:1319:8a2e:370:7348', 'DE'],
      ['198.51.100.20', null],
    ]);
  });
});

describe("'This wasn't me'", () => {
  it('ends every other session at once, keeps this one, and shows in the timeline', async () => {
    const { api, email } = await register();
    const phone = await login(email, SAFARI_IPHONE);
    const laptop = await login(email, FIREFOX_WINDOWS);
    const bearer = await new ApiClient(server.url).post('/api/auth/login', { email, password: PASSWORD }, { 'x-auth-transport': 'bearer' });
    const token = bearer.json.accessToken as string;
    expect((await new ApiClient(server.url).get('/api/auth/me', { authorization: `Bearer ${token}` })).status).toBe(200);

    const res = await api.post('/api/auth/sessions/end-others');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ success: true, endedSessions: 3 });

    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await new ApiClient(server.url).get('/api/auth/me', { authorization: `Bearer ${token}` })).status).toBe(401);
    expect((await phone.post('/api/auth/refresh')).status).toBe(401);
    expect((await api.get('/api/auth/me')).status).toBe(200);
    expect((await api.get('/api/auth/sessions')).json.sessions).toHaveLength(1);

    const [latest] = (await events(api)).events;
    expect(latest).toMatchObject({ kind: 'sessions_ended', label: 'Signed out everywhere else', note: '3 sessions ended', thisDevice: true });
    expect((await api.post('/api/auth/sessions/end-others')).json.endedSessions).toBe(0);
  });
});
