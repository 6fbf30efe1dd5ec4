/**
 * Social sign-in against a real OpenID provider (tests/support/oidc-provider.ts) and a real
 * server: the browser's redirects are followed by hand (redirect: 'manual'), with one cookie jar
 * for the app and one for the provider, so each step can be checked or tampered with.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSecrets } from '../../adapters/crypto/secrets';
import { SOCIAL_FLOW_COOKIE } from '../../domain/auth/social';
import { authKey } from '../../domain/storage/rules';
import { startOidcProvider, type OidcPeer, type TestAccount } from '../support/oidc-provider';
import { startTestServer, type TestServer } from '../support/server';

let peer: OidcPeer;
let server: TestServer;
let appUrl: string;
let callbackBase: string;

beforeAll(async () => {
  peer = await startOidcProvider();
  server = await startTestServer({
    OIDC_TESTID_ISSUER: peer.issuer,
    OIDC_TESTID_CLIENT_ID: peer.clientId,
    OIDC_TESTID_CLIENT_SECRET: peer.clientSecret,
    RATE_LIMIT_MAGIC_LINK_POINTS: '1000',
    RATE_LIMIT_MAGIC_LINK_IP_POINTS: '1000',
    RATE_LIMIT_PASSWORD_POINTS: '1000',
    RATE_LIMIT_PASSWORD_IP_POINTS: '1000',
  });
  appUrl = server.services.config.appUrl;
  callbackBase = `${appUrl}/api/auth/connect/testid/callback`;
  await peer.registerClient([callbackBase]);
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

interface Answer {
  status: number;
  location: string | null;
  headers: Headers;
  // any: tests assert the shape field by field
  json: any;
}

/** A browser as far as these flows need one: cookies per server, redirects followed by hand. */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  /** The app's host is `localhost` (APP_URL) and the server listens on 127.0.0.1: one jar per port. */
  jar(url: string | URL) {
    const port = new URL(url).port;
    let jar = this.jars.get(port);
    if (!jar) this.jars.set(port, (jar = new Map()));
    return jar;
  }

  async request(method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const target = new URL(url, appUrl);
    const jar = this.jar(target);
    if (target.hostname === 'localhost') target.hostname = '127.0.0.1';
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(target, {
      method,
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(options.body === undefined ? {} : { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const gone = value === '' || attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0\b/i.test(a.trim()));
      if (gone) jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    const location = res.headers.get('location');
    return { status: res.status, headers: res.headers, location: location === null ? null : new URL(location, url).href, json };
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, { ...(headers ? { headers } : {}) });
  post = (url: string, body: unknown = {}) => this.request('POST', url, { body });

  async signInByMagicLink(email: string) {
    await this.post(`${appUrl}/api/auth/magic-link`, { email });
    const mail = server.services.devMailbox!.list(email)[0]!;
    const token = new URL(/https?:\/\/\S+token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const res = await this.post(`${appUrl}/api/auth/verify`, { token });
    expect(res.status).toBe(200);
    return res.json.user as { id: string; email: string };
  }

  me = () => this.get(`${appUrl}/api/auth/me`);

  /** Signs out at the provider (its cookies gone), so the next flow logs in afresh. */
  forgetProvider() {
    this.jar(peer.issuer).clear();
  }
}

/** Follows the provider's redirects (login and consent complete by themselves) until it sends the browser back to the app. */
async function throughProvider(browser: Browser, authorizeUrl: string): Promise<{ callbackUrl: string | null; last: Answer }> {
  let url = authorizeUrl;
  for (let hop = 0; hop < 12; hop++) {
    const res = await browser.get(url);
    if (!res.location) return { callbackUrl: null, last: res };
    if (res.location.startsWith(appUrl)) return { callbackUrl: res.location, last: res };
    url = res.location;
  }
  throw new Error('too many redirects at the provider');
}

interface FlowOptions {
  redirect?: string;
  tamperAuthorize?: (url: URL) => void;
  tamperCallback?: (url: URL) => void;
}

/** The whole browser round trip: connect, the provider, the callback. */
async function socialSignIn(browser: Browser, options: FlowOptions = {}) {
  const connect = await browser.get(`${appUrl}/api/auth/connect/testid${options.redirect === undefined ? '' : `?redirect=${encodeURIComponent(options.redirect)}`}`);
  expect(connect.status).toBe(302);
  const authorize = new URL(connect.location!);
  options.tamperAuthorize?.(authorize);
  const { callbackUrl, last } = await throughProvider(browser, authorize.href);
  if (!callbackUrl) throw new Error(`the provider did not send the browser back: ${last.status} ${JSON.stringify(last.json).slice(0, 300)}`);
  const callback = new URL(callbackUrl);
  options.tamperCallback?.(callback);
  const final = await browser.get(callback.href);
  return { connect, authorize, callback, final };
}

const account = (overrides: Partial<TestAccount> = {}): TestAccount => {
  const a: TestAccount = { sub: `sub-${randomUUID()}`, email: `social.${randomUUID().slice(0, 8)}@example.org`, emailVerified: true, ...overrides };
  peer.setAccount(a);
  peer.signInAs(a.sub);
  return a;
};

const errorOf = (final: Answer) => {
  expect(final.status).toBe(302);
  const location = new URL(final.location!);
  expect(location.pathname).toBe('/login');
  return location.searchParams.get('error');
};

const socialLinkOf = (sub: string) => server.services.auth.deps.socialAccounts.bySubject('testid', sub);
const lastAudit = async (userId: string) => (await server.services.auth.deps.audit.forUser(userId, 1))[0];

describe('GET /api/auth/connect/{provider}', () => {
  it('redirects to the provider with an authorization-code request: PKCE (S256), state, nonce and the exact redirect URI', async () => {
    const browser = new Browser();
    const res = await browser.get(`${appUrl}/api/auth/connect/testid`);
    expect(res.status).toBe(302);
    const url = new URL(res.location!);
    expect(url.origin).toBe(peer.issuer);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(peer.clientId);
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('redirect_uri')).toBe(`${appUrl}/api/auth/connect/testid/callback`);
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the flow server-side under an auth: key for 10 minutes, behind a short-lived httpOnly cookie', async () => {
    const browser = new Browser();
    const res = await browser.get(`${appUrl}/api/auth/connect/testid`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SOCIAL_FLOW_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/connect/i);
    expect(cookie).toMatch(/Max-Age=600/i);
    const flowToken = browser.jar(appUrl).get(SOCIAL_FLOW_COOKIE)!;
    const key = authKey('social-flow', nodeSecrets.hash(flowToken));
    const ttl = await server.services.kv.ttl(key);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
    // The browser holds only an opaque reference: the state, nonce and verifier never leave the server.
    const state = new URL(res.location!).searchParams.get('state')!;
    expect(flowToken).not.toBe(state);
    expect(await server.services.kv.get(key)).toMatchObject({ provider: 'testid', state });
  });

  it('answers 404 for a provider that is not configured, on both routes', async () => {
    for (const path of ['/api/auth/connect/nope', '/api/auth/connect/nope/callback?code=x&state=y']) {
      const res = await new Browser().get(`${appUrl}${path}`);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ success: false, code: 'SOCIAL_PROVIDER_UNKNOWN' });
    }
  });

  it('remembers a same-origin redirect and drops one that would leave the app', async () => {
    account({ emailVerified: true });
    const kept = await socialSignIn(new Browser(), { redirect: '/entry/42?tab=essay' });
    expect(kept.final.location).toBe(`${appUrl}/entry/42?tab=essay`);
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      account({ emailVerified: true });
      const dropped = await socialSignIn(new Browser(), { redirect });
      expect(dropped.final.location, redirect).toBe(`${appUrl}/`);
    }
  });

  it('lists the provider in GET /api/config and both routes in the OpenAPI document', async () => {
    const config = await new Browser().get(`${appUrl}/api/config`);
    expect(config.json.dynamic.socialProviders).toEqual([{ id: 'testid', name: 'Testid' }]);
    const doc = await new Browser().get(`${appUrl}/api/openapi.json`);
    expect(doc.json.paths['/api/auth/connect/{provider}'].get.responses['302']).toBeDefined();
    expect(doc.json.paths['/api/auth/connect/{provider}/callback'].get).toBeDefined();
    expect(doc.json.paths['/api/auth/social/list'].get.operationId).toBe('social.list');
  });
});

