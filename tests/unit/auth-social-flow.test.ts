/**
 * The social sign-in use cases with the memory adapters and a scripted relying party: the paths a
 * real provider cannot easily produce (races, a provider that does not answer, flows that expire).
 */
import { describe, expect, it } from 'vitest';
import { nodeSecrets } from '../../adapters/crypto/secrets';
import { memoryAuditLog } from '../../adapters/memory/auth/audit-log';
import { createMemoryKeyValueStore } from '../../adapters/memory/key-value-store';
import { memoryPasskeys } from '../../adapters/memory/auth/passkeys';
import { memorySessions } from '../../adapters/memory/auth/sessions';
import { memorySocialAccounts } from '../../adapters/memory/auth/social-accounts';
import { memoryUsers } from '../../adapters/memory/auth/users';
import { createOidcRelyingParty } from '../../adapters/oidc/relying-party';
import type { AuthDeps } from '../../application/auth/deps';
import { beginSocialSignIn, completeSocialSignIn } from '../../application/auth/social';
import type { SocialIdentityProviders } from '../../application/ports/social-identity';
import { socialError, type SocialIdentity } from '../../domain/auth/social';
import { AppError } from '../../domain/shared/errors';
import { testClock } from '../support/clock';

const client = { ip: '203.0.113.9', network: '203.0.113.9', userAgent: 'test' };

