import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../domain/auth/schemas';
import { authReducer, initialAuthState, shouldSkipRefresh, skipCheckReason, type AuthState } from '../../../web/src/lib/auth/state';
import { absoluteRedirectUrl, destinationLabel, safeRedirect } from '../../../web/src/lib/auth/redirect';

const user: AuthUser = {
  id: 'u1',
  email: 'ada@example.org',
  emailVerified: true,
  hasPassword: false,
  hasPasskey: true,
  hasSocialLogin: false,
  preferredAuthMethod: 'PASSKEY',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '+15555550100',
  country: 'US',
  language: 'en',
  birthYear: 1990,
  marketingOptIn: false,
  weeklyDigestOptIn: true,
  preferences: { theme: 'dark', emailNotifications: true, pushNotifications: false },
  roles: ['MEMBER', 'TEACHER'],
  isActive: true,
  needsProfileCompletion: false,
  hubspotContactId: null,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const signedIn = authReducer(initialAuthState, { type: 'signIn/succeeded', user, at: 1000 });

describe('auth state transitions (spec 000 §4)', () => {
  it('starts unauthenticated, active, everything else false or empty', () => {
    expect(initialAuthState).toMatchObject({ isAuthenticated: false, isLoading: false, isActive: true, roles: [], email: null, hasPassword: false, error: null });
  });
  it('check pending: loading', () => {
    expect(authReducer(initialAuthState, { type: 'check/pending' }).isLoading).toBe(true);
  });
  it('check success with a user: authenticated, fields copied, check time stored', () => {
    const s = authReducer({ ...initialAuthState, isLoading: true }, { type: 'check/succeeded', success: true, user, at: 42 });
    expect(s).toMatchObject({ isAuthenticated: true, isLoading: false, userId: 'u1', email: 'ada@example.org', firstName: 'Ada', roles: ['MEMBER', 'TEACHER'], hasPasskey: true, preferredAuthMethod: 'PASSKEY', lastChecked: 42 });
  });
  it('check success without the success flag: unauthenticated, check time stored', () => {
    const s = authReducer(signedIn, { type: 'check/succeeded', success: false, user, at: 50 });
    expect(s).toEqual({ ...initialAuthState, lastChecked: 50 });
  });
  it('check failure: unauthenticated, check and failure time stored', () => {
    expect(authReducer(signedIn, { type: 'check/failed', at: 60 })).toEqual({ ...initialAuthState, lastChecked: 60, lastFailureAt: 60 });
  });
  it('verify, register or login success: authenticated with the user', () => {
    expect(signedIn).toMatchObject({ isAuthenticated: true, email: 'ada@example.org', error: null });
  });
  it('sign-in failure: the error message is stored', () => {
    expect(authReducer(initialAuthState, { type: 'signIn/failed', message: 'Invalid or expired magic link' }).error).toBe('Invalid or expired magic link');
  });
  it('logout resets to the initial state', () => {
    expect(authReducer(signedIn, { type: 'logout' })).toEqual(initialAuthState);
  });
  it('refresh failure resets, recording the failure; refresh success ends loading', () => {
    expect(authReducer(signedIn, { type: 'refresh/failed', at: 7 })).toEqual({ ...initialAuthState, lastChecked: 7, lastFailureAt: 7 });
    expect(authReducer({ ...signedIn, isLoading: true }, { type: 'refresh/succeeded' })).toEqual(signedIn);
  });
  it('password setup: hasPassword, and PASSWORD preferred when asked', () => {
    expect(authReducer(signedIn, { type: 'passwordSetup/succeeded', setAsPreferred: false })).toMatchObject({ hasPassword: true, preferredAuthMethod: 'PASSKEY' });
    expect(authReducer(signedIn, { type: 'passwordSetup/succeeded', setAsPreferred: true })).toMatchObject({ hasPassword: true, preferredAuthMethod: 'PASSWORD' });
  });
  it('passkey setup: hasPasskey, and PASSKEY preferred when asked', () => {
    const s: AuthState = { ...signedIn, hasPasskey: false, preferredAuthMethod: null };
    expect(authReducer(s, { type: 'passkeySetup/succeeded', setAsPreferred: false })).toMatchObject({ hasPasskey: true, preferredAuthMethod: null });
    expect(authReducer(s, { type: 'passkeySetup/succeeded', setAsPreferred: true })).toMatchObject({ hasPasskey: true, preferredAuthMethod: 'PASSKEY' });
  });
  it('profile update replaces names, phone, country and birth year with the returned values', () => {
    const s = authReducer(signedIn, { type: 'profile/updated', user: { firstName: 'Augusta', lastName: 'King', phoneNumber: null, country: 'GB', birthYear: 1815 } });
    expect(s).toMatchObject({ firstName: 'Augusta', lastName: 'King', phoneNumber: null, country: 'GB', birthYear: 1815, email: 'ada@example.org' });
  });
  it('check failure may keep why it failed', () => {
    expect(authReducer(signedIn, { type: 'check/failed', at: 60, message: 'Invalid API response format' }).error).toBe('Invalid API response format');
  });
  it('a session the server no longer knows: signed out, with the reason', () => {
    expect(authReducer(signedIn, { type: 'session/lost', message: 'Not authenticated', at: 70 })).toEqual({ ...initialAuthState, lastChecked: 70, error: 'Not authenticated' });
  });
  it('a failed member call keeps the session and stores its message', () => {
    const s = authReducer({ ...signedIn, isLoading: true }, { type: 'request/failed', message: 'Failed to update profile' });
    expect(s).toEqual({ ...signedIn, error: 'Failed to update profile' });
  });
  it('methods fetch derives the has-flags and takes preferred method and emailVerified', () => {
    const s = authReducer(signedIn, { type: 'methods/fetched', methods: ['PASSWORD', 'SOCIAL', 'MAGIC_LINK'], preferredMethod: 'PASSWORD', emailVerified: false });
    expect(s).toMatchObject({ hasPassword: true, hasPasskey: false, hasSocialLogin: true, preferredAuthMethod: 'PASSWORD', emailVerified: false });
  });
});

describe('check timing (spec 000 §4, §9)', () => {
  it('skips checks for 5 minutes while authenticated', () => {
    expect(skipCheckReason(signedIn, 1000 + 299_999)).toBe('fresh');
    expect(skipCheckReason(signedIn, 1000 + 300_000)).toBeNull();
  });
  it('skips checks and refreshes for 60 s after a failure while unauthenticated', () => {
    const failed = authReducer(initialAuthState, { type: 'check/failed', at: 5000 });
    expect(skipCheckReason(failed, 5000 + 59_999)).toBe('recent-failure');
    expect(shouldSkipRefresh(failed, 5000 + 59_999)).toBe(true);
    expect(skipCheckReason(failed, 5000 + 60_000)).toBeNull();
    expect(shouldSkipRefresh(failed, 5000 + 60_000)).toBe(false);
  });
});

describe('redirect targets', () => {
  const origin = 'http://localhost:3000';
  it.each(['https://evil.test', '//evil.test', '/\\evil.test', 'https:evil.test', '%2F%2Fevil.test', 'javascript:alert(1)', '%252F%252Fevil.test', '', null, 'dashboard'])('%s ends on /', (candidate) => {
    expect(safeRedirect(candidate, origin)).toBe('/');
  });
  it.each(['/dashboard', '/entry/abc?x=1', '/dashboard/entry/9#top', '/books/atlas-shrugged'])('keeps the same-origin path %s', (path) => {
    expect(safeRedirect(path, origin)).toBe(path);
  });
  it('makes a safe relative redirect absolute on the current origin, and drops an unsafe one', () => {
    expect(absoluteRedirectUrl('/dashboard?tab=1', origin)).toBe('http://localhost:3000/dashboard?tab=1');
    expect(absoluteRedirectUrl('/', origin)).toBe('http://localhost:3000/');
    expect(absoluteRedirectUrl('https://evil.test/x', origin)).toBeNull();
    expect(absoluteRedirectUrl('//evil.test', origin)).toBeNull();
    expect(absoluteRedirectUrl(null, origin)).toBeNull();
    expect(absoluteRedirectUrl('', origin)).toBeNull();
  });
  it('names the destination', () => {
    expect(destinationLabel('/dashboard')).toBe('your dashboard');
    expect(destinationLabel('/')).toBe('your dashboard');
    expect(destinationLabel('/entry/1')).toBe('your contest entry');
    expect(destinationLabel('/dashboard/entry/1')).toBe('your contest entry');
    expect(destinationLabel('/books/atlas-shrugged')).toBe('your content');
  });
});