describe('signing in with a provider', () => {
  it('creates a member for a new address (emailVerified as the provider says), links the account and starts a SOCIAL session', async () => {
    const a = account({ emailVerified: false, email: `New.${randomUUID().slice(0, 8)}@Example.org`, givenName: 'Hank', familyName: 'Rearden' });
    const browser = new Browser();
    const { final } = await socialSignIn(browser, { redirect: '/dashboard' });
    expect(final.status).toBe(302);
    expect(final.location).toBe(`${appUrl}/dashboard`);
    const me = await browser.me();
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ email: a.email!.toLowerCase(), emailVerified: false, hasSocialLogin: true, firstName: 'Hank', lastName: 'Rearden' });
    const sessions = await browser.get(`${appUrl}/api/auth/sessions`);
    expect(sessions.json.sessions.find((s: { current: boolean }) => s.current).method).toBe('SOCIAL');
    const methods = await browser.get(`${appUrl}/api/auth/methods`);
    expect(methods.json.methods).toEqual(['SOCIAL', 'MAGIC_LINK']);
    expect(await lastAudit(me.json.user.id)).toMatchObject({ action: 'sign_in', outcome: 'success', method: 'SOCIAL', detail: { provider: 'testid', created: true } });
  });

  it('creates a verified member when the provider verified the address', async () => {
    const a = account({ emailVerified: true });
    const browser = new Browser();
    await socialSignIn(browser);
    expect((await browser.me()).json.user).toMatchObject({ email: a.email, emailVerified: true });
  });

  it('signs in the member a provider account is linked to, whatever address the provider now reports', async () => {
    const a = account({ emailVerified: true });
    const first = new Browser();
    await socialSignIn(first);
    const member = (await first.me()).json.user;
    peer.setAccount({ ...a, email: `changed.${randomUUID().slice(0, 8)}@example.org`, emailVerified: false });
    const second = new Browser();
    const { final } = await socialSignIn(second);
    expect(final.location).toBe(`${appUrl}/`);
    expect((await second.me()).json.user.id).toBe(member.id);
    expect((await socialLinkOf(a.sub))?.emailVerified).toBe(false);
  });

  it('links a verified provider address to the existing account with that address and signs it in', async () => {
    const email = `existing.${randomUUID().slice(0, 8)}@example.org`;
    const member = await new Browser().signInByMagicLink(email);
    const a = account({ email, emailVerified: true });
    const browser = new Browser();
    const { final } = await socialSignIn(browser);
    expect(final.location).toBe(`${appUrl}/`);
    expect((await browser.me()).json.user.id).toBe(member.id);
    expect(await socialLinkOf(a.sub)).toMatchObject({ userId: member.id, email, emailVerified: true });
  });

  it('sends a provider cancellation back to the sign-in page', async () => {
    account();
    peer.denyNext();
    const browser = new Browser();
    const { final } = await socialSignIn(browser);
    expect(errorOf(final)).toBe('SOCIAL_ACCESS_DENIED');
    expect((await browser.me()).status).toBe(401);
  });

  it('refuses a deactivated member', async () => {
    const a = account({ emailVerified: true });
    await socialSignIn(new Browser());
    const link = await socialLinkOf(a.sub);
    await server.services.auth.deps.users.update(link!.userId, { isActive: false }, new Date());
    const browser = new Browser();
    expect(errorOf((await socialSignIn(browser)).final)).toBe('ACCOUNT_INACTIVE');
    expect((await browser.me()).status).toBe(401);
  });
});

