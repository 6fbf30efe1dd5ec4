import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Outlet } from 'react-router';
import { AccountReclaimedNotice } from '../../../web/src/features/auth/AccountReclaimedNotice';
import { AuthCallback, type AuthCallbackProps } from '../../../web/src/features/auth/AuthCallback';
import { POST_PROFILE_REDIRECT_KEY, verifiedMarkerKey } from '../../../web/src/lib/auth/magic-link';
import { aUser, failure, fakeAuthServer, probe, renderWithAuth, SUPPORT_EMAIL, useFakeClock, type FakeAuthServer } from './auth-fixtures';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const MARKER = verifiedMarkerKey(TOKEN);

let server: FakeAuthServer;

beforeEach(() => {
  useFakeClock();
  sessionStorage.clear();
  server = fakeAuthServer();
});

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const heading = () => screen.getByRole('heading', { level: 1 });
const verifyCalls = () => server.callsTo('POST /api/auth/verify');

async function openCallback(query: string, props: AuthCallbackProps = {}) {
  const view = renderWithAuth({ path: `/auth/callback${query}`, routes: [{ path: 'auth/callback', element: <AuthCallback {...props} /> }] });
  await elapse(0);
  return view;
}

describe('the callback screen (spec 000 §4)', () => {
  it('keeps the browser-session marker under the token’s first 10 characters', () => {
    expect(MARKER).toContain(TOKEN.slice(0, 10));
    expect(MARKER).not.toContain(TOKEN.slice(0, 11));
  });

  it('without a token: the error state at once, no call, Try again (a new link from the sign-in form) and Contact support', async () => {
    await openCallback('?redirect=%2Fdashboard');
    expect(heading()).toHaveTextContent('Authentication failed');
    expect(screen.getByRole('alert')).toHaveTextContent('Verification failed');
    expect(screen.getByRole('alert')).toHaveTextContent('No verification token found in the URL.');
    expect(screen.getByText('We were unable to verify your account. Please try again or request a new magic link.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/login?redirect=%2Fdashboard');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await elapse(10_000);
    expect(verifyCalls()).toHaveLength(0);
  });

  it('fresh link: loading, verifies after 2 s, stores the marker, signs in, redirects after 2.5 s', async () => {
    const user = aUser();
    server.on('POST /api/auth/verify', { body: { success: true, user, redirect: '/dashboard' } });
    await openCallback(`?token=${TOKEN}&redirect=%2Fdashboard`);
    expect(heading()).toHaveTextContent('Verifying your magic link');
    expect(screen.getByRole('status')).toHaveTextContent('Hold on a moment while we sign you in.');

    await elapse(1_999);
    expect(verifyCalls()).toHaveLength(0);
    await elapse(1);
    expect(verifyCalls()).toHaveLength(1);
    expect(verifyCalls()[0]?.body).toEqual({ token: TOKEN });

    expect(heading()).toHaveTextContent('You’re signed in');
    expect(screen.getByRole('status')).toHaveTextContent('Your magic link has been verified.');
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to your dashboard...');
    expect(sessionStorage.getItem(MARKER)).toBe('true');
    expect(probe.auth?.state).toMatchObject({ isAuthenticated: true, email: user.email, firstName: 'Hank' });

    await elapse(2_499);
    expect(probe.path).toBe(`/auth/callback?token=${TOKEN}&redirect=%2Fdashboard`);
    await elapse(1);
    expect(probe.path).toBe('/dashboard');
  });

  it('a verified marker: success at once, no call, redirect after 1.5 s', async () => {
    server.signedIn();
    sessionStorage.setItem(MARKER, 'true');
    await openCallback(`?token=${TOKEN}&redirect=%2Fentry%2F42`);
    expect(heading()).toHaveTextContent('You’re signed in');
    expect(screen.getByText('This magic link was already verified.')).toBeInTheDocument();
    expect(screen.getByText('Taking you to your contest entry...')).toBeInTheDocument();
    await elapse(1_499);
    expect(probe.path).toMatch(/^\/auth\/callback/);
    await elapse(1);
    expect(probe.path).toBe('/entry/42');
    expect(verifyCalls()).toHaveLength(0);
  });

  it('TOKEN_ALREADY_USED counts as success and redirects after 1.5 s', async () => {
    server.signedIn();
    server.on('POST /api/auth/verify', failure(409, 'TOKEN_ALREADY_USED', 'This magic link has already been used'));
    await openCallback(`?token=${TOKEN}&redirect=%2Fbooks%2Fanthem`);
    await elapse(2_000);
    expect(heading()).toHaveTextContent('You’re signed in');
    expect(screen.getByText('This magic link was already verified.')).toBeInTheDocument();
    expect(screen.getByText('Taking you to your content...')).toBeInTheDocument();
    expect(sessionStorage.getItem(MARKER)).toBe('true');
    await elapse(1_499);
    expect(probe.path).toMatch(/^\/auth\/callback/);
    await elapse(1);
    expect(probe.path).toBe('/books/anthem');
  });

  it('a link already used on another device: success with its timing, then the sign-in form says so, the redirect remembered', async () => {
    server.on('POST /api/auth/verify', failure(409, 'TOKEN_ALREADY_USED', 'This magic link has already been used'));
    await openCallback(`?token=${TOKEN}&redirect=%2Fdashboard`);
    await elapse(2_000);
    expect(heading()).toHaveTextContent('You’re signed in');
    await elapse(1_499);
    expect(probe.path).toMatch(/^\/auth\/callback/);
    await elapse(1);
    // No session in this browser: never the dashboard it cannot open.
    expect(probe.path).toBe('/login?redirect=%2Fdashboard&notice=link-used');
    expect(probe.auth?.state.isAuthenticated).toBe(false);
  });

  it('a link that reclaimed the account: the callback says so, and the page landed on says it once', async () => {
    const user = aUser();
    server.on('POST /api/auth/verify', { body: { success: true, user, redirect: '/dashboard', accountReclaimed: true } });
    renderWithAuth({
      path: `/auth/callback?token=${TOKEN}&redirect=%2Fdashboard`,
      routes: [
        {
          element: (
            <>
              <AccountReclaimedNotice />
              <Outlet />
            </>
          ),
          children: [
            { path: 'auth/callback', element: <AuthCallback /> },
            { path: 'dashboard', element: <p>Dashboard</p> },
          ],
        },
      ],
    });
    await elapse(2_000);
    expect(screen.getByRole('status')).toHaveTextContent('Your email address is now confirmed');
    expect(screen.getByRole('status')).toHaveTextContent('we removed the password, passkeys, linked accounts and sessions added before');
    await elapse(2_500);
    expect(probe.path).toBe('/dashboard');
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Your email address is now confirmed');
    expect(screen.getByRole('link', { name: 'Review your security settings' })).toHaveAttribute('href', '/profile/security');
    expect(sessionStorage.getItem('account-reclaimed')).toBeNull();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your email address is now confirmed')).not.toBeInTheDocument();
  });

  it.each([
    ['expired', 'This sign-in link has expired.'],
    ['replaced', 'A newer sign-in link was sent to this address'],
    ['unknown', 'This sign-in link is not one we recognise.'],
  ])('a rejected link (%s): the server message with its reason phrased for a person', async (reason, phrase) => {
    server.on('POST /api/auth/verify', failure(400, 'INVALID_MAGIC_LINK', 'Invalid or expired magic link', { reason }));
    await openCallback(`?token=${TOKEN}&redirect=%2Fdashboard`);
    await elapse(2_000);
    expect(heading()).toHaveTextContent('Authentication failed');
    expect(heading()).toHaveFocus();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Verification failed');
    expect(alert).toHaveTextContent('Invalid or expired magic link');
    expect(alert).toHaveTextContent(phrase);
    expect(screen.getByRole('link', { name: 'Return to login' })).toHaveAttribute('href', '/login?redirect=%2Fdashboard');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(probe.auth?.state).toMatchObject({ isAuthenticated: false, error: 'Invalid or expired magic link' });
    expect(sessionStorage.getItem(MARKER)).toBeNull();
    await elapse(10_000);
    expect(probe.path).toMatch(/^\/auth\/callback/);
  });

  it('a deactivated account shows the server’s reason', async () => {
    server.on('POST /api/auth/verify', failure(403, 'ACCOUNT_INACTIVE', 'This account has been deactivated. Please contact support.'));
    await openCallback(`?token=${TOKEN}`);
    await elapse(2_000);
    expect(screen.getByRole('alert')).toHaveTextContent('This account has been deactivated. Please contact support.');
  });

  it.each([
    ['a server error', () => failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.')],
    ['no answer', () => new TypeError('Failed to fetch')],
    ['an answer of the wrong shape', () => ({ body: { success: true, user: { id: 'u-1' } } })],
  ])('%s gives the fallback, and Try again verifies again', async (_label, reply) => {
    server.on('POST /api/auth/verify', reply);
    await openCallback(`?token=${TOKEN}`);
    await elapse(6_000);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to verify magic link.');

    server.on('POST /api/auth/verify', { body: { success: true, user: aUser(), redirect: null } });
    const calls = verifyCalls().length;
    const clicker = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await clicker.click(screen.getByRole('button', { name: 'Try again' }));
    expect(heading()).toHaveTextContent('Verifying your magic link');
    await elapse(2_000);
    expect(verifyCalls()).toHaveLength(calls + 1);
    expect(heading()).toHaveTextContent('You’re signed in');
    await elapse(2_500);
    expect(probe.path).toBe('/');
  });

  it('a member who must complete the profile goes to /onboarding, the redirect remembered', async () => {
    server.on('POST /api/auth/verify', { body: { success: true, user: aUser({ firstName: null, lastName: null, needsProfileCompletion: true }), redirect: '/dashboard' } });
    await openCallback(`?token=${TOKEN}&redirect=%2Fdashboard%3Ftab%3Dbooks`);
    await elapse(2_000);
    expect(screen.getByText('Taking you to complete your profile...')).toBeInTheDocument();
    await elapse(2_500);
    expect(probe.path).toBe('/onboarding');
    expect(sessionStorage.getItem(POST_PROFILE_REDIRECT_KEY)).toBe('/dashboard?tab=books');
  });

  it('an already verified link of a member still without a name also goes to /onboarding', async () => {
    server.signedIn(aUser({ firstName: null, lastName: null, needsProfileCompletion: true }));
    sessionStorage.setItem(MARKER, 'true');
    await openCallback(`?token=${TOKEN}&redirect=%2Fdashboard`);
    expect(screen.getByText('Taking you to complete your profile...')).toBeInTheDocument();
    await elapse(1_500);
    expect(probe.path).toBe('/onboarding');
    expect(sessionStorage.getItem(POST_PROFILE_REDIRECT_KEY)).toBe('/dashboard');
  });

  it('the redirect option wins over the query parameter; an unsafe target ends on /', async () => {
    server.signedIn();
    sessionStorage.setItem(MARKER, 'true');
    const first = await openCallback(`?token=${TOKEN}&redirect=%2Fdashboard`, { redirectTo: '/entry/7' });
    await elapse(1_500);
    expect(probe.path).toBe('/entry/7');
    first.unmount();

    await openCallback(`?token=${TOKEN}&redirect=https%3A%2F%2Fevil.test%2Fphish`);
    expect(screen.getByText('Taking you to your dashboard...')).toBeInTheDocument();
    await elapse(1_500);
    expect(probe.path).toBe('/');
  });

  it('takes its delays from props (for tests only)', async () => {
    server.on('POST /api/auth/verify', { body: { success: true, user: aUser(), redirect: null } });
    await openCallback(`?token=${TOKEN}`, { verifyDelayMs: 10, freshRedirectDelayMs: 20, verifiedRedirectDelayMs: 5 });
    await elapse(10);
    expect(verifyCalls()).toHaveLength(1);
    await elapse(20);
    expect(probe.path).toBe('/');
  });
});
