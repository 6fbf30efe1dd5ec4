import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../../../web/src/lib/auth/AuthProvider';
import { aUser, failure, fakeAuthServer, probe, renderWithAuth, useFakeClock, type FakeAuthServer } from './auth-fixtures';

let server: FakeAuthServer;

beforeEach(() => {
  useFakeClock();
  server = fakeAuthServer();
});

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const auth = (): AuthContextValue => probe.auth!;
const checks = () => server.callsTo('GET /api/auth/auth-status').length;
const refreshes = () => server.callsTo('POST /api/auth/refresh').length;

async function start() {
  const view = renderWithAuth({ path: '/', routes: [{ index: true, element: <p>Home</p> }] });
  await elapse(0);
  return view;
}

/** Runs a context call inside act and lets its answer arrive (retries included). */
async function run<T>(call: () => Promise<T>, ms = 0): Promise<{ value?: T; error?: unknown }> {
  let outcome: Promise<{ value?: T; error?: unknown }> = Promise.resolve({});
  await act(async () => {
    outcome = call().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.advanceTimersByTimeAsync(ms);
  });
  return outcome;
}

describe('the session check (spec 000 §4, §9)', () => {
  it('checks once on load and signs in with the user it answers', async () => {
    server.signedIn(aUser({ roles: ['MEMBER', 'GRADER'] }));
    await start();
    expect(checks()).toBe(1);
    expect(auth().settled).toBe(true);
    expect(auth().state).toMatchObject({ isAuthenticated: true, isLoading: false, userId: 'u-1', email: 'hank.rearden@example.org', roles: ['MEMBER', 'GRADER'], lastChecked: Date.now() });
  });

  it('without a session: unauthenticated, and no refresh is tried for a visitor who never signed in', async () => {
    await start();
    expect(auth().settled).toBe(true);
    expect(auth().state).toMatchObject({ isAuthenticated: false, lastChecked: Date.now(), lastFailureAt: null, error: null });
    expect(refreshes()).toBe(0);
  });

  it('caches the answer 5 minutes while signed in', async () => {
    server.signedIn();
    await start();
    expect((await run(() => auth().checkAuth())).value).toEqual({ status: 'skipped', reason: 'fresh' });
    await elapse(299_000);
    expect((await run(() => auth().checkAuth())).value).toEqual({ status: 'skipped', reason: 'fresh' });
    expect(checks()).toBe(1);
    await elapse(1_000);
    expect((await run(() => auth().checkAuth())).value).toEqual({ status: 'authenticated' });
    expect(checks()).toBe(2);
  });

  it('after a failed check, checks and refreshes are skipped for 60 s', async () => {
    server.on('GET /api/auth/auth-status', failure(503, 'UPSTREAM_UNAVAILABLE', 'Down'));
    await start();
    await elapse(4_000);
    expect(checks()).toBe(4);
    // Three retries 1 s apart, then the failure.
    expect(auth().state).toMatchObject({ isAuthenticated: false, lastFailureAt: Date.now() - 1_000 });

    expect((await run(() => auth().checkAuth())).value).toEqual({ status: 'skipped', reason: 'Recent auth failure - skipping check' });
    expect((await run(() => auth().refreshSession())).value).toEqual({ status: 'skipped', reason: 'Recent auth failure - skipping check' });
    expect(checks()).toBe(4);
    expect(refreshes()).toBe(0);

    server.signedIn();
    await elapse(58_999);
    expect((await run(() => auth().checkAuth())).value).toMatchObject({ status: 'skipped' });
    await elapse(1);
    expect((await run(() => auth().checkAuth())).value).toEqual({ status: 'authenticated' });
  });

  it('an answer of the wrong shape is a failed check with the spec’s message', async () => {
    server.on('GET /api/auth/auth-status', { body: { success: true, authenticated: 'yes' } });
    await start();
    expect(auth().state).toMatchObject({ isAuthenticated: false, error: 'Invalid API response format', lastFailureAt: Date.now() });
  });

  it('an answer whose success flag is false: unauthenticated, check time stored, no back-off', async () => {
    server.on('GET /api/auth/auth-status', { body: { success: false, code: 'NOPE', message: 'No' } });
    await start();
    expect(auth().state).toMatchObject({ isAuthenticated: false, lastChecked: Date.now(), lastFailureAt: null });
  });

  it('a returning member whose access cookie lapsed is signed in again by one refresh', async () => {
    localStorage.setItem('olp:had-session', '1');
    server.on('POST /api/auth/refresh', { body: { success: true, user: aUser() } });
    await start();
    expect(refreshes()).toBe(1);
    expect(auth().state).toMatchObject({ isAuthenticated: true, email: 'hank.rearden@example.org' });
  });

  it('when that refresh is refused, the failure is recorded and the hint forgotten', async () => {
    localStorage.setItem('olp:had-session', '1');
    await start();
    expect(refreshes()).toBe(1);
    expect(auth().state).toMatchObject({ isAuthenticated: false, lastFailureAt: Date.now() });
    expect(localStorage.getItem('olp:had-session')).toBeNull();
  });
});