describe('an unverified provider e-mail never takes over an account', () => {
  it('refuses to link or sign in when an account has that address and the provider has not verified it', async () => {
    const email = `victim.${randomUUID().slice(0, 8)}@example.org`;
    const victim = await new Browser().signInByMagicLink(email);
    const a = account({ email: email.toUpperCase(), emailVerified: false });
    const attacker = new Browser();
    const { final } = await socialSignIn(attacker);
    expect(errorOf(final)).toBe('SOCIAL_EMAIL_UNVERIFIED');
    expect(final.headers.getSetCookie().some((c) => c.startsWith('olp_access='))).toBe(false);
    expect((await attacker.me()).status).toBe(401);
    expect(await socialLinkOf(a.sub)).toBeNull();
    expect(await lastAudit(victim.id)).toMatchObject({ action: 'sign_in', outcome: 'failure', method: 'SOCIAL', detail: { code: 'SOCIAL_EMAIL_UNVERIFIED' } });
  });

  it('a verified provider address claims an account nobody proved: its password and sessions are dropped', async () => {
    const email = `prehijack.${randomUUID().slice(0, 8)}@example.org`;
    const squatter = new Browser();
    const registered = await squatter.post(`${appUrl}/api/auth/register`, { email, password: 'Squatters-Password-1957', firstName: 'Ellsworth', lastName: 'Toohey' });
    expect(registered.json.user.emailVerified).toBe(false);
    // The squatter also links a provider account of theirs.
    const squattersProvider = account({ email: `elsewhere.${randomUUID().slice(0, 8)}@example.org`, emailVerified: false });
    await socialSignIn(squatter);
    expect(await socialLinkOf(squattersProvider.sub)).not.toBeNull();

    account({ email, emailVerified: true });
    const owner = new Browser();
    await socialSignIn(owner);
    expect((await owner.me()).json.user).toMatchObject({ id: registered.json.user.id, emailVerified: true, hasPassword: false });
    expect((await squatter.me()).status).toBe(401);
    expect((await new Browser().post(`${appUrl}/api/auth/login`, { email, password: 'Squatters-Password-1957' })).status).toBe(401);
    expect(await socialLinkOf(squattersProvider.sub)).toBeNull();
    expect((await owner.get(`${appUrl}/api/auth/social/list`)).json.accounts).toHaveLength(1);
    // The squatter's provider account no longer leads into the owner's account.
    peer.signInAs(squattersProvider.sub);
    const again = new Browser();
    await socialSignIn(again);
    expect((await again.me()).json.user.id).not.toBe(registered.json.user.id);
  });
});

