/**
 * Passwords (issue 4): register, log in, set up or change. Login does the same work whether or
 * not the address has an account (a dummy hash for unknown ones) and answers 'Invalid credentials'
 * alike. Every password check is counted against the per-network and per-address password limits
 * *before* the hash is computed, so a burst of parallel guesses cannot slip past the allowance
 * while the ~0.3 s scrypt runs; a check that succeeds gives its own attempt back (failures stand
 * until their window ends). An address over its limit can still sign in by magic link or passkey.
 */
import { requirePermission, requireRecentAuthentication, type Actor } from '../../domain/auth/actor';
import { PASSWORD_TOO_COMMON, REAUTHENTICATION_WINDOW_SECONDS } from '../../domain/auth/password';
import { normaliseRoles } from '../../domain/auth/roles';
import { CURRENT_PASSWORD_WRONG } from '../../domain/auth/schemas';
import type { User } from '../../domain/auth/user';
import { AppError, conflict, forbidden, invalidInput, notFound, unauthenticated } from '../../domain/shared/errors';
import type { AuthDeps, ClientInfo } from './deps';
import { INACTIVE_MESSAGE } from './magic-link';
import { charges, refundAttempt, spendAttempt } from './rate-limits';
import { startSession, type IssuedTokens } from './sessions';
import { recordSignIn } from './sign-in';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';

function refuseCommon(d: Pick<AuthDeps, 'commonPasswords'>, password: string) {
  if (d.commonPasswords.isCommon(password)) throw invalidInput(PASSWORD_TOO_COMMON, [{ path: 'password', message: PASSWORD_TOO_COMMON }], 'PASSWORD_TOO_COMMON');
}

/** The keys a password check by this client for this address counts against. */
export const passwordKeys = (client: ClientInfo, email: string) => charges.password(client, email);

export async function register(
  d: AuthDeps,
  input: { email: string; password: string; firstName: string; lastName: string },
  client: ClientInfo,
  previousSessionId: string | null,
): Promise<{ user: User; tokens: IssuedTokens }> {
  // Every registration counts, whatever its outcome: it is a per-network brake on creating accounts and
  // on probing which addresses have one (409 EMAIL_TAKEN).
  await spendAttempt(d.rateLimiter, charges.password(client));
  refuseCommon(d, input.password);
  const now = d.clock.now();
  const passwordHash = await d.passwords.hash(input.password);
  // One transaction: an account is never left without the session it was made for (a retry would
  // find the address taken). The address is not proven yet: it grants no role (recordSignIn).
  const outcome = await d.uow.run(async (tx) => {
    const { user, created } = await tx.users.createOrGet({ email: input.email, emailVerified: false, roles: normaliseRoles([]), firstName: input.firstName, lastName: input.lastName }, now);
    if (!created) return null;
    const updated = await recordSignIn({ users: tx.users, settings: d.settings }, user, now, { passwordHash, preferredAuthMethod: 'PASSWORD' });
    const tokens = await startSession({ ...d, users: tx.users, sessions: tx.sessions, audit: tx.audit }, updated, 'PASSWORD', client, previousSessionId);
    await tx.audit.record({ action: 'sign_in', outcome: 'success', method: 'PASSWORD', userId: user.id, email: user.email, sessionId: tokens.sessionId, ip: client.ip, userAgent: client.userAgent, detail: { registered: true }, at: now });
    return { user: updated, tokens };
  });
  if (!outcome) {
    await d.audit.record({ action: 'sign_in', outcome: 'failure', method: 'PASSWORD', email: input.email, ip: client.ip, userAgent: client.userAgent, detail: { reason: 'register: address taken' }, at: now });
    throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
  }
  return outcome;
}

