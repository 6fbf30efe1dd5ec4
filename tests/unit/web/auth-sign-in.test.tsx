/**
 * /login beyond the magic link (auth-magic-link-request.test.tsx covers that): the method tabs, the
 * password form, the passkey button and autofill (the real @simplewebauthn/browser over a stubbed
 * `navigator.credentials`), the social providers' links and the `?error=` codes.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCIAL_ERRORS } from '../../../domain/auth/social';
import { INACTIVE_MESSAGE } from '../../../application/auth/magic-link';
import { LoginPage } from '../../../web/src/features/auth/LoginPage';
import { POST_PROFILE_REDIRECT_KEY } from '../../../web/src/lib/auth/magic-link';
import { SOCIAL_ERROR_FALLBACK, SOCIAL_ERROR_MESSAGES, socialConnectUrl, socialErrorMessage } from '../../../web/src/lib/auth/social';
import { appConfig, aUser, failure, fakeAuthServer, probe, renderWithAuth, useFakeClock, type FakeAuthServer } from './auth-fixtures';

let server: FakeAuthServer;

beforeEach(() => {
  useFakeClock();
  sessionStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  server = fakeAuthServer();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'credentials');
});

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const withProviders = { ...appConfig, dynamic: { ...appConfig.dynamic, socialProviders: [{ id: 'testid', name: 'Test ID' }, { id: 'acme', name: 'Acme' }] } };

async function openLogin(path = '/login?redirect=%2Fdashboard', config = appConfig) {
  const view = renderWithAuth({ path, routes: [{ path: 'login', element: <LoginPage /> }], config });
  await elapse(0);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { ...view, user };
}

const passwordInput = () => screen.getByLabelText('Password', { selector: 'input' });

async function openPasswordTab(path?: string) {
  const view = await openLogin(path);
  await view.user.click(screen.getByRole('tab', { name: 'Password' }));
  return view;
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email address'), email);
  if (password) await user.type(passwordInput(), password);
  await user.click(screen.getByRole('button', { name: 'Sign in with password' }));
  await elapse(0);
}

const loginCalls = () => server.callsTo('POST /api/auth/login');

describe('the sign-in methods', () => {
  it('offers the e-mailed link first and the password in a second tab, under the page’s one h1', async () => {
    const { user } = await openLogin();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    const tabs = within(screen.getByRole('tablist', { name: 'Sign-in method' })).getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Email link', 'true'],
      ['Password', 'false'],
    ]);
    expect(screen.getByRole('tabpanel', { name: 'Email link' })).toContainElement(screen.getByRole('button', { name: 'Send magic link' }));
    // The passkey autofill reads the field that carries `webauthn`.
    expect(screen.getByLabelText('Email address')).toHaveAttribute('autocomplete', 'username webauthn');

    await user.click(tabs[1]!);
    expect(screen.getByRole('tabpanel', { name: 'Password' })).toContainElement(passwordInput());
    expect(screen.queryByRole('button', { name: 'Send magic link' })).not.toBeInTheDocument();
    expect(screen.getAllByLabelText('Email address')).toHaveLength(1);
  });

  it('moves between the tabs with the arrow keys, keeping one of them in the Tab order', async () => {
    const { user } = await openLogin();
    const emailTab = screen.getByRole('tab', { name: 'Email link' });
    emailTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveAttribute('tabindex', '0');
    expect(emailTab).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowRight}');
    expect(emailTab).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveFocus();
  });

  it('links to registration, keeping where the visitor is heading', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register?redirect=%2Fdashboard');
  });
});

describe('the password form', () => {
  it.each<[string, string, { email?: string; password?: string }]>([
    ['', 'secret-pass', { email: 'Invalid email format' }],
    ['hank@rearden', 'secret-pass', { email: 'Invalid email format' }],
    ['hank@rearden.com', '', { password: 'Password is required' }],
    ['', '', { email: 'Invalid email format', password: 'Password is required' }],
  ])('checks %j / %j in the browser first and sends nothing', async (email, password, messages) => {
    const { user } = await openPasswordTab();
    await signInWithPassword(user, email, password);
    expect(loginCalls()).toHaveLength(0);
    const fields = { email: screen.getByLabelText('Email address'), password: passwordInput() };
    for (const [field, message] of Object.entries(messages)) {
      const input = fields[field as keyof typeof fields];
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input.getAttribute('aria-describedby')).toContain(screen.getByText(message!).id);
    }
    // Focus goes to the first field at fault.
    expect(messages.email ? fields.email : fields.password).toHaveFocus();
  });

  it('drops a message as soon as the field is right', async () => {
    const { user } = await openPasswordTab();
    await signInWithPassword(user, 'hank@rearden', 'secret-pass');
    await user.type(screen.getByLabelText('Email address'), '.com');
    expect(screen.queryByText('Invalid email format')).not.toBeInTheDocument();
  });

  it('says the login form’s own words for a malformed address when the field is left, never the magic-link wording', async () => {
    const { user } = await openPasswordTab();
    await user.type(screen.getByLabelText('Email address'), 'hank@rearden');
    await user.tab();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Invalid email format');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
  });

  it('signs in with the address and the password as typed, and goes on to the redirect', async () => {
    const member = aUser({ hasPassword: true });
    server.on('POST /api/auth/login', { body: { success: true, user: member } });
    const { user } = await openPasswordTab();
    await signInWithPassword(user, 'Hank.Rearden@Example.org', ' pass word ');
    expect(loginCalls()).toHaveLength(1);
    expect(loginCalls()[0]?.body).toEqual({ email: 'hank.rearden@example.org', password: ' pass word ' });
    expect(loginCalls()[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    await elapse(0);
    expect(probe.path).toBe('/dashboard');
    expect(probe.auth?.state).toMatchObject({ isAuthenticated: true, email: member.email, hasPassword: true });
  });

  it('sends a member whose profile is incomplete to onboarding first, the redirect remembered', async () => {
    server.on('POST /api/auth/login', { body: { success: true, user: aUser({ needsProfileCompletion: true, firstName: null, lastName: null }) } });
    const { user } = await openPasswordTab('/login?redirect=%2Fdashboard%3Ftab%3Dbooks');
    await signInWithPassword(user, 'hank@example.org', 'secret-pass');
    await elapse(0);
    expect(probe.path).toBe('/onboarding');
    expect(sessionStorage.getItem(POST_PROFILE_REDIRECT_KEY)).toBe('/dashboard?tab=books');
  });

  it('shows a wrong address or password as the server words it, and asks for the password again', async () => {
    server.on('POST /api/auth/login', failure(401, 'INVALID_CREDENTIALS', 'Invalid credentials'));
    const { user } = await openPasswordTab();
    await signInWithPassword(user, 'hank@example.org', 'wrong-pass');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getByLabelText('Email address')).toHaveValue('hank@example.org');
    expect(passwordInput()).toHaveValue('');
    expect(passwordInput()).toHaveFocus();
    expect(probe.auth?.state).toMatchObject({ isAuthenticated: false, error: 'Invalid credentials' });
    expect(probe.path).toBe('/login?redirect=%2Fdashboard');
  });

  it.each([
    [failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 14 minutes.'), 'Too many attempts. Please try again in 14 minutes.'],
    [failure(403, 'ACCOUNT_INACTIVE', 'This account has been deactivated. Please contact support.'), 'This account has been deactivated. Please contact support.'],
    [failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'), 'An error occurred'],
    [{ status: 200, body: { success: true, user: { id: 'half a user' } } }, 'Invalid API response format'],
  ])('shows other refusals as the server words them, else the fallback (%#)', async (reply, message) => {
    server.on('POST /api/auth/login', reply);
    const { user } = await openPasswordTab();
    await signInWithPassword(user, 'hank@example.org', 'secret-pass');
    await elapse(5_000);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(probe.auth?.state.isAuthenticated).toBe(false);
  });

  it('marks the fields the server names', async () => {
    server.on('POST /api/auth/login', failure(400, 'VALIDATION_ERROR', 'Invalid email format', { errors: [{ path: 'email', message: 'Invalid email format' }] }));
    const { user } = await openPasswordTab();
    await signInWithPassword(user, 'hank@example.org', 'secret-pass');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email format');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });

  it('shows the button busy while signing in, and sends once', async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    server.on('POST /api/auth/login', () => new Promise((resolve) => (answer = resolve)));
    const { user } = await openPasswordTab();
    await signInWithPassword(user, 'hank@example.org', 'secret-pass');
    const button = screen.getByRole('button', { name: 'Sign in with password' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(loginCalls()).toHaveLength(1);
    answer({ body: { success: true, user: aUser() } });
    await elapse(0);
    expect(probe.path).toBe('/dashboard');
  });

  it('offers an e-mailed link to a member who forgot the password, focus on its field', async () => {
    const { user } = await openPasswordTab();
    await user.click(screen.getByRole('button', { name: 'Get a sign-in link by email' }));
    expect(screen.getByRole('tab', { name: 'Email link' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeInTheDocument();
  });
});

describe('social sign-in', () => {
  it('offers one link per configured provider, a full navigation to its connect route with the redirect', async () => {
    await openLogin('/login?redirect=%2Fdashboard', withProviders);
    expect(screen.getByRole('link', { name: 'Continue with Test ID' })).toHaveAttribute('href', '/api/auth/connect/testid?redirect=%2Fdashboard');
    expect(screen.getByRole('link', { name: 'Continue with Acme' })).toHaveAttribute('href', '/api/auth/connect/acme?redirect=%2Fdashboard');
  });

  it('offers none, and no separator, when no provider is configured', async () => {
    await openLogin();
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('sends an unsafe redirect nowhere but home, and carries the client’s base path', () => {
    expect(socialConnectUrl('testid', '/', { apiBase: '', basePath: '' })).toBe('/api/auth/connect/testid?redirect=%2F');
    expect(socialConnectUrl('testid', '/dashboard?tab=books', { apiBase: 'https://api.example.org', basePath: 'learn/' })).toBe(
      'https://api.example.org/api/auth/connect/testid?redirect=%2Flearn%2Fdashboard%3Ftab%3Dbooks',
    );
  });

  it('explains a failed social sign-in from the callback’s error code, in an alert', async () => {
    await openLogin('/login?error=SOCIAL_EMAIL_UNVERIFIED', withProviders);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Authentication failed');
    expect(alert).toHaveTextContent(
      'An account with this email already exists, and the provider has not verified the address. Sign in another way first, then link this provider.',
    );
  });

  it('says a link was already used when the callback sends the member here with no session, the email-link form open', async () => {
    await openLogin('/login?redirect=%2Fdashboard&notice=link-used');
    expect(screen.getByRole('status')).toHaveTextContent('This link was already used. Enter your e-mail to get a new one.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Email link' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/email/i, { selector: 'input' })).toBeInTheDocument();
  });

  it('never shows the code itself: an unknown one gets the general message', async () => {
    await openLogin('/login?error=%3Cb%3EYour%20account%20is%20locked%3C%2Fb%3E');
    expect(screen.getByRole('alert')).toHaveTextContent(SOCIAL_ERROR_FALLBACK);
    expect(screen.queryByText(/locked/)).not.toBeInTheDocument();
    expect(socialErrorMessage(null)).toBeNull();
    expect(socialErrorMessage('toString')).toBe(SOCIAL_ERROR_FALLBACK);
  });

  it('has the server’s message for every code the callback sends', () => {
    const server = { ...Object.fromEntries(Object.entries(SOCIAL_ERRORS).map(([code, { message }]) => [code, message])), ACCOUNT_INACTIVE: INACTIVE_MESSAGE };
    expect(SOCIAL_ERROR_MESSAGES).toEqual(server);
  });
});

/** A stand-in for the browser's WebAuthn: `get` answers from `answer`, or waits (autofill) until aborted. */
function fakeWebAuthn({ autofill = false }: { autofill?: boolean } = {}) {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  const credential = {
    id: 'Y3JlZC0x',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: { authenticatorData: bytes('auth-data'), clientDataJSON: bytes('{"type":"webauthn.get"}'), signature: bytes('sig'), userHandle: bytes('u-1') },
    getClientExtensionResults: () => ({}),
  };
  const pickers: Array<() => void> = [];
  const webauthn = {
    answer: (): Promise<unknown> => Promise.resolve(credential),
    requests: [] as CredentialRequestOptions[],
    /** The member picks a passkey from the field's suggestions: the pending autofill request answers. */
    pick: () => pickers.at(-1)?.(),
  };
  const get = vi.fn((options: CredentialRequestOptions) => {
    webauthn.requests.push(options);
    if (options.mediation === 'conditional') {
      return new Promise((resolve, reject) => {
        pickers.push(() => resolve(credential));
        options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return webauthn.answer();
  });
  vi.stubGlobal('PublicKeyCredential', Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: () => Promise.resolve(autofill) }));
  Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
  server.on('POST /api/auth/passkey/authenticate/options', { body: { success: true, data: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', timeout: 300000, userVerification: 'preferred', allowCredentials: [] } } });
  server.on('POST /api/auth/passkey/authenticate', { body: { success: true, user: aUser({ hasPasskey: true }) } });
  return webauthn;
}

const passkeyButton = () => screen.getByRole('button', { name: 'Sign in with a passkey' });
const passkeyCalls = () => server.callsTo('POST /api/auth/passkey/authenticate');

describe('passkey sign-in', () => {
  it('is not offered by a browser without WebAuthn', async () => {
    await openLogin();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it('asks the server for options, lets the browser sign them, sends the answer and goes on to the redirect', async () => {
    const webauthn = fakeWebAuthn();
    const { user } = await openLogin();
    await user.click(passkeyButton());
    await elapse(0);
    expect(server.callsTo('POST /api/auth/passkey/authenticate/options')).toHaveLength(1);
    expect(webauthn.requests).toHaveLength(1);
    expect(webauthn.requests[0]?.mediation).toBeUndefined();
    expect(passkeyCalls()).toHaveLength(1);
    expect(passkeyCalls()[0]?.body).toMatchObject({
      credential: { id: 'Y3JlZC0x', rawId: 'Y3JlZC0x', type: 'public-key', response: { signature: 'c2ln', userHandle: 'dS0x' } },
    });
    expect(probe.path).toBe('/dashboard');
    expect(probe.auth?.state).toMatchObject({ isAuthenticated: true, hasPasskey: true });
  });

  it('takes a closed passkey dialog calmly: a note, no alert, and the button ready again', async () => {
    const webauthn = fakeWebAuthn();
    webauthn.answer = () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const { user } = await openLogin();
    await user.click(passkeyButton());
    await elapse(0);
    expect(screen.getByRole('status')).toHaveTextContent('Passkey sign-in was cancelled. Try again, or choose another way to sign in.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(passkeyButton()).toBeEnabled();
    expect(passkeyCalls()).toHaveLength(0);
    expect(probe.path).toBe('/login?redirect=%2Fdashboard');
  });

  it.each([
    [failure(401, 'PASSKEY_VERIFICATION_FAILED', 'Passkey verification failed'), 'Passkey verification failed'],
    [failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'), 'Failed to verify passkey'],
  ])('shows a refused passkey as the server words it, else the fallback (%#)', async (reply, message) => {
    fakeWebAuthn();
    server.on('POST /api/auth/passkey/authenticate', reply);
    const { user } = await openLogin();
    await user.click(passkeyButton());
    await elapse(5_000);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(probe.auth?.state).toMatchObject({ isAuthenticated: false, error: message });
  });

  it('shows the rate limit when the server refuses options', async () => {
    const webauthn = fakeWebAuthn();
    server.on('POST /api/auth/passkey/authenticate/options', failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 3 minutes.'));
    const { user } = await openLogin();
    await user.click(passkeyButton());
    await elapse(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 3 minutes.');
    expect(webauthn.requests).toHaveLength(0);
  });

  it('offers the member’s passkeys in the e-mail field’s autofill, and ends that request when the page goes', async () => {
    const webauthn = fakeWebAuthn({ autofill: true });
    const view = await openLogin();
    await elapse(0);
    expect(webauthn.requests).toHaveLength(1);
    expect(webauthn.requests[0]?.mediation).toBe('conditional');
    const signal = webauthn.requests[0]?.signal;
    expect(signal?.aborted).toBe(false);
    view.unmount();
    expect(signal?.aborted).toBe(true);
    expect(passkeyCalls()).toHaveLength(0);
  });

  it('the button replaces the autofill request, and autofill is offered again after a cancelled dialog', async () => {
    const webauthn = fakeWebAuthn({ autofill: true });
    webauthn.answer = () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    const { user } = await openLogin();
    await elapse(0);
    const autofillSignal = webauthn.requests[0]?.signal;
    await user.click(passkeyButton());
    await elapse(0);
    expect(autofillSignal?.aborted).toBe(true);
    expect(webauthn.requests.map((request) => request.mediation)).toEqual(['conditional', undefined, 'conditional']);
    // The aborted autofill request says nothing: only the cancelled dialog's note shows.
    expect(screen.getByRole('status')).toHaveTextContent('Passkey sign-in was cancelled.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs in with a passkey picked from the autofill', async () => {
    const webauthn = fakeWebAuthn({ autofill: true });
    await openLogin();
    await elapse(0);
    expect(passkeyCalls()).toHaveLength(0);
    webauthn.pick();
    await elapse(0);
    expect(passkeyCalls()).toHaveLength(1);
    expect(probe.path).toBe('/dashboard');
  });

  it('reports a refused autofill passkey, and nothing before one is picked', async () => {
    const webauthn = fakeWebAuthn({ autofill: true });
    server.on('POST /api/auth/passkey/authenticate', failure(401, 'PASSKEY_VERIFICATION_FAILED', 'Passkey verification failed'));
    await openLogin();
    await elapse(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    webauthn.pick();
    await elapse(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Passkey verification failed');
  });
});