describe('linking to the signed-in member', () => {
  it('links a provider account (whatever its e-mail) to the signed-in caller, who stays signed in', async () => {
    const browser = new Browser();
    const member = await browser.signInByMagicLink(`linker.${randomUUID().slice(0, 8)}@example.org`);
    const accessBefore = browser.jar(appUrl).get('olp_access');
    const a = account({ email: `other.${randomUUID().slice(0, 8)}@example.org`, emailVerified: false });
    const { final } = await socialSignIn(browser, { redirect: '/settings/security' });
    expect(final.location).toBe(`${appUrl}/settings/security`);
    expect(browser.jar(appUrl).get('olp_access')).toBe(accessBefore);
    expect((await browser.me()).json.user).toMatchObject({ id: member.id, email: member.email, hasSocialLogin: true });
    const list = await browser.get(`${appUrl}/api/auth/social/list`);
    expect(list.status).toBe(200);
    expect(list.json).toEqual({
      success: true,
      accounts: [{ id: expect.any(String), provider: 'testid', providerName: 'Testid', email: a.email, emailVerified: false, linkedAt: expect.any(String), lastUsedAt: expect.any(String) }],
    });
    expect(Date.parse(list.json.accounts[0].linkedAt)).not.toBeNaN();
    expect(await lastAudit(member.id)).toMatchObject({ action: 'social.linked', outcome: 'success', method: 'SOCIAL', detail: { provider: 'testid' } });

    // The linked account now signs this member in.
    const later = new Browser();
    await socialSignIn(later);
    expect((await later.me()).json.user.id).toBe(member.id);
  });

  it('refuses to link a provider account that belongs to another member', async () => {
    const a = account({ emailVerified: true });
    const owner = new Browser();
    await socialSignIn(owner);
    const ownerId = (await owner.me()).json.user.id;
    const other = new Browser();
    const otherMember = await other.signInByMagicLink(`other.${randomUUID().slice(0, 8)}@example.org`);
    peer.signInAs(a.sub);
    const { final } = await socialSignIn(other);
    expect(errorOf(final)).toBe('SOCIAL_ACCOUNT_LINKED_ELSEWHERE');
    expect((await socialLinkOf(a.sub))?.userId).toBe(ownerId);
    expect((await other.me()).json.user.id).toBe(otherMember.id);
    expect((await other.get(`${appUrl}/api/auth/social/list`)).json.accounts).toEqual([]);
  });

  it('GET /api/auth/social/list needs a session', async () => {
    const res = await new Browser().get(`${appUrl}/api/auth/social/list`);
    expect(res.status).toBe(401);
  });

  it('removing SOCIAL unlinks every provider account', async () => {
    const browser = new Browser();
    await browser.signInByMagicLink(`unlink.${randomUUID().slice(0, 8)}@example.org`);
    const first = account({ emailVerified: false });
    await socialSignIn(browser);
    const second = account({ emailVerified: false });
    browser.forgetProvider();
    await socialSignIn(browser);
    expect((await browser.get(`${appUrl}/api/auth/social/list`)).json.accounts).toHaveLength(2);
    const removed = await browser.request('DELETE', `${appUrl}/api/auth/methods`, { body: { method: 'SOCIAL' } });
    expect(removed.status).toBe(200);
    expect(removed.json.methods).toEqual(['MAGIC_LINK']);
    expect((await browser.get(`${appUrl}/api/auth/social/list`)).json.accounts).toEqual([]);
    expect(await socialLinkOf(first.sub)).toBeNull();
    expect(await socialLinkOf(second.sub)).toBeNull();
  });
});

