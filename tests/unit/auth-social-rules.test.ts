/** The pure rules of social sign-in: who a returning provider identity becomes, and where the browser may go. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideSocialSignIn, isVerifiedClaim, normaliseProviderEmail, safeRedirectPath } from '../../domain/auth/social';

const base = { linkingUserId: null, linkedUserId: null, email: 'a@example.org', emailVerified: true, accountWithEmailId: null };

describe('decideSocialSignIn', () => {
  it.each([
    ['linking, provider account free', { linkingUserId: 'me' }, { kind: 'link_to_caller' }],
    ['linking, an unverified e-mail is fine (the caller proved who they are)', { linkingUserId: 'me', emailVerified: false, accountWithEmailId: 'someone' }, { kind: 'link_to_caller' }],
    ['linking, already linked to the caller', { linkingUserId: 'me', linkedUserId: 'me' }, { kind: 'already_linked_to_caller' }],
    ['linking, linked to someone else', { linkingUserId: 'me', linkedUserId: 'other' }, { kind: 'refuse', code: 'SOCIAL_ACCOUNT_LINKED_ELSEWHERE' }],
    ['linked: sign its member in, whatever the e-mail says', { linkedUserId: 'm', email: null, emailVerified: false, accountWithEmailId: 'x' }, { kind: 'sign_in_linked' }],
    ['no e-mail, not linked', { email: null }, { kind: 'refuse', code: 'SOCIAL_EMAIL_MISSING' }],
    ['verified e-mail of an existing account', { accountWithEmailId: 'm' }, { kind: 'link_existing_and_sign_in' }],
    ['unverified e-mail of an existing account: no takeover', { accountWithEmailId: 'm', emailVerified: false }, { kind: 'refuse', code: 'SOCIAL_EMAIL_UNVERIFIED' }],
    ['verified e-mail, no account', {}, { kind: 'create_and_sign_in' }],
    ['unverified e-mail, no account', { emailVerified: false }, { kind: 'create_and_sign_in' }],
  ])('%s', (_name, input, expected) => {
    expect(decideSocialSignIn({ ...base, ...input })).toEqual(expected);
  });

  it('never hands an existing account to an unverified e-mail of someone not signed in', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: null }), fc.option(fc.emailAddress(), { nil: null }), fc.string({ minLength: 1 }), (linkedUserId, email, owner) => {
        const decision = decideSocialSignIn({ linkingUserId: null, linkedUserId, email, emailVerified: false, accountWithEmailId: owner });
        expect(decision.kind === 'link_existing_and_sign_in').toBe(false);
      }),
    );
  });
});

describe('safeRedirectPath', () => {
  const origin = 'https://learn.example.org';
  it.each([
    ['/dashboard', '/dashboard'],
    ['/entry/1?x=1#top', '/entry/1?x=1#top'],
    ['https://learn.example.org/profile', '/profile'],
    ['dashboard', '/dashboard'],
  ])('keeps %s as %s', (raw, expected) => {
    expect(safeRedirectPath(raw, origin)).toBe(expected);
  });

  it.each(['https://evil.test/', '//evil.test', '/\\evil.test', '\\\\evil.test', 'javascript:alert(1)', 'http://learn.example.org/x', 'https://learn.example.org.evil.test/', '/x\ny', '', null, undefined])('drops %j', (raw) => {
    expect(safeRedirectPath(raw, origin)).toBeNull();
  });

  it('only ever answers a path on the app origin', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath()), (raw) => {
        const path = safeRedirectPath(raw, origin);
        if (path === null) return;
        expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
        expect(new URL(path, origin).origin).toBe(origin);
      }),
      { numRuns: 500 },
    );
  });
});

describe('provider claims', () => {
  it('accepts a well-formed e-mail, lower-cased, and nothing else', () => {
    expect(normaliseProviderEmail(' Ada@Example.ORG ')).toBe('ada@example.org');
    for (const bad of [undefined, null, 42, '', 'not-an-address', 'a@b', `${'x'.repeat(250)}@example.org`]) expect(normaliseProviderEmail(bad)).toBeNull();
  });

  it('reads email_verified as true only for true or "true"', () => {
    expect([true, 'true', false, 'false', 1, undefined].map(isVerifiedClaim)).toEqual([true, true, false, false, false, false]);
  });
});
