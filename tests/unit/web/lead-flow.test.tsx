/**
 * /get-started, lead generation (spec 000 §2 screen 5, §4, §8 'Confirmation step'): the e-mail step,
 * the 1 s pause, the confirmation step that sends the magic link, resend, and every message of the
 * catalogue as the member sees it.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LeadCallout } from '../../../web/src/features/home/LeadCallout';
import { LeadPage } from '../../../web/src/features/lead/LeadPage';
import { aUser, failure, fakeAuthServer, renderWithAuth, useFakeClock, type FakeAuthServer } from './auth-fixtures';

let server: FakeAuthServer;

beforeEach(() => {
  useFakeClock();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  server = fakeAuthServer({ 'GET /api/auth/check-email': { body: { success: true, email: 'x', exists: false, hasPassword: false } } });
});

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function openLead() {
  const view = renderWithAuth({ path: '/get-started', routes: [{ path: 'get-started', element: <LeadPage /> }] });
  await elapse(0);
  return { ...view, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

const emailInput = () => screen.getByLabelText('Email address');
const magicLinkCalls = () => server.callsTo('POST /api/auth/magic-link');
const resendButton = () => screen.getByRole('button', { name: /^(Resend link|Magic link sent!|Sending\.\.\.|Resend in \d+s)$/ });

/** Types the address, presses Continue, and waits out the flow's 1 s pause before the confirmation step. */
async function continueWith(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.clear(emailInput());
  if (email) await user.type(emailInput(), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await elapse(0);
}

describe('the e-mail step', () => {
  it('is a page with one h1, a numbered two-step flow and a labelled e-mail field', async () => {
    await openLead();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Get started');
    const progress = screen.getByRole('list', { name: 'Progress' });
    expect(within(progress).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1Step 1 of 2: Your email', '2Step 2 of 2: Check your email']);
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(emailInput()).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
  });

  it.each(['', 'hank', 'hank@rearden'])('refuses %j with the spec’s message, linked to the field, and asks nothing', async (email) => {
    const { user } = await openLead();
    await continueWith(user, email);
    const message = screen.getByText('Please enter a valid email address.');
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput().getAttribute('aria-describedby')).toContain(message.id);
    expect(server.callsTo('GET /api/auth/check-email')).toHaveLength(0);
    expect(magicLinkCalls()).toHaveLength(0);
  });

  it('says "Failed to process email. Please try again." when the address cannot be processed, and stays', async () => {
    server.on('GET /api/auth/check-email', failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 10 minutes.'));
    const { user } = await openLead();
    await continueWith(user, 'dagny@taggart.example');
    await elapse(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to process email. Please try again.');
    expect(screen.getByRole('list', { name: 'Progress' }).querySelector('[aria-current="step"]')).toHaveTextContent('Your email');
    expect(emailInput()).toHaveValue('dagny@taggart.example');
    expect(magicLinkCalls()).toHaveLength(0);
  });
});

describe('the confirmation step', () => {
  it('comes after a 1 s pause under "Processing...", then sends the magic link and shows the masked address', async () => {
    const { user } = await openLead();
    await continueWith(user, 'Dagny@Taggart.example');
    expect(server.callsTo('GET /api/auth/check-email')[0]?.query.get('email')).toBe('dagny@taggart.example');
    expect(screen.getByText('Processing...')).toBeInTheDocument();
    await elapse(999);
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
    await elapse(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Check your email' })).toHaveFocus();
    await elapse(0);
    expect(magicLinkCalls()).toHaveLength(1);
    expect(magicLinkCalls()[0]?.body).toEqual({ email: 'dagny@taggart.example', appUrl: window.location.origin, basePath: '' });
    expect(screen.getByText(/We sent a link to/)).toHaveTextContent('We sent a link to da***@taggart.example. Open it on this device to create your account and start reading.');
    const links = within(screen.getByRole('list', { name: 'Open your inbox' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Open Gmail (opens in a new tab)', 'Open Outlook (opens in a new tab)', 'Open Yahoo Mail (opens in a new tab)']);
    for (const link of links) expect(link).toHaveAttribute('target', '_blank');
    expect(resendButton()).toHaveAccessibleName('Resend link');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('welcomes back a member whose address has an account', async () => {
    server.on('GET /api/auth/check-email', { body: { success: true, email: 'x', exists: true, hasPassword: false } });
    const { user } = await openLead();
    await continueWith(user, 'member@demo.example');
    await elapse(1_000);
    expect(screen.getByText(/Welcome back!/)).toHaveTextContent('Welcome back! We sent a sign-in link to me***@demo.example. Open it on this device to sign in.');
  });

  it('resends: the tick for 1.5 s, then a 60 s countdown before the next resend', async () => {
    const { user } = await openLead();
    await continueWith(user, 'dagny@taggart.example');
    await elapse(1_000);
    await user.click(resendButton());
    await elapse(0);
    expect(magicLinkCalls()).toHaveLength(2);
    expect(resendButton()).toHaveAccessibleName('Magic link sent!');
    expect(screen.getByRole('status')).toHaveTextContent('Magic link sent!');
    await elapse(1_500);
    expect(resendButton()).toHaveAccessibleName('Resend in 60s');
    expect(resendButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(resendButton());
    expect(magicLinkCalls()).toHaveLength(2);
    await elapse(59_000);
    expect(resendButton()).toHaveAccessibleName('Resend in 1s');
    await elapse(1_000);
    expect(resendButton()).toHaveAccessibleName('Resend link');
    expect(resendButton()).not.toHaveAttribute('aria-disabled');
  });

  it('Back returns to the e-mail step with the address kept; continuing again sends a new link', async () => {
    const { user } = await openLead();
    await continueWith(user, 'dagny@taggart.example');
    await elapse(1_000);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(emailInput()).toHaveValue('dagny@taggart.example');
    await continueWith(user, 'dagny@taggart.example');
    await elapse(1_000);
    expect(magicLinkCalls()).toHaveLength(2);
  });

  it.each([
    ['a validation refusal', failure(400, 'VALIDATION_ERROR', 'Invalid email format'), 'Invalid email or redirect URL. Please try again.'],
    ['a rate-limit refusal', failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 15 minutes.'), 'Too many attempts. Please try again later.'],
    ['any other failure', failure(503, 'MAIL_UNAVAILABLE', 'The mail service is unavailable'), 'Failed to send magic link. Please try again later.'],
  ])('turns %s of the send into "%s"', async (_what, reply, message) => {
    server.on('POST /api/auth/magic-link', reply);
    const { user } = await openLead();
    await continueWith(user, 'dagny@taggart.example');
    // 1 s pause, then the send (and for a 5xx, the transport's three retries 1 s apart).
    await elapse(5_000);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText(/We couldn’t send a sign-in link to/)).toHaveTextContent('da***@taggart.example');
    expect(resendButton()).toHaveAccessibleName('Resend link');
  });

  it('a failed resend says why and leaves Resend ready; a later success clears the message', async () => {
    const { user } = await openLead();
    await continueWith(user, 'dagny@taggart.example');
    await elapse(1_000);
    server.on('POST /api/auth/magic-link', failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 15 minutes.'));
    await user.click(resendButton());
    await elapse(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
    expect(resendButton()).toHaveAccessibleName('Resend link');
    server.on('POST /api/auth/magic-link', { body: { success: true } });
    await user.click(resendButton());
    await elapse(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(resendButton()).toHaveAccessibleName('Magic link sent!');
  });
});

describe('a signed-in member', () => {
  it('is told so at /get-started instead of being asked for an address', async () => {
    server.signedIn(aUser({ email: 'dagny@taggart.example' }));
    await openLead();
    expect(screen.getByText(/You’re already signed in as dagny@taggart.example/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the library' })).toHaveAttribute('href', '/');
  });
});

describe('the home page call to action', () => {
  it('leads signed-out visitors to /get-started', async () => {
    renderWithAuth({ path: '/', routes: [{ index: true, element: <LeadCallout /> }] });
    await elapse(0);
    expect(screen.getByRole('region', { name: 'Start reading today' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/get-started');
  });

  it('is not shown to a signed-in member, nor before the session check answers', async () => {
    server.signedIn();
    renderWithAuth({ path: '/', routes: [{ index: true, element: <LeadCallout /> }] });
    expect(screen.queryByRole('link', { name: 'Get started' })).not.toBeInTheDocument();
    await elapse(0);
    expect(screen.queryByRole('link', { name: 'Get started' })).not.toBeInTheDocument();
  });
});
