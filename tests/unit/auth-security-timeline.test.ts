/**
 * The security timeline's pure rules (domain/auth/security-timeline.ts): the network shown instead
 * of the address, country names, each event's words; the device names (adapters/ua); the admin
 * inputs (domain/auth/admin-users.ts); and the use cases on the memory world: what 'This wasn't me'
 * ends and what an administrator may not do to themselves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '../../adapters/ua/device-names';
import { setMemberRoles, setMemberStatus } from '../../application/auth/admin-users';
import { endOtherSessions, securityTimeline } from '../../application/auth/security-timeline';
import type { Actor } from '../../domain/auth/actor';
import { adminUserListSchema, setUserRolesSchema } from '../../domain/auth/admin-users';
import { hasPermission, ROLE_DESCRIPTIONS, ROLES } from '../../domain/auth/roles';
import { countryName, describeEvent, maskIp, TIMELINE_ACTIONS } from '../../domain/auth/security-timeline';
import { authWorld } from '../support/auth-world';

describe('maskIp', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['10.0.0.1', '10.0.0.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['::FFFF:c633:6409', '198.51.100.0/24'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:0DB8:0000:0001::1', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['::1', '::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b::/64'],
    ['2001:0:0:1:ffff::1', '2001:0:0:1::/64'],
  ])('%s shows as %s', (ip, shown) => expect(maskIp(ip)).toBe(shown));

  it.each(['unknown', '', '256.1.1.1', '1.2.3', '1.2.3.4.5', '2001:db8::1::2', '2001:db8:1:2:3:4:5:6:7', '12345::', 'g::1', ':::', 'x'.repeat(200)])('answers null for %j', (ip) => expect(maskIp(ip)).toBeNull());

  it('never shows the last octet of an IPv4 address, nor the interface half of an IPv6 one', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        const shown = maskIp(ip)!;
        expect(shown.endsWith('.0/24')).toBe(true);
        expect(shown.split('.').slice(0, 3)).toEqual(ip.split('.').slice(0, 3).map((p) => String(Number(p))));
      }),
    );
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const shown = maskIp(ip);
        expect(shown).not.toBeNull();
        expect(shown!.endsWith('::/64') || shown!.endsWith('.0/24')).toBe(true);
      }),
    );
  });
});

describe('countryName', () => {
  it('names a country from its code, and nothing from what names none', () => {
    expect(countryName('FR')).toBe('France');
    expect(countryName('US')).toBe('United States');
    for (const code of ['XX', 'T1', 'fr', 'FRA', '', null, undefined, 42, 'ZZ']) expect(countryName(code)).toBeNull();
  });
});

describe('describeEvent', () => {
  const provider = (id: string) => (id === 'google' ? 'Google' : id);
  it.each([
    [{ action: 'sign_in', outcome: 'success', method: 'MAGIC_LINK' }, 'signed_in', 'Signed in with an email link', null],
    [{ action: 'sign_in', outcome: 'success', method: 'PASSWORD', detail: { registered: true } }, 'signed_in', 'Account created; signed in with your password', null],
    [{ action: 'sign_in', outcome: 'success', method: 'SOCIAL', detail: { provider: 'google' } }, 'signed_in', 'Signed in with Google', null],
    [{ action: 'sign_in', outcome: 'failure', method: 'PASSWORD', detail: { reason: 'invalid credentials' } }, 'sign_in_failed', 'Failed sign-in attempt with your password', 'Wrong password'],
    [{ action: 'sign_in', outcome: 'failure', method: 'PASSKEY', detail: { reason: 'signature' } }, 'sign_in_failed', 'Failed sign-in attempt with a passkey', null],
    [{ action: 'logout', outcome: 'success', sessionId: 's1' }, 'signed_out', 'Signed out', null],
    [{ action: 'logout', outcome: 'success', sessionId: 's1', detail: { endedFrom: 's2' } }, 'session_ended', 'A session was ended from another device', null],
    [{ action: 'sessions.ended', outcome: 'success', detail: { count: 1 } }, 'sessions_ended', 'Signed out everywhere else', '1 session ended'],
    [{ action: 'refresh.reuse_detected', outcome: 'failure' }, 'session_reuse', 'A session was ended for your safety', 'Its sign-in was used again after it had been replaced, which can mean it was copied'],
    [{ action: 'password.set', outcome: 'success', detail: { changed: false } }, 'password_set', 'Password set', null],
    [{ action: 'password.set', outcome: 'success', detail: { changed: true } }, 'password_changed', 'Password changed', null],
    [{ action: 'password.set', outcome: 'failure', detail: { reason: 'wrong current password' } }, 'password_change_failed', 'Password change refused', 'Wrong current password'],
    [{ action: 'method.added', outcome: 'success', method: 'MAGIC_LINK' }, 'method_added', 'Sign-in by email link turned on', null],
    [{ action: 'method.removed', outcome: 'success', method: 'PASSKEY' }, 'method_removed', 'All passkeys removed', null],
    [{ action: 'method.removed', outcome: 'success', method: 'MAGIC_LINK' }, 'method_removed', 'Sign-in by email link turned off', null],
    [{ action: 'method.preferred', outcome: 'success', method: 'PASSKEY' }, 'method_preferred', 'Preferred sign-in method set to passkey', null],
    [{ action: 'passkey.registered', outcome: 'success' }, 'passkey_added', 'Passkey added', null],
    [{ action: 'passkey.registered', outcome: 'failure', detail: { reason: 'challenge' } }, 'passkey_add_failed', 'A passkey could not be added', null],
    [{ action: 'passkey.renamed', outcome: 'success' }, 'passkey_renamed', 'Passkey renamed', null],
    [{ action: 'passkey.removed', outcome: 'success' }, 'passkey_removed', 'Passkey removed', null],
    [{ action: 'social.linked', outcome: 'success', detail: { provider: 'google' } }, 'account_linked', 'Google account linked', null],
    [{ action: 'reauthenticate', outcome: 'success', method: 'PASSWORD' }, 'reauthenticated', 'Confirmed it was you with your password', null],
    [{ action: 'reauthenticate', outcome: 'failure', method: 'PASSWORD' }, 'reauthentication_failed', 'Failed attempt to confirm it was you with your password', null],
    [{ action: 'user.roles_changed', outcome: 'success', detail: { before: ['MEMBER'], after: ['MEMBER', 'GRADER'] } }, 'roles_changed', 'Your roles were changed by an administrator', 'Now: MEMBER, GRADER (before: MEMBER)'],
    [{ action: 'user.status_changed', outcome: 'success', detail: { before: true, after: false, sessionsEnded: 1 } }, 'status_changed', 'Your account was deactivated by an administrator', '1 active session was ended'],
    [{ action: 'user.status_changed', outcome: 'success', detail: { before: false, after: true } }, 'status_changed', 'Your account was reactivated by an administrator', null],
  ] as const)('%j is %s: %s', (event, kind, label, note) => {
    const described = describeEvent(event, provider);
    expect(described).toMatchObject({ kind, label, note });
    expect(described.byAdministrator).toBe(event.action.startsWith('user.'));
  });

  it('has words for every action the timeline reads', () => {
    for (const action of TIMELINE_ACTIONS) {
      const { label } = describeEvent({ action, outcome: 'success' });
      expect(label.length, action).toBeGreaterThan(3);
    }
  });
});

describe('device names', () => {
  it.each([
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iPad'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36', 'Headless Chrome on Linux'],
    ['curl/8.5.0', 'curl (a program)'],
    ['python-requests/2.31', 'python-requests (a program)'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
    ['???', 'Unknown device'],
  ])('%j is %s', (agent, name) => expect(describeUserAgent(agent)).toBe(name));

  it('reads only the start of an overlong agent', () => {
    expect(describeUserAgent(`Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 ${'('.repeat(100_000)}`)).toBe('Chrome on macOS');
  });
});

describe('the admin inputs', () => {
  it('keeps MEMBER, drops duplicates and orders roles as the table does', () => {
    expect(setUserRolesSchema.parse({ id: 'u', roles: ['ADMIN', 'GRADER', 'GRADER'] }).roles).toEqual(['MEMBER', 'GRADER', 'ADMIN']);
    expect(setUserRolesSchema.parse({ id: 'u', roles: [] }).roles).toEqual(['MEMBER']);
  });

  it('names unknown roles, cut short and without control characters', () => {
    const result = setUserRolesSchema.safeParse({ id: 'u', roles: [`BAD\u0000${'X'.repeat(100)}`] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(`Unknown role: BAD?${'X'.repeat(36)}…. Valid roles: ${ROLES.join(', ')}`);
  });

  it('reads the list query with its defaults', () => {
    expect(adminUserListSchema.parse(undefined)).toEqual({ filter: {}, page: 1, limit: 20 });
    expect(adminUserListSchema.parse({ search: '  ada ', filter: { role: 'GRADER', isActive: 'true' }, page: '3', limit: '50' })).toEqual({ search: 'ada', filter: { role: 'GRADER', isActive: true }, page: 3, limit: 50 });
  });

  it('describes every role, and gives users.manage to ADMIN alone', () => {
    expect(Object.keys(ROLE_DESCRIPTIONS).sort()).toEqual([...ROLES].sort());
    expect(ROLES.filter((role) => hasPermission([role], 'users.manage'))).toEqual(['ADMIN']);
  });
});

describe('the use cases', () => {
  const client = { ip: '198.51.100.4', network: '198.51.100.4', userAgent: 'curl/8.5.0' };
  async function world() {
    const w = authWorld();
    const now = w.clock.now();
    const { user } = await w.d.users.createOrGet({ email: 'ada@example.org', emailVerified: true, roles: ['MEMBER', 'ADMIN'] }, now);
    const session = (id: string) => w.d.sessions.create({ id, userId: user.id, method: 'PASSWORD', ip: '198.51.100.4', userAgent: null, createdAt: now, lastUsedAt: now, expiresAt: new Date(now.getTime() + 3_600_000) });
    for (const id of ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333']) await session(id);
    const actor: Actor = { userId: user.id, email: user.email, roles: user.roles, sessionId: '11111111-1111-4111-8111-111111111111', signedInAt: now, verifiedAt: now };
    return { ...w, user, actor };
  }

  it("'This wasn't me' ends the other sessions and keeps the caller's", async () => {
    const w = await world();
    expect(await endOtherSessions(w.d, w.actor, client)).toEqual({ endedSessions: 2 });
    expect((await w.d.sessions.listActive(w.user.id, w.clock.now())).map((s) => s.id)).toEqual([w.actor.sessionId]);
    const page = await securityTimeline(w.d, w.actor, { page: 1, limit: 20 });
    expect(page.events[0]).toMatchObject({ kind: 'sessions_ended', note: '2 sessions ended', device: 'curl (a program)', ip: '198.51.100.0/24', thisDevice: true });
    await expect(endOtherSessions(w.d, null, client)).rejects.toMatchObject({ kind: 'unauthenticated' });
  });

  it('refuses self-demotion and self-deactivation, and anyone without users.manage', async () => {
    const w = await world();
    await expect(setMemberRoles(w.d, w.actor, { id: w.user.id, roles: ['MEMBER'] }, client)).rejects.toMatchObject({ kind: 'rule_violation', code: 'CANNOT_REMOVE_OWN_ADMIN' });
    await expect(setMemberStatus(w.d, w.actor, { id: w.user.id, isActive: false }, client)).rejects.toMatchObject({ kind: 'rule_violation', code: 'CANNOT_DEACTIVATE_SELF' });
    const editor = { ...w.actor, roles: ['MEMBER' as const, 'CONTENT_EDITOR' as const] };
    await expect(setMemberStatus(w.d, editor, { id: w.user.id, isActive: false }, client)).rejects.toMatchObject({ kind: 'forbidden' });
    expect((await w.d.users.byId(w.user.id))).toMatchObject({ roles: ['MEMBER', 'ADMIN'], isActive: true });
  });
});