describe('state, nonce and PKCE', () => {
  it('refuses a tampered state, and the flow it was meant for is spent', async () => {
    account();
    const browser = new Browser();
    let genuine = '';
    const { final } = await socialSignIn(browser, {
      tamperCallback: (url) => {
        genuine = url.toString();
        url.searchParams.set('state', 'attacker-chosen-state');
      },
    });
    expect(errorOf(final)).toBe('SOCIAL_STATE_MISMATCH');
    expect((await browser.me()).status).toBe(401);
    // Single use: the genuine callback cannot be played after a failed one either.
    expect(errorOf(await browser.get(genuine))).toBe('SOCIAL_FLOW_EXPIRED');
  });

  it('refuses a replayed state (the same callback twice), with or without the flow cookie', async () => {
    const a = account();
    const browser = new Browser();
    const connect = await browser.get(`${appUrl}/api/auth/connect/testid`);
    const flowToken = browser.jar(appUrl).get(SOCIAL_FLOW_COOKIE)!;
    const { callbackUrl } = await throughProvider(browser, connect.location!);
    const first = await browser.get(callbackUrl!);
    expect(first.location).toBe(`${appUrl}/`);
    expect(browser.jar(appUrl).has(SOCIAL_FLOW_COOKIE)).toBe(false);

    const replay = new Browser();
    replay.jar(appUrl).set(SOCIAL_FLOW_COOKIE, flowToken);
    expect(errorOf(await replay.get(callbackUrl!))).toBe('SOCIAL_FLOW_EXPIRED');
    expect((await replay.me()).status).toBe(401);
    expect(errorOf(await new Browser().get(callbackUrl!))).toBe('SOCIAL_FLOW_EXPIRED');
    expect((await socialLinkOf(a.sub))?.userId).toBeDefined();
  });

  it('refuses a callback opened in a browser that did not start the flow (login CSRF)', async () => {
    account();
    const victim = new Browser();
    const attacker = new Browser();
    const connect = await attacker.get(`${appUrl}/api/auth/connect/testid`);
    const { callbackUrl } = await throughProvider(attacker, connect.location!);
    expect(errorOf(await victim.get(callbackUrl!))).toBe('SOCIAL_FLOW_EXPIRED');
    expect((await victim.me()).status).toBe(401);
  });

  it('refuses an ID token whose nonce is not the one this flow sent', async () => {
    const a = account();
    const browser = new Browser();
    const { final } = await socialSignIn(browser, { tamperAuthorize: (url) => url.searchParams.set('nonce', 'a-nonce-the-app-never-made') });
    expect(errorOf(final)).toBe('SOCIAL_SIGN_IN_FAILED');
    expect((await browser.me()).status).toBe(401);
    expect(await socialLinkOf(a.sub)).toBeNull();
    const [event] = await server.services.database.db.selectFrom('audit_events').select(['detail']).where('action', '=', 'sign_in').where('method', '=', 'SOCIAL').orderBy('id', 'desc').limit(1).execute();
    expect(JSON.stringify(event?.detail)).toMatch(/nonce/);
  });

  it('refuses a code redeemed without the PKCE verifier of its challenge', async () => {
    const a = account();
    const browser = new Browser();
    const other = await nodeSecretsChallenge();
    const { final } = await socialSignIn(browser, { tamperAuthorize: (url) => url.searchParams.set('code_challenge', other) });
    expect(errorOf(final)).toBe('SOCIAL_SIGN_IN_FAILED');
    expect((await browser.me()).status).toBe(401);
    expect(await socialLinkOf(a.sub)).toBeNull();
    const [event] = await server.services.database.db.selectFrom('audit_events').select(['detail']).where('action', '=', 'sign_in').where('method', '=', 'SOCIAL').orderBy('id', 'desc').limit(1).execute();
    expect(JSON.stringify(event?.detail)).toMatch(/invalid_grant|PKCE|code_verifier/i);
  });

  it('the provider will not run the flow without PKCE', async () => {
    account();
    const browser = new Browser();
    const connect = await browser.get(`${appUrl}/api/auth/connect/testid`);
    const url = new URL(connect.location!);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const { callbackUrl } = await throughProvider(browser, url.href);
    // The refusal comes back to the (registered) callback as an error answer, and the app refuses it.
    expect(new URL(callbackUrl!).searchParams.get('error')).toBe('invalid_request');
    expect(new URL(callbackUrl!).searchParams.get('code')).toBeNull();
    expect(errorOf(await browser.get(callbackUrl!))).toBe('SOCIAL_SIGN_IN_FAILED');
    expect((await browser.me()).status).toBe(401);
  });
});