export async function login(d: AuthDeps, input: { email: string; password: string }, client: ClientInfo, previousSessionId: string | null): Promise<{ user: User; tokens: IssuedTokens }> {
  const keys = passwordKeys(client, input.email);
  await spendAttempt(d.rateLimiter, keys);
  const now = d.clock.now();
  const user = await d.users.byEmail(input.email);
  let ok = false;
  if (user?.passwordHash) {
    const check = await d.passwords.verify(user.passwordHash, input.password);
    ok = check.ok;
    if (ok && check.needsRehash) await d.users.update(user.id, { passwordHash: await d.passwords.hash(input.password) }, now);
  } else {
    await d.passwords.verifyDummy(input.password);
  }
  if (!ok || !user) {
    await d.audit.record({ action: 'sign_in', outcome: 'failure', method: 'PASSWORD', userId: user?.id ?? null, email: input.email, ip: client.ip, userAgent: client.userAgent, detail: { reason: 'invalid credentials' }, at: now });
    throw unauthenticated(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  await refundAttempt(d.rateLimiter, keys);
  if (!user.isActive) {
    await d.audit.record({ action: 'sign_in', outcome: 'failure', method: 'PASSWORD', userId: user.id, email: user.email, ip: client.ip, userAgent: client.userAgent, detail: { reason: 'inactive' }, at: now });
    throw forbidden(INACTIVE_MESSAGE, 'ACCOUNT_INACTIVE');
  }
  const updated = await recordSignIn(d, user, now);
  const tokens = await startSession(d, updated, 'PASSWORD', client, previousSessionId);
  await d.audit.record({ action: 'sign_in', outcome: 'success', method: 'PASSWORD', userId: user.id, email: user.email, sessionId: tokens.sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
  return { user: updated, tokens };
}

/**
 * Sets a first password, or changes one. Either adds a lasting way in, so it needs a sign-in or
 * re-authentication within the last 10 minutes, as removing one does (a change may prove it with
 * the current password instead). Each call is an expensive hash: it counts against the member's
 * password allowance before anything is hashed or checked, and a success gives nothing back.
 */
export async function setupPassword(
  d: AuthDeps,
  actor: Actor | null,
  input: { password: string; setAsPreferred: boolean; currentPassword?: string | undefined },
  client: ClientInfo,
): Promise<User> {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  const user = await d.users.byId(a.userId);
  if (!user) throw notFound('User');
  // A first password (or a change without the current one) is a new way in: a recent sign-in, like removing one.
  if (!user.passwordHash || input.currentPassword === undefined) requireRecentAuthentication(a, now, REAUTHENTICATION_WINDOW_SECONDS);
  refuseCommon(d, input.password);
  await spendAttempt(d.rateLimiter, charges.setPassword(user.id));
  if (user.passwordHash && input.currentPassword !== undefined) {
    const keys = passwordKeys(client, user.email);
    await spendAttempt(d.rateLimiter, keys);
    const check = await d.passwords.verify(user.passwordHash, input.currentPassword);
    if (check.ok) await refundAttempt(d.rateLimiter, keys);
    else {
      await d.audit.record({ action: 'password.set', outcome: 'failure', method: 'PASSWORD', userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, detail: { reason: 'wrong current password' }, at: now });
      throw new AppError('invalid_input', 'INVALID_CURRENT_PASSWORD', CURRENT_PASSWORD_WRONG, { errors: [{ path: 'currentPassword', message: CURRENT_PASSWORD_WRONG }] });
    }
  }
  if (input.setAsPreferred && user.preferredAuthMethod !== 'PASSWORD' && user.preferredAuthMethod !== null && input.currentPassword === undefined) {
    requireRecentAuthentication(a, now, REAUTHENTICATION_WINDOW_SECONDS);
  }
  const passwordHash = await d.passwords.hash(input.password);
  const updated = await d.users.update(user.id, { passwordHash, ...(input.setAsPreferred ? { preferredAuthMethod: 'PASSWORD' as const } : {}) }, now);
  if (!updated) throw notFound('User');
  await d.audit.record({ action: 'password.set', outcome: 'success', method: 'PASSWORD', userId: user.id, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, detail: { changed: user.passwordHash !== null }, at: now });
  return updated;
}
