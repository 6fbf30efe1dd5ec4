import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadAllPages, routes } from '../../../web/src/app/routes';
import { roleLabel } from '../../../web/src/features/dashboard/DashboardPage';
import { aUser, fakeAuthServer, probe, renderWithAuth, useFakeClock, type FakeAuthServer } from './auth-fixtures';

// The pages are lazy (web/src/app/routes.tsx): loaded once here, they render as soon as they are opened.
beforeAll(() => preloadAllPages());

let server: FakeAuthServer;

beforeEach(() => {
  useFakeClock();
  sessionStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  server = fakeAuthServer();
});

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
// The site header (jsdom also counts a legal page's own <header> as a banner).
const siteHeader = () => screen.getAllByRole('banner')[0]!;

async function openApp(path: string) {
  const view = renderWithAuth({ path, routes, catchAll: false });
  await elapse(0);
  return { ...view, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

function expectOneMainAndOneH1(text: string | RegExp) {
  expect(screen.getAllByRole('main')).toHaveLength(1);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text);
}

describe('signed-in pages', () => {
  it.each([
    ['/dashboard', '/login?redirect=%2Fdashboard'],
    ['/onboarding?step=1', '/login?redirect=%2Fonboarding%3Fstep%3D1'],
  ])('send a visitor from %s to sign in, the page kept as the redirect', async (path, login) => {
    await openApp(path);
    expect(probe.path).toBe(login);
    expectOneMainAndOneH1('Sign in');
  });

  it('wait for the first session check instead of sending a member away', async () => {
    let answer: (user: ReturnType<typeof aUser>) => void = () => undefined;
    server.on('GET /api/auth/auth-status', () => new Promise((resolve) => (answer = (user) => resolve({ body: { success: true, authenticated: true, user } }))));
    await openApp('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(probe.path).toBe('/dashboard');
    answer(aUser());
    await elapse(0);
    expectOneMainAndOneH1('Welcome, Hank');
  });

  it('the dashboard shows the member: name, email and roles', async () => {
    server.signedIn(aUser({ roles: ['MEMBER', 'CONTENT_EDITOR'] }));
    await openApp('/dashboard');
    expectOneMainAndOneH1('Welcome, Hank');
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(within(account).getByText('Hank Rearden')).toBeInTheDocument();
    expect(within(account).getByText('hank.rearden@example.org')).toBeInTheDocument();
    expect(within(within(account).getByRole('list', { name: 'Roles' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Member', 'Content editor']);
    expect(roleLabel('PROGRAM_ADMIN')).toBe('Program admin');
    // Its own way out, for narrow screens where the header keeps only the avatar.
    expect(within(account).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('/login sends someone already signed in on to the redirect', async () => {
    server.signedIn();
    await openApp('/login?redirect=%2Fdashboard');
    expect(probe.path).toBe('/dashboard');
  });
});

describe('the header', () => {
  it('offers Sign in to a visitor, coming back to the page they were on', async () => {
    await openApp('/terms');
    const header = siteHeader();
    expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fterms');
  });

  it('shows the member’s name, linked to the dashboard, and signs out', async () => {
    server.signedIn();
    const { user } = await openApp('/dashboard');
    const header = siteHeader();
    expect(within(header).getByRole('link', { name: /Hank Rearden/ })).toHaveAttribute('href', '/dashboard');
    await user.click(within(header).getByRole('button', { name: 'Sign out' }));
    await elapse(0);
    expect(server.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(probe.path).toBe('/');
    expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(probe.auth?.state.isAuthenticated).toBe(false);
  });
});

// Completing the profile at /onboarding: tests/unit/web/onboarding.test.tsx.