function setup(identity: () => Promise<SocialIdentity>) {
  const clock = testClock(new Date('2030-01-01T10:00:00Z'));
  const providers: SocialIdentityProviders = {
    list: () => [{ id: 'acme', name: 'Acme' }],
    find: (id) => (id === 'acme' ? { id, name: 'Acme' } : null),
    authorizationUrl: async (_id, r) => `https://id.acme.test/authorize?state=${r.state}`,
    complete: async () => identity(),
  };
  const d = {
    clock,
    secrets: nodeSecrets,
    kv: createMemoryKeyValueStore(),
    users: memoryUsers(),
    sessions: memorySessions(),
    audit: memoryAuditLog(),
    socialAccounts: memorySocialAccounts(),
    passkeys: memoryPasskeys(),
    socialProviders: providers,
    settings: { appUrl: 'https://learn.example.org', allowedAppOrigins: ['https://learn.example.org'], magicLinkTtlSeconds: 900, magicLinkPaceSeconds: 60, adminEmails: ['boss@example.org'], productName: 'Test' },
  } satisfies Partial<AuthDeps>;
  const start = async (actor: Parameters<typeof beginSocialSignIn>[1] = null) => {
    const started = await beginSocialSignIn(d, actor, { provider: 'acme' });
    const state = new URL(started.authorizationUrl).searchParams.get('state')!;
    return { flowToken: started.flowToken, params: { code: 'c', state } };
  };
  return { d, clock, start };
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('completeSocialSignIn', () => {
  it('refuses a flow older than 10 minutes', async () => {
    const { d, clock, start } = setup(async () => ({ subject: 's', email: 'a@example.org', emailVerified: true, givenName: null, familyName: null }));
    const flow = await start();
    clock.advance(10 * 60 * 1000 + 1);
    expect(await codeOf(completeSocialSignIn(d, { provider: 'acme', actor: null, ...flow }, client))).toBe('SOCIAL_FLOW_EXPIRED');
  });

  it('reports a provider that does not answer as unavailable, and the flow is spent', async () => {
    const { d, start } = setup(async () => {
      throw socialError('SOCIAL_PROVIDER_UNAVAILABLE', new Error('fetch failed'));
    });
    const flow = await start();
    expect(await codeOf(completeSocialSignIn(d, { provider: 'acme', actor: null, ...flow }, client))).toBe('SOCIAL_PROVIDER_UNAVAILABLE');
    expect(await codeOf(completeSocialSignIn(d, { provider: 'acme', actor: null, ...flow }, client))).toBe('SOCIAL_FLOW_EXPIRED');
  });

  it('treats an unexpected failure of the relying party as a failed sign-in', async () => {
    const { d, start } = setup(async () => {
      throw new Error('boom');
    });
    expect(await codeOf(completeSocialSignIn(d, { provider: 'acme', actor: null, ...(await start()) }, client))).toBe('SOCIAL_SIGN_IN_FAILED');
  });

  it('links one provider account to one member when two members link it at once', async () => {
    const { d, start } = setup(async () => ({ subject: 'shared-sub', email: null, emailVerified: false, givenName: null, familyName: null }));
    const members = await Promise.all(['one', 'two'].map(async (n) => (await d.users.createOrGet({ email: `${n}@example.org`, emailVerified: true, roles: ['MEMBER'] }, d.clock.now())).user));
    const actorOf = (userId: string) => ({ userId, email: '', roles: ['MEMBER' as const], sessionId: nodeSecrets.uuid(), signedInAt: d.clock.now(), verifiedAt: d.clock.now() });
    const flows = await Promise.all(members.map((m) => start(actorOf(m.id))));
    const results = await Promise.all(flows.map((flow, i) => codeOf(completeSocialSignIn(d, { provider: 'acme', actor: actorOf(members[i]!.id), ...flow }, client))));
    expect(results.sort()).toEqual(['SOCIAL_ACCOUNT_LINKED_ELSEWHERE', 'resolved']);
    const owner = (await d.socialAccounts.bySubject('acme', 'shared-sub'))!.userId;
    expect(members.map((m) => m.id)).toContain(owner);
  });

  it('refuses a callback signed in as someone other than the member who started linking', async () => {
    const { d, start } = setup(async () => ({ subject: 'x', email: null, emailVerified: false, givenName: null, familyName: null }));
    const me = (await d.users.createOrGet({ email: 'me@example.org', emailVerified: true, roles: ['MEMBER'] }, d.clock.now())).user;
    const actor = { userId: me.id, email: me.email, roles: me.roles, sessionId: nodeSecrets.uuid(), signedInAt: d.clock.now(), verifiedAt: d.clock.now() };
    const flow = await start(actor);
    expect(await codeOf(completeSocialSignIn(d, { provider: 'acme', actor: { ...actor, userId: nodeSecrets.uuid() }, ...flow }, client))).toBe('SOCIAL_SESSION_CHANGED');
    expect(await d.socialAccounts.countForUser(me.id)).toBe(0);
  });

  it('refuses to start linking from a session that signed in over 10 minutes ago, and starts nothing', async () => {
    const { d, clock, start } = setup(async () => ({ subject: 'late', email: null, emailVerified: false, givenName: null, familyName: null }));
    const me = (await d.users.createOrGet({ email: 'late@example.org', emailVerified: true, roles: ['MEMBER'] }, d.clock.now())).user;
    const actor = { userId: me.id, email: me.email, roles: me.roles, sessionId: nodeSecrets.uuid(), signedInAt: d.clock.now(), verifiedAt: d.clock.now() };
    clock.advance(11 * 60 * 1000);
    expect(await codeOf(start(actor))).toBe('REAUTHENTICATION_REQUIRED');
    // Re-authenticated (verifiedAt moves): linking starts and completes.
    const flow = await start({ ...actor, verifiedAt: d.clock.now() });
    expect((await completeSocialSignIn(d, { provider: 'acme', actor, ...flow }, client)).outcome).toBe('linked');
    expect(await d.socialAccounts.countForUser(me.id)).toBe(1);
  });

  it('reclaims a never-verified account by its verified provider address: what was set up before goes, and the timeline says so', async () => {
    const { d, start } = setup(async () => ({ subject: 'owner', email: 'owned@example.org', emailVerified: true, givenName: null, familyName: null }));
    const squatted = (await d.users.createOrGet({ email: 'owned@example.org', emailVerified: false, roles: ['MEMBER'] }, d.clock.now())).user;
    await d.users.update(squatted.id, { passwordHash: 'set-by-someone-else' }, d.clock.now());
    await d.sessions.create({ id: nodeSecrets.uuid(), userId: squatted.id, method: 'PASSWORD', ip: '198.51.100.1', userAgent: null, createdAt: d.clock.now(), lastUsedAt: d.clock.now(), expiresAt: new Date(d.clock.now().getTime() + 3_600_000) });
    const result = await completeSocialSignIn(d, { provider: 'acme', actor: null, ...(await start()) }, client);
    expect(result.user).toMatchObject({ id: squatted.id, emailVerified: true, passwordHash: null });
    expect((await d.sessions.listActive(squatted.id, d.clock.now())).map((s) => s.method)).toEqual(['SOCIAL']);
    const events = await d.audit.forUser(squatted.id, 10);
    expect(events.find((e) => e.action === 'account.reclaimed')).toMatchObject({ method: 'SOCIAL', detail: { provider: 'acme', removed: { password: true, revokedSessions: 1 } } });
  });

  it('grants ADMIN from ADMIN_EMAILS only to a verified address', async () => {
    let verified = false;
    const { d, start } = setup(async () => ({ subject: `boss-${verified}`, email: 'boss@example.org', emailVerified: verified, givenName: null, familyName: null }));
    const unverified = await completeSocialSignIn(d, { provider: 'acme', actor: null, ...(await start()) }, client);
    expect(unverified.user.roles).toEqual(['MEMBER']);
    // The same address, now verified by a provider: the existing account is claimed and gets ADMIN.
    verified = true;
    const proven = await completeSocialSignIn(d, { provider: 'acme', actor: null, ...(await start()) }, client);
    expect(proven.user.id).toBe(unverified.user.id);
    expect(proven.user.roles).toContain('ADMIN');
  });
});

describe('the OpenID Connect relying party', () => {
  const provider = { id: 'acme', name: 'Acme', issuer: 'http://127.0.0.1:9/', clientId: 'c', clientSecret: 's' };

  it('refuses a plain-http issuer in production, naming the variable', () => {
    expect(() => createOidcRelyingParty([provider], { allowHttpIssuers: false })).toThrow(/^Invalid configuration: OIDC_ACME_ISSUER must be an https URL/);
    expect(createOidcRelyingParty([provider], { allowHttpIssuers: true }).list()).toEqual([{ id: 'acme', name: 'Acme' }]);
  });

  it('answers SOCIAL_PROVIDER_UNAVAILABLE when the provider cannot be discovered, and SOCIAL_PROVIDER_UNKNOWN for others', async () => {
    const rp = createOidcRelyingParty([provider], { allowHttpIssuers: true });
    const request = { redirectUri: 'https://learn.example.org/api/auth/connect/acme/callback', state: 's', nonce: 'n', codeVerifier: nodeSecrets.token() };
    expect(await codeOf(rp.authorizationUrl('acme', request))).toBe('SOCIAL_PROVIDER_UNAVAILABLE');
    expect(await codeOf(rp.authorizationUrl('other', request))).toBe('SOCIAL_PROVIDER_UNKNOWN');
    expect(rp.find('other')).toBeNull();
  });
});
