/**
 * Sign-in by magic link (spec 000; ARCHITECTURE.md §3 "Magic link").
 * Request: the same answer and the same work whether or not the address has an account.
 * Verify: a token works once; a second use answers TOKEN_ALREADY_USED (the client counts it as
 * success, no session is made); otherwise the error says why (expired, replaced, unknown).
 */
import { magicLinkMail, magicLinkUrl, resolveMagicLinkTarget } from '../../domain/auth/magic-link';
import { mustPace } from '../../domain/auth/magic-link-pacing';
import { normaliseRoles, type Role } from '../../domain/auth/roles';
import { MAGIC_LINK_TOKEN_MAX_LENGTH, TOKEN_REQUIRED_MESSAGE, type MagicLinkRequest, type VerifyMagicLinkInput } from '../../domain/auth/schemas';
import type { User } from '../../domain/auth/user';
import { AppError, conflict, forbidden, invalidInput, upstreamUnavailable } from '../../domain/shared/errors';
import type { AuthDeps, ClientInfo } from './deps';
import { charges, spendAttempt } from './rate-limits';
import { startSession, type IssuedTokens } from './sessions';

export const MAGIC_LINK_SENT_MESSAGE = 'If that address can receive mail, a sign-in link is on its way.';
export const SEND_FAILED_MESSAGE = 'Failed to send magic link. Please try again.';
export const INVALID_LINK_MESSAGE = 'Invalid or expired magic link';

export async function requestMagicLink(d: AuthDeps, input: MagicLinkRequest, client: ClientInfo): Promise<{ message: string }> {
  const target = resolveMagicLinkTarget(input, { appUrl: d.settings.appUrl, allowedOrigins: d.settings.allowedAppOrigins });
  const now = d.clock.now();
  // The requester is the client's network: its allowance for this address is its own, so requests
  // from elsewhere can never spend the owner's (domain/auth/README.md "Magic links").
  const requester = client.network;
  try {
    await spendAttempt(d.rateLimiter, charges.magicLink(client, input.email));
  } catch (error) {
    await d.audit.record({ action: 'magic_link.requested', outcome: 'failure', method: 'MAGIC_LINK', email: input.email, ip: client.ip, userAgent: client.userAgent, detail: { reason: 'rate limited' }, at: now });
    throw error;
  }

  // Pacing: another network had a link mailed to this address moments ago (or the address is busy).
  // Many networks asking for one address are slowed, never refused: the same answer, no new link,
  // no mail, and nothing voided. The mail just sent holds a link that works (only its own
  // requester's requests void it).
  const recent = await d.magicLinks.recentLinks(input.email, new Date(now.getTime() - d.settings.magicLinkTtlSeconds * 1000));
  if (mustPace(recent, requester, now, d.settings.magicLinkPaceSeconds)) {
    await d.audit.record({ action: 'magic_link.requested', outcome: 'success', method: 'MAGIC_LINK', email: input.email, ip: client.ip, userAgent: client.userAgent, detail: { paced: true }, at: now });
    return { message: MAGIC_LINK_SENT_MESSAGE };
  }

  const token = d.secrets.token();
  const id = d.secrets.uuid();
  // A new link voids the older links this requester asked for, and no one else's: a request the
  // owner did not make never voids the owner's link. Voided before this one is stored, never
  // after: a link is only ever replaced by a request that stores its own afterwards, so of two
  // requests racing the later-stored link always stays usable (voiding after sending let two
  // racing requests void each other).
  await d.magicLinks.replaceOthers(input.email, requester, id, now);
  await d.magicLinks.create({
    id,
    email: input.email,
    tokenHash: d.secrets.hash(token),
    redirectPath: target.redirectPath,
    requester,
    createdAt: now,
    expiresAt: new Date(now.getTime() + d.settings.magicLinkTtlSeconds * 1000),
  });
  const mail = magicLinkMail(magicLinkUrl(target, token), d.settings.magicLinkTtlSeconds, d.settings.productName);
  try {
    await d.mailer.send({ to: input.email, tag: 'magic-link', ...mail });
  } catch (error) {
    await d.magicLinks.remove(id);
    await d.audit.record({ action: 'magic_link.requested', outcome: 'failure', method: 'MAGIC_LINK', email: input.email, ip: client.ip, userAgent: client.userAgent, detail: { reason: 'mail not sent' }, at: now });
    throw upstreamUnavailable(SEND_FAILED_MESSAGE, 'MAIL_SEND_FAILED', error);
  }
  await d.audit.record({ action: 'magic_link.requested', outcome: 'success', method: 'MAGIC_LINK', email: input.email, ip: client.ip, userAgent: client.userAgent, at: now });
  return { message: MAGIC_LINK_SENT_MESSAGE };
}

