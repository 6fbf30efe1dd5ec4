/** Rate limits, client IPs and networks behind trusted proxies, the dev mailbox and the callback page's headers. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {
      RATE_LIMIT_MAGIC_LINK_POINTS: '3',
      RATE_LIMIT_MAGIC_LINK_WINDOW_SECONDS: '600',
      RATE_LIMIT_MAGIC_LINK_IP_POINTS: '3',
      RATE_LIMIT_MAGIC_LINK_IP_WINDOW_SECONDS: '600',
      RATE_LIMIT_CHECK_EMAIL_POINTS: '2',
      TRUSTED_PROXIES: 'loopback',
    },
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

  it("counts an address per requesting network: one network's requests never spend another's allowance for it", async () => {
    const email = 'target@example.org';
    const attacker = from('198.51.100.1');
    for (let i = 0; i < 3; i++) expect((await attacker.post('/api/auth/magic-link', { email })).status).toBe(200);
    // The fourth from the same network is its own allowance running out...
    const refused = await attacker.post('/api/auth/magic-link', { email });
    expect(refused.status).toBe(429);
    expect((await attacker.get(`/api/auth/rate-limit?action=magic-link&email=${email}`)).json.remaining).toBe(0);
    // ...while the address's owner, elsewhere, still has all of theirs and is answered as usual.
    const owner = from('198.51.100.50');
    expect((await owner.get(`/api/auth/rate-limit?action=magic-link&email=${email}`)).json.remaining).toBe(3);
    const asked = await owner.post('/api/auth/magic-link', { email });
    expect(asked.status).toBe(200);
    expect(asked.json.message).toBe('If that address can receive mail, a sign-in link is on its way.');
    expect((await owner.get(`/api/auth/rate-limit?action=magic-link&email=${email}`)).json.remaining).toBe(2);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as its IPv4 address', async () => {
    for (let i = 1; i <= 3; i++) expect((await from(`2001:db8:a:b::${i}`).post('/api/auth/magic-link', { email: `v6-${i}@example.org` })).status).toBe(200);
    // Another address of the same /64 is the same client: its allowance is spent.
    expect((await from('2001:db8:a:b:ffff:ffff:ffff:ffff').post('/api/auth/magic-link', { email: 'v6-4@example.org' })).status).toBe(429);
    expect((await from('2001:db8:a:b::99').get('/api/auth/rate-limit?action=magic-link')).json.remaining).toBe(0);
    // The neighbouring /64 is someone else.
    expect((await from('2001:db8:a:c::1').post('/api/auth/magic-link', { email: 'v6-5@example.org' })).status).toBe(200);

    for (let i = 1; i <= 3; i++) expect((await from('::ffff:203.0.113.60').post('/api/auth/magic-link', { email: `mapped-${i}@example.org` })).status).toBe(200);
    expect((await from('203.0.113.60').post('/api/auth/magic-link', { email: 'mapped-4@example.org' })).status).toBe(429);
  });

  it('counts every other per-client limit by network too (check-email, password, passkey)', async () => {
    const prefix = '2001:db8:c0:1';
    expect((await from(`${prefix}::1`).get('/api/auth/check-email?email=a@example.org')).status).toBe(200);
    expect((await from(`${prefix}::2`).get('/api/auth/check-email?email=b@example.org')).status).toBe(200);
    expect((await from(`${prefix}::3`).get('/api/auth/check-email?email=c@example.org')).status).toBe(429);
    await from(`${prefix}::4`).post('/api/auth/login', { email: 'nobody-v6@example.org', password: 'not the password' });
    expect((await from(`${prefix}::5`).get('/api/auth/rate-limit?action=password')).json.remaining).toBe(server.services.config.rateLimits['password-ip'].points - 1);
    const forged = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } };
    expect((await from(`${prefix}::6`).post('/api/auth/passkey/authenticate', { credential: forged })).status).not.toBe(400);
    expect((await from(`${prefix}::7`).get('/api/auth/rate-limit?action=passkey')).json.remaining).toBe(server.services.config.rateLimits.passkey.points - 1);
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
    expect(res.json.remaining).toBe(server.services.config.rateLimits['password-ip'].points);
    const passkey = await from('192.0.2.2').get('/api/auth/rate-limit?action=passkey');
    expect(passkey.json.remaining).toBe(server.services.config.rateLimits.passkey.points);
  });

  it("never tells an anonymous caller how many password attempts another address has left; its signed-in owner is told", async () => {
    const email = 'guessed-at@example.org';
    const attacker = from('198.51.100.70');
    for (let i = 0; i < 3; i++) expect((await attacker.post('/api/auth/login', { email, password: `wrong-${i}` })).status).toBe(401);
    const points = server.services.config.rateLimits['password-ip'].points;
    // Anyone else asking about the address learns only their own network's allowance, whole.
    const bystander = await from('198.51.100.71').get(`/api/auth/rate-limit?action=password&email=${email}`);
    expect(bystander.json).toMatchObject({ success: true, action: 'password', remaining: points });
    // The guesser learns what it spent itself, nothing about the address's own count.
    expect((await attacker.get(`/api/auth/rate-limit?action=password&email=${email}`)).json.remaining).toBe(points - 3);
    expect((await attacker.get('/api/auth/rate-limit?action=password')).json.remaining).toBe(points - 3);

    // The member signed in as that address is asking about their own account: the address's count.
    const owner = from('198.51.100.72');
    expect((await owner.post('/api/auth/magic-link', { email })).status).toBe(200);
    const link = server.services.devMailbox!.list(email)[0]!.text.match(/https?:\/\/\S+token=[\w-]+/)![0];
    expect((await owner.post('/api/auth/verify', { token: new URL(link).searchParams.get('token') })).status).toBe(200);
    const own = await owner.get(`/api/auth/rate-limit?action=password&email=${email}`);
    expect(own.json.remaining).toBe(server.services.config.rateLimits.password.points - 3);
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
    const untrusted = await startTestServer({ RATE_LIMIT_MAGIC_LINK_IP_POINTS: '1' });
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

describe('a member cannot be kept from signing in by link (issue 11 §5)', () => {
  const clock = testClock(new Date('2026-05-04T09:00:00Z'));
  let defaults: TestServer;
  beforeAll(async () => {
    defaults = await startTestServer({ TRUSTED_PROXIES: 'loopback' }, { overrides: { clock } });
  });
  afterAll(async () => defaults.close());

  const at = (ip: string) => new ApiClient(defaults.url, { 'x-forwarded-for': ip });
  const mailsTo = (email: string) => defaults.services.devMailbox!.list(email);
  const tokenIn = (text: string) => new URL(text.match(/https?:\/\/\S+token=[\w-]+/)![0]).searchParams.get('token')!;

  it("keeps the owner's link working and the owner's requests answered while other networks flood the address", async () => {
    const email = 'victim@example.org';
    const victim = at('198.51.100.10');
    expect((await victim.post('/api/auth/magic-link', { email })).status).toBe(200);
    expect(mailsTo(email)).toHaveLength(1);
    const earlier = tokenIn(mailsTo(email)[0]!.text);

    // Twelve attackers, IPv4 and IPv6, six requests each for the victim's address.
    const attackers = [...Array.from({ length: 6 }, (_, i) => `203.0.113.${i + 1}`), ...Array.from({ length: 6 }, (_, i) => `2001:db8:${i + 1}::1`)];
    for (const ip of attackers) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await at(ip).post('/api/auth/magic-link', { email })).status);
      // Each attacker only ever spends its own allowance for the address (5 per 15 minutes).
      expect(statuses, ip).toEqual([200, 200, 200, 200, 200, 429]);
    }
    // Paced: the victim got no mail from them (a link was mailed moments ago), and nothing was voided.
    expect(mailsTo(email)).toHaveLength(1);

    // The victim's own allowance is whole but for their one request, and their request is answered.
    expect((await victim.get(`/api/auth/rate-limit?action=magic-link&email=${email}`)).json.remaining).toBe(4);
    const again = await victim.post('/api/auth/magic-link', { email });
    expect(again.status).toBe(200);
    expect(mailsTo(email)).toHaveLength(2);
    // Their earlier link was voided by their own newer request only; the newer one signs them in.
    expect((await victim.post('/api/auth/verify', { token: earlier })).json).toMatchObject({ reason: 'replaced' });
    expect((await victim.post('/api/auth/verify', { token: tokenIn(mailsTo(email)[0]!.text) })).status).toBe(200);
  });

  it("never voids the owner's live link on another network's request, and slows rather than refuses", async () => {
    const email = 'owner@example.org';
    const owner = at('198.51.100.20');
    expect((await owner.post('/api/auth/magic-link', { email })).status).toBe(200);
    const ownersLink = tokenIn(mailsTo(email)[0]!.text);

    // Past the pacing interval another network's request is mailed, and still voids nothing of the owner's.
    clock.advance(61_000);
    expect((await at('203.0.113.90').post('/api/auth/magic-link', { email })).status).toBe(200);
    expect(mailsTo(email)).toHaveLength(2);
    const strangersLink = tokenIn(mailsTo(email)[0]!.text);

    // The owner asks within the interval: the same answer and no mail (the mail just sent works for them).
    const paced = await owner.post('/api/auth/magic-link', { email });
    expect(paced.status).toBe(200);
    expect(paced.json.message).toBe('If that address can receive mail, a sign-in link is on its way.');
    expect(mailsTo(email)).toHaveLength(2);
    const audit = await defaults.services.database.db.selectFrom('audit_events').select(['outcome', 'ip', 'detail']).where('action', '=', 'magic_link.requested').where('email', '=', email).orderBy('id').execute();
    expect(audit.at(-1)).toMatchObject({ outcome: 'success', ip: '198.51.100.20', detail: { paced: true } });

    expect((await owner.post('/api/auth/verify', { token: ownersLink })).status).toBe(200);
    expect((await new ApiClient(defaults.url).post('/api/auth/verify', { token: strangersLink })).status).toBe(200);

    // Once the interval has passed, the owner's request is mailed again.
    clock.advance(61_000);
    expect((await owner.post('/api/auth/magic-link', { email })).status).toBe(200);
    expect(mailsTo(email)).toHaveLength(3);
  });

  it('bounds the mail one address receives while networks take turns at it: one a minute once it is busy', async () => {
    const email = 'bombed@example.org';
    for (let turn = 0; turn < 10; turn++) {
      const network = at(`2001:db8:bad:${turn}::1`);
      for (let i = 0; i < 5; i++) expect((await network.post('/api/auth/magic-link', { email })).status).toBe(200);
      clock.advance(61_000);
    }
    // The first network's five (one member's allowance), then one per turn of a minute: not 50.
    expect(mailsTo(email)).toHaveLength(5 + 9);
  });
});

describe('a classroom behind one network (issue 11 §9)', () => {
  let school: TestServer;
  beforeAll(async () => {
    school = await startTestServer({ TRUSTED_PROXIES: 'loopback' });
  });
  afterAll(async () => school.close());
  const nat = (ip = '192.0.2.200') => new ApiClient(school.url, { 'x-forwarded-for': ip });

  it('sends a link to each of 40 new addresses from one network, and refuses a flood from it', async () => {
    const classroom = nat();
    for (let i = 0; i < 40; i++) {
      const email = `student-${i}@school.example.org`;
      const res = await classroom.post('/api/auth/magic-link', { email });
      expect(res.status, email).toBe(200);
      expect(school.services.devMailbox!.list(email), email).toHaveLength(1);
    }
    const statuses: number[] = [];
    for (let i = 40; i < 200; i++) statuses.push((await classroom.post('/api/auth/magic-link', { email: `flood-${i}@example.org` })).status);
    const allowance = school.services.config.rateLimits['magic-link-ip'].points;
    expect(allowance).toBeGreaterThanOrEqual(40);
    expect(statuses.filter((s) => s === 200)).toHaveLength(allowance - 40);
    expect(statuses.slice(allowance - 40).every((s) => s === 429)).toBe(true);
  });

  it('lets 40 students register with a password from one network', async () => {
    const classroom = nat('192.0.2.202');
    for (let i = 0; i < 40; i++) {
      const res = await classroom.post('/api/auth/register', { email: `pupil-${i}@school.example.org`, password: 'A-long-class-passphrase', firstName: 'Kira', lastName: `Pupil ${i}` });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    expect((await classroom.get('/api/auth/rate-limit?action=password')).json.remaining).toBe(school.services.config.rateLimits['password-ip'].points - 40);
  });

  it('lets 40 students check their addresses and leaves room for 40 password and passkey sign-ins', async () => {
    const classroom = nat('192.0.2.201');
    for (let i = 0; i < 40; i++) expect((await classroom.get(`/api/auth/check-email?email=student-${i}@school.example.org`)).status).toBe(200);
    const limits = school.services.config.rateLimits;
    for (const limit of [limits['check-email'], limits['password-ip'], limits.passkey, limits['magic-link-ip']]) expect(limit.points).toBeGreaterThanOrEqual(80);
    // The per-address limits stay one member's.
    expect(limits['magic-link'].points).toBe(5);
    expect(limits.password.points).toBe(10);
    const statuses: number[] = [];
    for (let i = 40; i < 200; i++) statuses.push((await classroom.get(`/api/auth/check-email?email=flood-${i}@example.org`)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