describe('the redirect URI', () => {
  it('is APP_URL + /api/auth/connect/{provider}/callback exactly, whatever Host the request came with', async () => {
    const res = await new Browser().get(`${appUrl}/api/auth/connect/testid`, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(new URL(res.location!).searchParams.get('redirect_uri')).toBe(`${appUrl}/api/auth/connect/testid/callback`);
  });

  it('the provider refuses any other redirect URI, so no code is sent elsewhere', async () => {
    account();
    for (const other of [`${callbackBase}/`, `${callbackBase}?next=/x`, `${appUrl}/api/auth/connect/testid/callback2`, callbackBase.replace('localhost', '127.0.0.1')]) {
      const browser = new Browser();
      const connect = await browser.get(`${appUrl}/api/auth/connect/testid`);
      const url = new URL(connect.location!);
      url.searchParams.set('redirect_uri', other);
      const { callbackUrl, last } = await throughProvider(browser, url.href);
      expect(callbackUrl, other).toBeNull();
      expect(last.status, other).toBe(400);
      expect(last.json, other).toMatchObject({ error: 'invalid_redirect_uri' });
    }
  });
});

/** A valid-looking S256 challenge of some other verifier. */
async function nodeSecretsChallenge() {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(nodeSecrets.token()).digest('base64url');
}
