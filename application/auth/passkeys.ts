/**
 * Passkeys (issue 4): register one, list, rename, sign in with one, and prove again who you are
 * with one. Every ceremony has a challenge of its own, kept under `auth:passkey:<purpose>:` in the
 * key-value store for five minutes and taken atomically when the answer comes back, so it works
 * once and for the purpose it was made for. Removal lives with the other ways in (methods.ts),
 * which owns the "never the last way in" rule. domain/auth/README.md "Passkeys" has the decisions.
 */
import { requirePermission, requireRecentAuthentication, type Actor } from '../../domain/auth/actor';
import {
  CHALLENGE_PATTERN,
  defaultPasskeyName,
  MAX_PASSKEYS_PER_MEMBER,
  PASSKEY_ALREADY_REGISTERED,
  PASSKEY_CHALLENGE_EXPIRED,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_LIMIT_REACHED,
  PASSKEY_USER_VERIFICATION_REQUIRED,
  PASSKEY_VERIFICATION_FAILED,
  signCountAccepted,
  type Passkey,
} from '../../domain/auth/passkey';
import { PASSKEY_CREDENTIAL_REQUIRED, type AuthenticationCredential, type RegistrationCredential } from '../../domain/auth/passkey-credential';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '../../domain/auth/passkey-schemas';
import { REAUTHENTICATION_WINDOW_SECONDS } from '../../domain/auth/password';
import { tooManyAttemptsMessage } from '../../domain/auth/schemas';
import type { User } from '../../domain/auth/user';
import { AppError, conflict, forbidden, invalidInput, notFound, rateLimited, ruleViolation, type ErrorKind } from '../../domain/shared/errors';
import { authKey } from '../../domain/storage/rules';
import type { AuditEvent } from '../ports/audit-log';
import type { PasskeyDescriptor } from '../ports/passkeys';
import type { AuthDeps, ClientInfo } from './deps';
import { INACTIVE_MESSAGE } from './magic-link';
import { charges, networkKey, spendAttempt } from './rate-limits';
import { startSession, type IssuedTokens } from './sessions';
import { recordSignIn } from './sign-in';

type Purpose = 'register' | 'sign-in' | 'reauthenticate';

/** What the server remembers about a ceremony it started, under the challenge it sent. */
interface Ceremony {
  userId: string | null;
  /** The session that asked (re-authentication marks that session, and only it). */
  sessionId: string | null;
  /** The name given when registration started. */
  name: string | null;
  expiresAt: string;
}

const ceremonyKey = (purpose: Purpose, challenge: string) => authKey('passkey', purpose, challenge);
const descriptorOf = (p: Passkey): PasskeyDescriptor => ({ credentialId: p.credentialId, transports: p.transports });
const displayNameOf = (user: User) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

async function beginCeremony(d: Pick<AuthDeps, 'kv' | 'clock'>, purpose: Purpose, challenge: string, ceremony: Omit<Ceremony, 'expiresAt'>) {
  const expiresAt = new Date(d.clock.now().getTime() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000);
  await d.kv.set(ceremonyKey(purpose, challenge), { ...ceremony, expiresAt: expiresAt.toISOString() } satisfies Ceremony, { ttlSeconds: PASSKEY_CHALLENGE_TTL_SECONDS });
}

/**
 * Takes the ceremony an answer claims to finish: atomically (a second use finds nothing), for this
 * purpose only, and only within its five minutes by the product's clock (the store's TTL is the
 * clean-up, not the rule).
 */
async function takeCeremony(d: Pick<AuthDeps, 'kv' | 'webauthn'>, purpose: Purpose, response: RegistrationCredential | AuthenticationCredential, now: Date) {
  const challenge = d.webauthn.challengeOf(response);
  if (!challenge || !CHALLENGE_PATTERN.test(challenge)) return null;
  const ceremony = await d.kv.take<Ceremony>(ceremonyKey(purpose, challenge));
  if (!ceremony || new Date(ceremony.expiresAt).getTime() <= now.getTime()) return null;
  return { challenge, ceremony };
}

