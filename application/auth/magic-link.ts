/**
 * Sign-in by magic link (spec 000; docs/architecture.md §3 "Magic link").
 * Request: the same answer and the same work whether or not the address has an account.
 * Verify: a token works once; a second use answers TOKEN_ALREADY_USED (the client counts it as
 * success, no session is made); otherwise the error says why (expired, replaced, unknown).
 */
import { magicLinkMail, magicLinkUrl, resolveMagicLinkTarget } from '../../domain/auth/magic-link';
import { mustPace } from '../../domain/auth/magic-link-pacing';
import { normaliseRoles } from '../../domain/auth/roles';
import { MAGIC_LINK_TOKEN_MAX_LENGTH, TOKEN_REQUIRED_MESSAGE, type MagicLinkRequest, type VerifyMagicLinkInput } from '../../domain/auth/schemas';
import type { User } from '../../domain/auth/user';
import { AppError, conflict, forbidden, invalidInput, upstreamUnavailable } from '../../domain/shared/errors';
import type { AuthDeps, AuthTxPorts, ClientInfo } from './deps';
import { charges, spendAttempt } from './rate-limits';
import { reclaimUnprovenAccount } from './reclaim';
import { startSession, type IssuedTokens } from './sessions';
import { recordSignIn } from './sign-in';

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

/** The member behind a link's address, created on the first sign-in of a new address (nothing else changes yet). */
async function memberFor(users: AuthTxPorts['users'], email: string, now: Date): Promise<User> {
  const { user } = await users.createOrGet({ email, emailVerified: true, roles: normaliseRoles([]) }, now);
  return user;
}

export const MAGIC_LINK_DISABLED_MESSAGE = 'Sign-in by email link is turned off for this account. Please use another sign-in method.';
export const INACTIVE_MESSAGE = 'This account has been deactivated. Please contact support.';

export interface VerifiedMagicLink {
  user: User;
  tokens: IssuedTokens;
  redirectPath: string | null;
  /**
   * The address had never been proven and this link proved it: the ways in and sessions set up
   * before were removed (reclaim.ts), and the member is told so.
   */
  accountReclaimed: boolean;
}

/**
 * Exchanges a link for a session. The link is consumed in one transaction with everything the
 * sign-in writes (the member created or verified, an unproven account reclaimed, the session row
 * and its tokens): a failure anywhere leaves the link unused, so the member can open it again
 * instead of finding it answer TOKEN_ALREADY_USED while signed out. A refused sign-in (inactive
 * member, links turned off) spends the link and changes nothing of the member's.
 */
export async function verifyMagicLink(d: AuthDeps, input: VerifyMagicLinkInput, client: ClientInfo, previousSessionId: string | null): Promise<VerifiedMagicLink> {
  const now = d.clock.now();
  const refuse = (reason: string) => d.audit.record({ action: 'sign_in', outcome: 'failure', method: 'MAGIC_LINK', ip: client.ip, userAgent: client.userAgent, detail: { reason }, at: now });
  if (input.token === '') {
    await refuse('missing token');
    throw invalidInput(TOKEN_REQUIRED_MESSAGE, [{ path: 'token', message: TOKEN_REQUIRED_MESSAGE }]);
  }
  // Longer than any token we issue: it cannot be ours, so it is unknown without a lookup.
  if (input.token.length > MAGIC_LINK_TOKEN_MAX_LENGTH) throw await linkRefused(refuse, 'unknown');
  const tokenHash = d.secrets.hash(input.token);

  const outcome = await d.uow.run(async (tx) => {
    const result = await tx.magicLinks.consume(tokenHash, now);
    if (result.status !== 'consumed') return { kind: 'link refused', status: result.status } as const;
    let member = await memberFor(tx.users, result.link.email, now);
    if (!member.isActive) return { kind: 'member refused', member, reason: 'inactive' } as const;
    // Before the links-off check: an unproven account's settings were made by whoever set it up.
    let accountReclaimed = false;
    if (!member.emailVerified) ({ user: member, reclaimed: accountReclaimed } = await reclaimUnprovenAccount(tx, member, { method: 'MAGIC_LINK' }, client, now));
    if (!member.magicLinkEnabled) return { kind: 'member refused', member, reason: 'magic link turned off' } as const;
    const user = await recordSignIn({ users: tx.users, settings: d.settings }, member, now, { emailVerified: true });
    const tokens = await startSession({ ...d, users: tx.users, sessions: tx.sessions, audit: tx.audit }, user, 'MAGIC_LINK', client, previousSessionId);
    await tx.audit.record({ action: 'sign_in', outcome: 'success', method: 'MAGIC_LINK', userId: user.id, email: user.email, sessionId: tokens.sessionId, ip: client.ip, userAgent: client.userAgent, detail: accountReclaimed ? { accountReclaimed } : {}, at: now });
    return { kind: 'signed in', verified: { user, tokens, redirectPath: result.link.redirectPath, accountReclaimed } } as const;
  });

  if (outcome.kind === 'link refused') throw await linkRefused(refuse, outcome.status);
  if (outcome.kind === 'member refused') {
    const member = outcome.member;
    await d.audit.record({ action: 'sign_in', outcome: 'failure', method: 'MAGIC_LINK', userId: member.id, email: member.email, ip: client.ip, userAgent: client.userAgent, detail: { reason: outcome.reason }, at: now });
    throw outcome.reason === 'inactive' ? forbidden(INACTIVE_MESSAGE, 'ACCOUNT_INACTIVE') : forbidden(MAGIC_LINK_DISABLED_MESSAGE, 'MAGIC_LINK_DISABLED');
  }
  return outcome.verified;
}

async function linkRefused(refuse: (reason: string) => Promise<void>, status: 'used' | 'expired' | 'replaced' | 'unknown'): Promise<AppError> {
  await refuse(status);
  if (status === 'used') return conflict('This magic link has already been used', 'TOKEN_ALREADY_USED');
  return new AppError('invalid_input', 'INVALID_MAGIC_LINK', INVALID_LINK_MESSAGE, { errors: [{ path: 'token', message: INVALID_LINK_MESSAGE }], details: { reason: status } });
}
