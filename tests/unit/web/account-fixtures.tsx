/**
 * What the account-security tests share: the page at /profile/security over the scripted sign-in
 * server of auth-fixtures (answering through a stubbed `fetch`, so the real helper, its retries and
 * the response checks all run), the account routes' default answers, and a stand-in for the
 * browser's WebAuthn (`navigator.credentials`) under the real @simplewebauthn/browser.
 */
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { AuthUser } from '../../../domain/auth/schemas';
import type { AppConfig } from '../../../domain/shared/app-config';
import { SecurityPage } from '../../../web/src/features/account/SecurityPage';
import type { ActiveSession, PasskeySummary, SignInMethods, SocialAccount } from '../../../web/src/lib/auth/account-api';
import { appConfig, aUser, fakeAuthServer, renderWithAuth, useFakeClock, type FakeAuthServer, type Reply } from './auth-fixtures';

export const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

export const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

export const methodsReply = (methods: Partial<SignInMethods> = {}): Reply => ({
  body: { success: true, methods: ['MAGIC_LINK'], preferredMethod: null, emailVerified: true, ...methods },
});

export function aPasskey(overrides: Partial<PasskeySummary> = {}): PasskeySummary {
  return {
    id: 'pk-1',
    name: 'Work laptop',
    deviceType: 'singleDevice',
    backedUp: false,
    transports: ['internal'],
    createdAt: '2026-02-01T10:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

export const passkeyPage = (passkeys: PasskeySummary[]): Reply => ({
  body: { success: true, passkeys, total: passkeys.length, page: 1, limit: 25, totalPages: passkeys.length === 0 ? 0 : 1 },
});

export function aSocialAccount(overrides: Partial<SocialAccount> = {}): SocialAccount {
  return {
    id: 'sa-1',
    provider: 'testid',
    providerName: 'Test ID',
    email: 'hank@provider.test',
    emailVerified: true,
    linkedAt: '2026-02-10T09:00:00.000Z',
    lastUsedAt: '2026-02-20T09:00:00.000Z',
    ...overrides,
  };
}

export function aSession(overrides: Partial<ActiveSession> = {}): ActiveSession {
  return {
    id: 'session-here',
    method: 'MAGIC_LINK',
    ip: '203.0.113.7',
    userAgent: CHROME_ON_LINUX,
    signedInAt: '2026-03-01T11:00:00.000Z',
    lastUsedAt: '2026-03-01T11:58:00.000Z',
    current: true,
    ...overrides,
  };
}

export const reauthRequired = (): Reply => ({
  status: 403,
  body: { success: false, code: 'REAUTHENTICATION_REQUIRED', message: 'Please confirm it is you: re-authenticate to continue.', errors: [] },
});

export const withProviders: AppConfig = {
  ...appConfig,
  dynamic: { ...appConfig.dynamic, socialProviders: [{ id: 'testid', name: 'Test ID' }, { id: 'acme', name: 'Acme' }] },
};

export interface SecurityPageSetup {
  user?: AuthUser;
  methods?: Partial<SignInMethods>;
  passkeys?: PasskeySummary[];
  accounts?: SocialAccount[];
  sessions?: ActiveSession[];
  config?: AppConfig;
}

/** A signed-in member's scripted server with the account routes answering from `setup`. */
export function accountServer(setup: SecurityPageSetup = {}): FakeAuthServer {
  const server = fakeAuthServer();
  server.signedIn(setup.user ?? aUser());
  server.on('GET /api/auth/methods', methodsReply(setup.methods));
  server.on('GET /api/auth/passkey/list', passkeyPage(setup.passkeys ?? []));
  server.on('GET /api/auth/social/list', { body: { success: true, accounts: setup.accounts ?? [] } });
  server.on('GET /api/auth/sessions', { body: { success: true, sessions: setup.sessions ?? [aSession()] } });
  return server;
}

/** Fake clock, the scripted server, and the page rendered and settled. */
export async function openSecurityPage(setup: SecurityPageSetup = {}, prepare?: (server: FakeAuthServer) => void) {
  useFakeClock();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const server = accountServer(setup);
  prepare?.(server);
  const view = renderWithAuth({
    path: '/profile/security',
    routes: [
      { path: 'profile/security', element: <SecurityPage /> },
      { path: 'login', element: <p>Login page</p> },
      { index: true, element: <p>Home page</p> },
    ],
    config: setup.config ?? appConfig,
  });
  await elapse(0);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { ...view, server, user };
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

/**
 * A stand-in for the browser's WebAuthn: `create` and `get` answer from `answerCreate` and
 * `answerGet` (replace them to make the ceremony fail). Without calling this, the page runs in a
 * browser with no WebAuthn at all.
 */
export function fakeWebAuthn() {
  const created = {
    id: 'bmV3LWNyZWQ',
    rawId: bytes('new-cred'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: { attestationObject: bytes('attestation'), clientDataJSON: bytes('{"type":"webauthn.create"}'), getTransports: () => ['internal'] },
    getClientExtensionResults: () => ({}),
  };
  const asserted = {
    id: 'Y3JlZC0x',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: { authenticatorData: bytes('auth-data'), clientDataJSON: bytes('{"type":"webauthn.get"}'), signature: bytes('sig'), userHandle: bytes('u-1') },
    getClientExtensionResults: () => ({}),
  };
  const webauthn = {
    answerCreate: (): Promise<unknown> => Promise.resolve(created),
    answerGet: (): Promise<unknown> => Promise.resolve(asserted),
    creations: [] as CredentialCreationOptions[],
    requests: [] as CredentialRequestOptions[],
  };
  const create = vi.fn((options: CredentialCreationOptions) => {
    webauthn.creations.push(options);
    return webauthn.answerCreate();
  });
  const get = vi.fn((options: CredentialRequestOptions) => {
    webauthn.requests.push(options);
    return webauthn.answerGet();
  });
  vi.stubGlobal('PublicKeyCredential', Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: () => Promise.resolve(false) }));
  Object.defineProperty(navigator, 'credentials', { value: { create, get }, configurable: true });
  return webauthn;
}

export const creationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Objectivism Learning Platform', id: 'localhost' },
  user: { id: 'dS0x', name: 'hank.rearden@example.org', displayName: 'Hank Rearden' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 300000,
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  attestation: 'none',
};

export const requestOptions = { challenge: 'cmVhdXRo', rpId: 'localhost', timeout: 300000, userVerification: 'preferred', allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key' }] };

export function removeFakeWebAuthn() {
  Reflect.deleteProperty(navigator, 'credentials');
}
