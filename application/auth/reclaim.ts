/**
 * Account pre-hijacking (issue 11; domain/auth/README.md "Unproven accounts"): anyone can set up
 * an account for an address they do not own (a password, then passkeys, a provider link,
 * sessions) and wait for the owner. So the first proof that someone owns the mailbox (an e-mailed
 * link opened, or a provider's verified address) reclaims the account: whoever set it up never
 * showed they own the address, so nothing they set up is trusted with it. Their password, passkeys
 * and provider links go, their sessions end, sign-in by e-mailed link is on again, and the address
 * becomes verified. One function for every path that proves an address.
 */
import type { User } from '../../domain/auth/user';
import type { AuthTxPorts, ClientInfo } from './deps';

export interface ReclaimedAccount {
  user: User;
  /** Something set up before was removed (the member is told on the next screen). */
  reclaimed: boolean;
}

export interface AddressProof {
  method: 'MAGIC_LINK' | 'SOCIAL';
  /** The provider whose verified address proved it (SOCIAL). */
  provider?: string;
}

/**
 * Reclaims a never-verified account for the owner of its address. Call it inside the unit of work
 * of the sign-in that proves the address, with that run's `tx` (or, where a path has no unit of
 * work yet, with the plain repositories).
 */
export async function reclaimUnprovenAccount(d: Pick<AuthTxPorts, 'users' | 'passkeys' | 'socialAccounts' | 'sessions' | 'audit'>, user: User, proof: AddressProof, client: ClientInfo, now: Date): Promise<ReclaimedAccount> {
  const [passkeys, socialAccounts] = await Promise.all([d.passkeys.removeAllForUser(user.id), d.socialAccounts.removeAllForUser(user.id)]);
  const updated = (await d.users.update(user.id, { emailVerified: true, passwordHash: null, preferredAuthMethod: null, magicLinkEnabled: true }, now)) ?? user;
  const revokedSessions = await d.sessions.revokeAllForUser(user.id, proof.method === 'SOCIAL' ? 'address proven by a social sign-in' : 'address proven by an email link', now);
  const removed = { password: user.passwordHash !== null, passkeys, socialAccounts, revokedSessions, magicLinkTurnedOn: !user.magicLinkEnabled };
  const reclaimed = removed.password || passkeys > 0 || socialAccounts > 0 || revokedSessions > 0 || removed.magicLinkTurnedOn;
  if (reclaimed) {
    await d.audit.record({
      action: 'account.reclaimed',
      outcome: 'success',
      method: proof.method,
      userId: user.id,
      email: user.email,
      ip: client.ip,
      userAgent: client.userAgent,
      detail: { ...(proof.provider ? { provider: proof.provider } : {}), removed },
      at: now,
    });
  }
  return { user: updated, reclaimed };
}
