import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../web/src/features/auth/LoginPage';
import { useMagicLink } from '../../../web/src/features/auth/use-magic-link';
import { maskEmail, rateLimitMessage } from '../../../web/src/lib/auth/magic-link';
import { failure, fakeAuthServer, renderWithAuth, useFakeClock, type FakeAuthServer } from './auth-fixtures';

let server: FakeAuthServer;

beforeEach(() => {
  useFakeClock();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  server = fakeAuthServer();
});

/** Lets timers and pending answers run. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function openLogin(path = '/login?redirect=/dashboard') {
  const view = renderWithAuth({ path, routes: [{ path: 'login', element: <LoginPage /> }] });
  await elapse(0);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { ...view, user };
}

async function submit(user: ReturnType<typeof userEvent.setup>, email: string) {
  const field = screen.getByLabelText('Email address');
  await user.clear(field);
  if (email) await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Send magic link' }));
  await elapse(0);
}

const resendButton = () => screen.getByRole('button', { name: /Resend|Magic link sent!|Sending/ });
const magicLinkCalls = () => server.callsTo('POST /api/auth/magic-link');

describe('the magic-link request form', () => {
  it('is the page’s one h1 with a labelled field and links to the terms and the privacy policy', async () => {
    await openLogin();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it.each(['', 'hank', 'hank@rearden', 'hank rearden@steel.com', '@steel.com'])('refuses %j in the browser: the message, linked to the field, and nothing sent', async (email) => {
    const { user } = await openLogin();
    await submit(user, email);
    const field = screen.getByLabelText('Email address');
    const message = screen.getByText('Please enter a valid email address.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(field).toHaveFocus();
    expect(magicLinkCalls()).toHaveLength(0);
  });

  it('clears the message once the address is right', async () => {
    const { user } = await openLogin();
    await submit(user, 'hank@rearden');
    await user.type(screen.getByLabelText('Email address'), '.com');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
  });

  it('sends the address with the redirect made absolute on this origin, the app URL and base path', async () => {
    const { user } = await openLogin();
    await submit(user, 'Hank.Rearden@Example.org');
    expect(magicLinkCalls()).toHaveLength(1);
    expect(magicLinkCalls()[0]?.body).toEqual({
      email: 'hank.rearden@example.org',
      redirectUrl: 'http://localhost:3000/dashboard',
      appUrl: 'http://localhost:3000',
      basePath: '',
    });
    expect(magicLinkCalls()[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it.each(['https://evil.test/x', '//evil.test', 'javascript:alert(1)'])('leaves out an unsafe redirect (%s)', async (redirect) => {
    const { user } = await openLogin(`/login?redirect=${encodeURIComponent(redirect)}`);
    await submit(user, 'hank@example.org');
    expect(magicLinkCalls()[0]?.body).not.toHaveProperty('redirectUrl');
  });

  it('shows the check-your-email prompt while sending, then sent, with the masked address and mail quick links', async () => {
    let release: () => void = () => undefined;
    server.on('POST /api/auth/magic-link', () => new Promise((resolve) => (release = () => resolve({ body: { success: true, message: 'ok' } }))));
    const { user } = await openLogin();
    await submit(user, 'hank.rearden@example.org');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Check your email');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(screen.getByText(/sending a sign-in link to/)).toBeInTheDocument();
    expect(resendButton()).toHaveAttribute('aria-disabled', 'true');
    expect(resendButton()).toHaveAttribute('aria-busy', 'true');

    release();
    await elapse(0);
    expect(screen.getByText(/We sent a sign-in link to/)).toBeInTheDocument();
    expect(screen.getByText('ha***@example.org')).toBeInTheDocument();
    expect(screen.queryByText(/hank\.rearden/)).not.toBeInTheDocument();
    const links = within(screen.getByRole('list', { name: 'Open your inbox' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Open Gmail (opens in a new tab)', 'Open Outlook (opens in a new tab)', 'Open Yahoo Mail (opens in a new tab)']);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(links[0]).toHaveAttribute('href', expect.stringContaining('mail.google.com'));
    expect(links[1]).toHaveAttribute('href', expect.stringContaining('outlook.live.com'));
    expect(links[2]).toHaveAttribute('href', expect.stringContaining('mail.yahoo.com'));
    // The allowance is read after sending, for this address.
    expect(server.callsTo('GET /api/auth/rate-limit')[0]?.query.get('email')).toBe('hank.rearden@example.org');
    expect(resendButton()).toHaveTextContent('Resend link');
    expect(resendButton()).not.toHaveAttribute('aria-disabled');
  });

  it.each([
    [failure(503, 'MAIL_SEND_FAILED', 'Failed to send magic link. Please try again.'), 'Failed to send magic link. Please try again.'],
    [failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'), 'Failed to send magic link. Please try again.'],
    [failure(400, 'VALIDATION_ERROR', 'Invalid redirect URL format'), 'Invalid redirect URL format'],
    [failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 1 minute.'), 'Too many attempts. Please try again in 1 minute.'],
    [failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 12 minutes.'), 'Too many attempts. Please try again in 12 minutes.'],
  ])('a refused send returns to the form with the reason in an alert (%#)', async (reply, message) => {
    server.on('POST /api/auth/magic-link', reply);
    const { user } = await openLogin();
    await submit(user, 'hank@example.org');
    await elapse(5_000);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email address')).toHaveValue('hank@example.org');
  });

  it('a network failure, after the retries, is the send fallback', async () => {
    server.on('POST /api/auth/magic-link', () => new TypeError('Failed to fetch'));
    const { user } = await openLogin();
    await submit(user, 'hank@example.org');
    await elapse(4_000);
    expect(magicLinkCalls()).toHaveLength(4);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to send magic link. Please try again.');
  });

  it('once the rate limit is used up, sending is refused without asking the server', async () => {
    server.on('POST /api/auth/magic-link', failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 5 minutes.'));
    server.on('GET /api/auth/rate-limit', { body: { success: true, action: 'magic-link', remaining: 0, resetsAt: new Date(Date.now() + 300_000).toISOString() } });
    const { user } = await openLogin();
    await submit(user, 'hank@example.org');
    expect(magicLinkCalls()).toHaveLength(1);
    await elapse(60_000);
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));
    await elapse(0);
    expect(magicLinkCalls()).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 4 minutes.');
  });

  it('Back returns to the form, the address kept and focused', async () => {
    const { user } = await openLogin();
    await submit(user, 'hank@example.org');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(screen.getByLabelText('Email address')).toHaveValue('hank@example.org');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });
});

describe('resending (spec 000 §4, §9)', () => {
  it('shows the tick for 1.5 s, then counts down 60 s before Resend is allowed again', async () => {
    const { user } = await openLogin();
    await submit(user, 'hank@example.org');
    await user.click(resendButton());
    await elapse(0);
    expect(magicLinkCalls()).toHaveLength(2);
    expect(resendButton()).toHaveTextContent('Magic link sent!');
    expect(resendButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Magic link sent!');

    await elapse(1_499);
    expect(resendButton()).toHaveTextContent('Magic link sent!');
    await elapse(1);
    expect(resendButton()).toHaveTextContent('Resend in 60s');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await elapse(1_000);
    expect(resendButton()).toHaveTextContent('Resend in 59s');

    // Held back: a click does nothing.
    await user.click(resendButton());
    await elapse(0);
    expect(magicLinkCalls()).toHaveLength(2);

    await elapse(58_000);
    expect(resendButton()).toHaveTextContent('Resend in 1s');
    await elapse(1_000);
    expect(resendButton()).toHaveTextContent('Resend link');
    expect(resendButton()).not.toHaveAttribute('aria-disabled');
    await user.click(resendButton());
    await elapse(0);
    expect(magicLinkCalls()).toHaveLength(3);
  });

  it('a failed resend keeps the prompt and says so', async () => {
    const { user } = await openLogin();
    await submit(user, 'hank@example.org');
    server.on('POST /api/auth/magic-link', failure(503, 'MAIL_SEND_FAILED', 'Failed to send magic link. Please try again.'));
    await user.click(resendButton());
    await elapse(4_000);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Check your email');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to resend magic link. Please try again.');
    expect(resendButton()).toHaveTextContent('Resend link');
  });

  it('a resend refused by the rate limit gives its message', async () => {
    const { user } = await openLogin();
    await submit(user, 'hank@example.org');
    server.on('POST /api/auth/magic-link', failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 3 minutes.'));
    await user.click(resendButton());
    await elapse(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 3 minutes.');
  });

  it('with nothing remaining, counts down to resetsAt and shows the rate-limit message', async () => {
    server.on('GET /api/auth/rate-limit', { body: { success: true, action: 'magic-link', remaining: 0, resetsAt: new Date(Date.now() + 90_500).toISOString() } });
    const { user } = await openLogin();
    await submit(user, 'hank@example.org');
    expect(resendButton()).toHaveTextContent('Resend in 91s');
    expect(resendButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Too many attempts. Please try again in 2 minutes.')).toBeInTheDocument();
    await elapse(30_500);
    expect(resendButton()).toHaveTextContent('Resend in 60s');
    expect(screen.getByText('Too many attempts. Please try again in 1 minute.')).toBeInTheDocument();
    await elapse(60_000);
    expect(resendButton()).toHaveTextContent('Resend link');
    expect(screen.queryByText(/Too many attempts/)).not.toBeInTheDocument();
  });

  it('without an address there is nothing to resend to', async () => {
    const { result } = renderHook(() => useMagicLink({ redirectUrl: null, appUrl: 'http://localhost:3000', basePath: '' }));
    await act(() => result.current.resend());
    expect(result.current.resendError).toBe('No email address available to resend to');
    expect(magicLinkCalls()).toHaveLength(0);
  });
});

describe('the masked address and the rate-limit message', () => {
  it.each([
    ['hank.rearden@example.org', 'ha***@example.org'],
    ['ab@example.org', 'ab***@example.org'],
    ['a@example.org', 'a***@example.org'],
    ['x.y@sub.example.co.uk', 'x.***@sub.example.co.uk'],
  ])('%s shows as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('says 1 minute in the singular and N minutes otherwise, rounding up', () => {
    expect(rateLimitMessage(1_000, 0)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(rateLimitMessage(60_000, 0)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(rateLimitMessage(60_001, 0)).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(rateLimitMessage(900_000, 0)).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});