const challengeRefused = (kind: ErrorKind) => new AppError(kind, 'PASSKEY_CHALLENGE_EXPIRED', PASSKEY_CHALLENGE_EXPIRED);
const verificationRefused = (kind: ErrorKind) => new AppError(kind, 'PASSKEY_VERIFICATION_FAILED', PASSKEY_VERIFICATION_FAILED);

/**
 * Registration: options for `navigator.credentials.create()` for the signed-in member. A passkey is
 * a lasting way in, so adding one needs a recent sign-in or re-authentication, as removing one does.
 */
export async function startPasskeyRegistration(d: AuthDeps, actor: Actor | null, input: { name?: string | undefined }): Promise<{ options: PasskeyCreationOptions }> {
  const a = requirePermission(actor, 'profile.manage');
  requireRecentAuthentication(a, d.clock.now(), REAUTHENTICATION_WINDOW_SECONDS);
  const user = await d.users.byId(a.userId);
  if (!user) throw notFound('User');
  const existing = await d.passkeys.listForUser(user.id);
  if (existing.length >= MAX_PASSKEYS_PER_MEMBER) throw ruleViolation(PASSKEY_LIMIT_REACHED, 'PASSKEY_LIMIT_REACHED');
  const { challenge, options } = await d.webauthn.creationOptions({ user: { id: user.id, name: user.email, displayName: displayNameOf(user) }, exclude: existing.map(descriptorOf) });
  await beginCeremony(d, 'register', challenge, { userId: user.id, sessionId: a.sessionId, name: input.name ?? null });
  return { options };
}

/** Registration: checks the new credential and stores it as one of the member's passkeys. */
export async function finishPasskeyRegistration(
  d: AuthDeps,
  actor: Actor | null,
  input: { credential: RegistrationCredential; setAsPreferred: boolean; name?: string | undefined },
  client: ClientInfo,
): Promise<{ user: User; passkey: Passkey }> {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  const user = await d.users.byId(a.userId);
  if (!user) throw notFound('User');
  // A new way in needs a recent sign-in (the options may have been asked for just inside the window).
  // Checked before the challenge is spent: the member can re-authenticate and send the same answer again.
  requireRecentAuthentication(a, now, REAUTHENTICATION_WINDOW_SECONDS);
  const audit = (outcome: AuditEvent['outcome'], detail: Record<string, unknown>) =>
    d.audit.record({ action: 'passkey.registered', outcome, method: 'PASSKEY', userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, detail, at: now });

  const taken = await takeCeremony(d, 'register', input.credential, now);
  if (!taken || taken.ceremony.userId !== user.id) {
    await audit('failure', { reason: 'challenge' });
    throw challengeRefused('invalid_input');
  }
  const verdict = await d.webauthn.verifyRegistration({ response: input.credential, expectedChallenge: taken.challenge, requireUserVerification: PASSKEY_USER_VERIFICATION_REQUIRED });
  if (!verdict.ok) {
    await audit('failure', { reason: verdict.reason });
    throw verificationRefused('invalid_input');
  }
  const existing = await d.passkeys.listForUser(user.id);
  if (existing.length >= MAX_PASSKEYS_PER_MEMBER) throw ruleViolation(PASSKEY_LIMIT_REACHED, 'PASSKEY_LIMIT_REACHED');
  const passkey: Passkey = {
    id: d.secrets.uuid(),
    userId: user.id,
    ...verdict.credential,
    name: input.name ?? taken.ceremony.name ?? defaultPasskeyName(existing.map((p) => p.name), verdict.provider),
    createdAt: now,
    lastUsedAt: null,
  };
  if ((await d.passkeys.create(passkey)) === 'duplicate') {
    await audit('failure', { reason: 'already registered' });
    throw conflict(PASSKEY_ALREADY_REGISTERED, 'PASSKEY_ALREADY_REGISTERED');
  }
  const updated = input.setAsPreferred ? ((await d.users.update(user.id, { preferredAuthMethod: 'PASSKEY' }, now)) ?? user) : user;
  await audit('success', { passkeyId: passkey.id, deviceType: passkey.deviceType, backedUp: passkey.backedUp });
  return { user: updated, passkey };
}

export interface Page {
  page: number;
  limit: number;
}