describe('the session refresh (spec 000 §4, §9)', () => {
  it('refreshes every 240000 ms while signed in', async () => {
    server.signedIn();
    await start();
    await elapse(239_999);
    expect(refreshes()).toBe(0);
    await elapse(1);
    expect(refreshes()).toBe(1);
    expect(auth().state.isAuthenticated).toBe(true);
    await elapse(240_000);
    expect(refreshes()).toBe(2);
  });

  it('a 401 ends the session, records the failure time and stops refreshing', async () => {
    server.signedIn();
    await start();
    server.on('POST /api/auth/refresh', failure(401, 'REFRESH_FAILED', 'Not authenticated'));
    await elapse(240_000);
    expect(auth().state).toMatchObject({ isAuthenticated: false, userId: null, lastFailureAt: Date.now() });
    expect((await run(() => auth().checkAuth())).value).toEqual({ status: 'skipped', reason: 'Recent auth failure - skipping check' });
    await elapse(480_000);
    expect(refreshes()).toBe(1);
  });

  it('a network failure (after the retries) keeps the session and tries again at the next interval', async () => {
    server.signedIn();
    await start();
    server.on('POST /api/auth/refresh', () => new TypeError('Failed to fetch'));
    await elapse(244_000);
    expect(refreshes()).toBe(4);
    expect(auth().state.isAuthenticated).toBe(true);
    await elapse(240_000);
    expect(refreshes()).toBe(8);
  });
});

describe('member calls and their messages (spec 000 §8)', () => {
  it('loadUser: fresh details; 401 signs out with "Not authenticated"', async () => {
    server.signedIn();
    await start();
    server.on('GET /api/auth/me', { body: { success: true, user: aUser({ firstName: 'Henry' }) } });
    expect((await run(() => auth().loadUser())).value).toMatchObject({ firstName: 'Henry' });
    expect(auth().state.firstName).toBe('Henry');

    server.on('GET /api/auth/me', failure(401, 'UNAUTHENTICATED', 'Not authenticated'));
    expect((await run(() => auth().loadUser())).error).toBeDefined();
    expect(auth().state).toMatchObject({ isAuthenticated: false, error: 'Not authenticated' });
  });

  it.each([
    ['a server error', failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'), 'Failed to fetch user data'],
    ['a wrong shape', { body: { success: true, user: { id: 7 } } }, 'Invalid API response format'],
  ])('loadUser after %s keeps the session with the message', async (_label, reply, message) => {
    server.signedIn();
    await start();
    server.on('GET /api/auth/me', reply);
    await run(() => auth().loadUser(), 4_000);
    expect(auth().state).toMatchObject({ isAuthenticated: true, error: message });
  });

  it('updateProfile replaces the names; its failure says "Failed to update profile"', async () => {
    server.signedIn(aUser({ firstName: null, lastName: null, needsProfileCompletion: true }));
    await start();
    server.on('PUT /api/auth/profile', ({ body }) => ({ body: { success: true, user: aUser({ ...(body as object), needsProfileCompletion: false }) } }));
    await run(() => auth().updateProfile({ firstName: 'Dagny', lastName: 'Taggart' }));
    expect(auth().state).toMatchObject({ firstName: 'Dagny', lastName: 'Taggart', needsProfileCompletion: false });

    server.on('PUT /api/auth/profile', failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
    expect((await run(() => auth().updateProfile({ firstName: 'D' }), 4_000)).error).toBeDefined();
    expect(auth().state.error).toBe('Failed to update profile');
  });

  it('updatePreferences failure says "Failed to update preferences"', async () => {
    server.signedIn();
    await start();
    server.on('PUT /api/auth/preferences', () => new TypeError('Failed to fetch'));
    expect((await run(() => auth().updatePreferences({ emailNotifications: false }), 4_000)).error).toBeDefined();
    expect(auth().state.error).toBe('Failed to update preferences');
  });

  it('logout ends the session here even when the server fails', async () => {
    server.signedIn();
    await start();
    server.on('POST /api/auth/logout', failure(500, 'INTERNAL_ERROR', 'Oops'));
    await run(() => auth().logout(), 4_000);
    expect(server.callsTo('POST /api/auth/logout').length).toBeGreaterThan(0);
    expect(auth().state).toMatchObject({ isAuthenticated: false, userId: null, error: null });
    await elapse(480_000);
    expect(refreshes()).toBe(0);
  });
});

describe('the member’s theme', () => {
  it('is applied on sign-in and saved when changed while signed in', async () => {
    localStorage.setItem('theme', 'light');
    server.signedIn(aUser({ preferences: { theme: 'dark', emailNotifications: true, pushNotifications: false } }));
    server.on('PUT /api/auth/preferences', ({ body }) => ({ body: { success: true, preferences: { theme: (body as { theme: string }).theme, emailNotifications: true, pushNotifications: false } } }));
    const { themeStore } = await start();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(server.callsTo('PUT /api/auth/preferences')).toHaveLength(0);

    act(() => themeStore.setPreference('system'));
    await elapse(0);
    expect(server.callsTo('PUT /api/auth/preferences').map((call) => call.body)).toEqual([{ theme: 'system' }]);
  });

  it('is not saved for a visitor, and a failed save is reported', async () => {
    const { themeStore } = await start();
    act(() => themeStore.setPreference('dark'));
    await elapse(0);
    expect(server.callsTo('PUT /api/auth/preferences')).toHaveLength(0);

    server.signedIn();
    await run(() => auth().checkAuth({ force: true }));
    server.on('PUT /api/auth/preferences', failure(500, 'INTERNAL_ERROR', 'Oops'));
    act(() => themeStore.setPreference('light'));
    await elapse(4_000);
    expect(server.callsTo('PUT /api/auth/preferences').length).toBeGreaterThan(0);
    expect(screen.getByText('Failed to update preferences')).toBeInTheDocument();
  });
});