/** First sign-in creates the member; ADMIN_EMAILS adds ADMIN; every sign-in verifies the address and stamps lastLoginAt. */
/** The member behind a link's address, created on the first sign-in of a new address (nothing else changes yet). */
async function memberFor(d: Pick<AuthDeps, 'users' | 'settings'>, email: string, now: Date): Promise<User> {
  const { user } = await d.users.createOrGet({ email, emailVerified: true, roles: normaliseRoles([], adminRolesFor(d, email)) }, now);
  return user;
}

const adminRolesFor = (d: Pick<AuthDeps, 'settings'>, email: string): Role[] => (d.settings.adminEmails.includes(email.toLowerCase()) ? ['ADMIN'] : []);

/** A sign-in that is let in: the address is verified, the time recorded, ADMIN_EMAILS applied. */
async function recordSignIn(d: Pick<AuthDeps, 'users' | 'settings'>, user: User, now: Date): Promise<User> {
  const roles = normaliseRoles(user.roles, adminRolesFor(d, user.email));
  const updated = await d.users.update(user.id, { emailVerified: true, lastLoginAt: now, ...(roles.length !== user.roles.length ? { roles } : {}) }, now);
  return updated ?? user;
}

export const MAGIC_LINK_DISABLED_MESSAGE = 'Sign-in by email link is turned off for this account. Please use another sign-in method.';
export const INACTIVE_MESSAGE = 'This account has been deactivated. Please contact support.';

export async function verifyMagicLink(
  d: AuthDeps,
  input: VerifyMagicLinkInput,
  client: ClientInfo,
  previousSessionId: string | null,
): Promise<{ user: User; tokens: IssuedTokens; redirectPath: string | null }> {
  const now = d.clock.now();
  const refuse = (reason: string) => d.audit.record({ action: 'sign_in', outcome: 'failure', method: 'MAGIC_LINK', ip: client.ip, userAgent: client.userAgent, detail: { reason }, at: now });
  if (input.token === '') {
    await refuse('missing token');
    throw invalidInput(TOKEN_REQUIRED_MESSAGE, [{ path: 'token', message: TOKEN_REQUIRED_MESSAGE }]);
  }
  // Longer than any token we issue: it cannot be ours, so it is unknown without a lookup.
  const result = input.token.length > MAGIC_LINK_TOKEN_MAX_LENGTH ? ({ status: 'unknown' } as const) : await d.magicLinks.consume(d.secrets.hash(input.token), now);
  if (result.status !== 'consumed') {
    await refuse(result.status);
    if (result.status === 'used') throw conflict('This magic link has already been used', 'TOKEN_ALREADY_USED');
    throw new AppError('invalid_input', 'INVALID_MAGIC_LINK', INVALID_LINK_MESSAGE, { errors: [{ path: 'token', message: INVALID_LINK_MESSAGE }], details: { reason: result.status } });
  }
  // A refused sign-in (inactive member, links turned off) changes nothing of the member's.
  const member = await memberFor(d, result.link.email, now);
  if (!member.isActive) {
    await d.audit.record({ action: 'sign_in', outcome: 'failure', method: 'MAGIC_LINK', userId: member.id, email: member.email, ip: client.ip, userAgent: client.userAgent, detail: { reason: 'inactive' }, at: now });
    throw forbidden(INACTIVE_MESSAGE, 'ACCOUNT_INACTIVE');
  }
  if (!member.magicLinkEnabled) {
    await d.audit.record({ action: 'sign_in', outcome: 'failure', method: 'MAGIC_LINK', userId: member.id, email: member.email, ip: client.ip, userAgent: client.userAgent, detail: { reason: 'magic link turned off' }, at: now });
    throw forbidden(MAGIC_LINK_DISABLED_MESSAGE, 'MAGIC_LINK_DISABLED');
  }
  const user = await recordSignIn(d, member, now);
  const tokens = await startSession(d, user, 'MAGIC_LINK', client, previousSessionId);
  await d.audit.record({ action: 'sign_in', outcome: 'success', method: 'MAGIC_LINK', userId: user.id, email: user.email, sessionId: tokens.sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
  return { user, tokens, redirectPath: result.link.redirectPath };
}