/** The member's passkeys, oldest first, a page at a time (a member holds at most MAX_PASSKEYS_PER_MEMBER). */
export async function listPasskeys(d: Pick<AuthDeps, 'passkeys'>, actor: Actor | null, page: Page) {
  const a = requirePermission(actor, 'profile.manage');
  const all = await d.passkeys.listForUser(a.userId);
  const start = (page.page - 1) * page.limit;
  return { passkeys: all.slice(start, start + page.limit), total: all.length, page: page.page, limit: page.limit, totalPages: Math.ceil(all.length / page.limit) };
}

export async function renamePasskey(d: Pick<AuthDeps, 'passkeys' | 'clock' | 'audit'>, actor: Actor | null, input: { id: string; name: string }, client: ClientInfo): Promise<Passkey> {
  const a = requirePermission(actor, 'profile.manage');
  const passkey = await d.passkeys.rename(a.userId, input.id, input.name);
  if (!passkey) throw notFound('Passkey');
  await d.audit.record({ action: 'passkey.renamed', outcome: 'success', method: 'PASSKEY', userId: a.userId, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, detail: { passkeyId: passkey.id }, at: d.clock.now() });
  return passkey;
}

/** Refuses with 429 when the caller's network has spent its passkey allowance (without spending any). */
async function refuseWhenSpent(d: Pick<AuthDeps, 'rateLimiter' | 'clock'>, client: ClientInfo) {
  const state = await d.rateLimiter.peek('passkey', networkKey(client));
  if (state.remaining > 0) return;
  // The limiter places resetsAt on the product clock (adapters/rate-limit), so it is compared with that clock.
  const seconds = Math.max(1, Math.ceil((state.resetsAt.getTime() - d.clock.now().getTime()) / 1000));
  throw rateLimited(tooManyAttemptsMessage(seconds), seconds);
}

/**
 * Checks an assertion for a ceremony: the challenge (taken once), the credential (known, and the
 * expected member's when one is expected), the signature, origin, RP ID, flags and counter, and
 * records the use. Every refusal is audited with its reason and answers the same to the caller.
 */
async function verifyAssertion(
  d: AuthDeps,
  purpose: 'sign-in' | 'reauthenticate',
  credential: AuthenticationCredential,
  client: ClientInfo,
  now: Date,
  expected: { userId: string; sessionId: string } | null,
): Promise<{ passkey: Passkey; user: User }> {
  const refuse = async (reason: string, error: AppError, userId: string | null = expected?.userId ?? null) => {
    await d.audit.record({
      action: purpose === 'sign-in' ? 'sign_in' : 'reauthenticate',
      outcome: 'failure',
      method: 'PASSKEY',
      userId,
      sessionId: expected?.sessionId ?? null,
      ip: client.ip,
      userAgent: client.userAgent,
      detail: { reason },
      at: now,
    });
    return error;
  };
  const taken = await takeCeremony(d, purpose, credential, now);
  if (!taken || (expected && (taken.ceremony.userId !== expected.userId || taken.ceremony.sessionId !== expected.sessionId))) {
    throw await refuse('challenge', challengeRefused('unauthenticated'));
  }
  const passkey = await d.passkeys.byCredentialId(credential.id);
  if (!passkey) throw await refuse('unknown-credential', verificationRefused('unauthenticated'));
  if (expected && passkey.userId !== expected.userId) throw await refuse('wrong-user', verificationRefused('unauthenticated'));
  const verdict = await d.webauthn.verifyAuthentication({ response: credential, expectedChallenge: taken.challenge, passkey, requireUserVerification: PASSKEY_USER_VERIFICATION_REQUIRED });
  if (!verdict.ok) throw await refuse(verdict.reason, verificationRefused('unauthenticated'), passkey.userId);
  // The adapter applies the same rule; the product's own check keeps it whatever the library does.
  if (!signCountAccepted(passkey.counter, verdict.counter)) throw await refuse('counter', verificationRefused('unauthenticated'), passkey.userId);
  const recorded = await d.passkeys.recordUse(passkey.id, { previousCounter: passkey.counter, counter: verdict.counter, backedUp: verdict.backedUp, at: now });
  // Gone since it was read (removed), or another assertion moved the counter first.
  if (!recorded) throw await refuse('counter', verificationRefused('unauthenticated'), passkey.userId);
  const user = await d.users.byId(passkey.userId);
  if (!user) throw await refuse('unknown-credential', verificationRefused('unauthenticated'));
  return { passkey, user };
}

