/** /register: the form, its browser checks, the strength meter, the server's refusals, and the way on. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadAllPages, routes } from '../../../web/src/app/routes';
import { RegisterPage } from '../../../web/src/features/auth/RegisterPage';
import { aUser, failure, fakeAuthServer, probe, renderWithAuth, useFakeClock, type FakeAuthServer } from './auth-fixtures';

// The app's pages are lazy (web/src/app/routes.tsx): loaded once here, they render as soon as they are opened under the fake clock.
beforeAll(() => preloadAllPages());

let server: FakeAuthServer;

beforeEach(() => {
  useFakeClock();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  server = fakeAuthServer();
});

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function openRegister(path = '/register?redirect=%2Fdashboard') {
  const view = renderWithAuth({ path, routes: [{ path: 'register', element: <RegisterPage /> }] });
  await elapse(0);
  return { ...view, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const registerCalls = () => server.callsTo('POST /api/auth/register');

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<'First name' | 'Last name' | 'Email address' | 'Password', string>>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

const create = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  await elapse(0);
};

const complete = { 'First name': 'Dagny', 'Last name': 'Taggart', 'Email address': 'Dagny@Taggart.example', Password: 'Tr4nscontinental!' };

describe('the registration form', () => {
  it('is a page of its own with one h1, labelled fields and a way to sign in instead', async () => {
    renderWithAuth({ path: '/register', routes, catchAll: false });
    await elapse(0);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create your account');
    expect(field('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(field('Last name')).toHaveAttribute('autocomplete', 'family-name');
    expect(field('Email address')).toHaveAttribute('type', 'email');
    expect(field('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('keeps the redirect in its link to /login', async () => {
    await openRegister();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fdashboard');
  });

  it('checks every field in the browser first, with the spec’s messages, and sends nothing', async () => {
    const { user } = await openRegister();
    await fill(user, { 'Email address': 'dagny@taggart', Password: 'short' });
    await create(user);
    expect(registerCalls()).toHaveLength(0);
    const expected = {
      'First name': 'First name is required',
      'Last name': 'Last name is required',
      'Email address': 'Invalid email format',
      Password: 'Password must be at least 8 characters',
    };
    for (const [label, message] of Object.entries(expected)) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label).getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
    }
    expect(field('First name')).toHaveFocus();
  });

  it('says the same words for a malformed address as soon as the field is left', async () => {
    const { user } = await openRegister();
    await fill(user, { 'Email address': 'dagny@taggart' });
    await user.tab();
    expect(field('Email address')).toHaveAccessibleDescription('Invalid email format');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
  });

  it('takes blank names as missing', async () => {
    const { user } = await openRegister();
    await fill(user, { ...complete, 'First name': '   ' });
    await create(user);
    expect(registerCalls()).toHaveLength(0);
    expect(screen.getByText('First name is required')).toBeInTheDocument();
  });

  it('creates the account, signs the member in and goes on to the redirect', async () => {
    const member = aUser({ email: 'dagny@taggart.example', firstName: 'Dagny', lastName: 'Taggart', hasPassword: true });
    server.on('POST /api/auth/register', { status: 201, body: { success: true, user: member } });
    const { user } = await openRegister();
    await fill(user, { ...complete, 'First name': ' Dagny ' });
    await create(user);
    expect(registerCalls()).toHaveLength(1);
    expect(registerCalls()[0]?.body).toEqual({ email: 'dagny@taggart.example', password: 'Tr4nscontinental!', firstName: 'Dagny', lastName: 'Taggart' });
    await elapse(0);
    expect(probe.path).toBe('/dashboard');
    expect(probe.auth?.state).toMatchObject({ isAuthenticated: true, email: 'dagny@taggart.example', hasPassword: true });
  });

  it('says an address is taken as the server does, with a way to sign in', async () => {
    server.on('POST /api/auth/register', failure(409, 'EMAIL_TAKEN', 'An account with this email already exists. Please sign in instead.'));
    const { user } = await openRegister();
    await fill(user, complete);
    await create(user);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists. Please sign in instead.');
    expect(within(alert).getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login?redirect=%2Fdashboard');
    expect(probe.auth?.state).toMatchObject({ isAuthenticated: false, error: 'An account with this email already exists. Please sign in instead.' });
  });

  it('shows a refused password at the field and in the banner', async () => {
    const message = 'This password is too common. Please choose one that is harder to guess.';
    server.on('POST /api/auth/register', failure(400, 'PASSWORD_TOO_COMMON', message, { errors: [{ path: 'password', message }] }));
    const { user } = await openRegister();
    await fill(user, complete);
    await create(user);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Password')).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Go to sign in' })).not.toBeInTheDocument();
  });

  it.each([
    [failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 9 minutes.'), 'Too many attempts. Please try again in 9 minutes.'],
    [failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'), 'Registration failed'],
  ])('shows other refusals as the server words them, else "Registration failed" (%#)', async (reply, message) => {
    server.on('POST /api/auth/register', reply);
    const { user } = await openRegister();
    await fill(user, complete);
    await create(user);
    await elapse(5_000);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('sends someone already signed in on to the redirect', async () => {
    server.signedIn();
    await openRegister();
    expect(probe.path).toBe('/dashboard');
  });
});

describe('the password strength meter', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['a', 1, 'Very Weak'],
    ['ab1', 2, 'Weak'],
    ['abcdefg1', 3, 'Fair'],
    ['Abcdefg1', 4, 'Good'],
    ['Abcdef1!', 5, 'Strong'],
  ] as const)('shows %j as %i of 5, %s, read with the field', async (password, score, label) => {
    const { user } = await openRegister();
    if (password) await user.type(field('Password'), password);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuenow', String(score));
    expect(meter).toHaveAttribute('aria-valuetext', `${label}, ${score} of 5`);
    const summary = screen.getByText(/^Password strength:/);
    expect(summary).toHaveTextContent(`Password strength: ${label}`);
    expect(summary).toHaveAttribute('aria-live', 'polite');
    expect(field('Password').getAttribute('aria-describedby')).toContain(summary.id);
  });

  it('marks what is met and what is not yet', async () => {
    const { user } = await openRegister();
    await user.type(field('Password'), 'abcdefgh');
    const items = within(screen.getByRole('list', { name: 'What makes a strong password' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'At least 8 characters (done)',
      'A lowercase letter (done)',
      'An uppercase letter (not yet)',
      'A number (not yet)',
      'A special character (not yet)',
    ]);
  });

  it('lets the member see the password typed', async () => {
    const { user } = await openRegister();
    // The library's password field names what pressing does: 'Show password', then 'Hide password'.
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(field('Password')).toHaveAttribute('type', 'password');
    await user.click(toggle);
    expect(field('Password')).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAccessibleName('Hide password');
  });
});