/**
 * Sign-in: options for `navigator.credentials.get()`. allowCredentials is empty, so the browser
 * offers the member's discoverable passkeys for this site (and its autofill works) without the
 * server learning, or revealing, who is about to sign in.
 */
export async function startPasskeySignIn(d: AuthDeps, client: ClientInfo): Promise<{ options: PasskeyRequestOptions }> {
  await refuseWhenSpent(d, client);
  const { challenge, options } = await d.webauthn.requestOptions({ allow: [] });
  await beginCeremony(d, 'sign-in', challenge, { userId: null, sessionId: null, name: null });
  return { options };
}

/** Sign-in: every attempt counts against the `passkey` limit of the client network. */
export async function finishPasskeySignIn(
  d: AuthDeps,
  input: { credential: AuthenticationCredential },
  client: ClientInfo,
  previousSessionId: string | null,
): Promise<{ user: User; tokens: IssuedTokens }> {
  await spendAttempt(d.rateLimiter, charges.passkey(client));
  const now = d.clock.now();
  const { passkey, user } = await verifyAssertion(d, 'sign-in', input.credential, client, now, null);
  if (!user.isActive) {
    await d.audit.record({ action: 'sign_in', outcome: 'failure', method: 'PASSKEY', userId: user.id, email: user.email, ip: client.ip, userAgent: client.userAgent, detail: { reason: 'inactive' }, at: now });
    throw forbidden(INACTIVE_MESSAGE, 'ACCOUNT_INACTIVE');
  }
  const updated = await recordSignIn(d, user, now);
  const tokens = await startSession(d, updated, 'PASSKEY', client, previousSessionId);
  await d.audit.record({ action: 'sign_in', outcome: 'success', method: 'PASSKEY', userId: user.id, email: user.email, sessionId: tokens.sessionId, ip: client.ip, userAgent: client.userAgent, detail: { passkeyId: passkey.id }, at: now });
  return { user: updated, tokens };
}

/** Re-authentication: options naming the member's own passkeys, bound to the asking session. */
export async function startPasskeyReauthentication(d: AuthDeps, actor: Actor | null): Promise<{ options: PasskeyRequestOptions }> {
  const a = requirePermission(actor, 'profile.manage');
  const passkeys = await d.passkeys.listForUser(a.userId);
  if (passkeys.length === 0) throw new AppError('rule_violation', 'REAUTH_METHOD_UNAVAILABLE', 'You have no passkey yet. Re-authenticate with your password, or sign in again with an email link.');
  const { challenge, options } = await d.webauthn.requestOptions({ allow: passkeys.map(descriptorOf) });
  await beginCeremony(d, 'reauthenticate', challenge, { userId: a.userId, sessionId: a.sessionId, name: null });
  return { options };
}

/** Re-authentication: the session proves again who it is with one of the member's passkeys (methods.ts reauthenticate). */
export async function reauthenticateWithPasskey(d: AuthDeps, actor: Actor, credential: AuthenticationCredential | undefined, client: ClientInfo): Promise<void> {
  if (!credential) throw invalidInput(PASSKEY_CREDENTIAL_REQUIRED, [{ path: 'credential', message: PASSKEY_CREDENTIAL_REQUIRED }]);
  await spendAttempt(d.rateLimiter, charges.passkey(client));
  const now = d.clock.now();
  const { passkey } = await verifyAssertion(d, 'reauthenticate', credential, client, now, { userId: actor.userId, sessionId: actor.sessionId });
  await d.sessions.markReauthenticated(actor.sessionId, now);
  await d.audit.record({ action: 'reauthenticate', outcome: 'success', method: 'PASSKEY', userId: actor.userId, sessionId: actor.sessionId, ip: client.ip, userAgent: client.userAgent, detail: { passkeyId: passkey.id }, at: now });
}
