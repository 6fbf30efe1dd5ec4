/**
 * Pacing of magic-link mails to one address (domain/auth/README.md "Magic links", issue 11 §5):
 * requests are slowed, never refused, when other networks ask for the same address, so nobody can
 * keep its owner from signing in, and the mail the address receives stays bounded.
 */

/**
 * Links mailed to one address within a link's lifetime from which every further mail, whoever asks,
 * waits for the pace interval: one member's whole allowance (5 per 15 minutes). Below it, the
 * requester of the latest link may ask again at once (a resend, a second tab), as the spec's
 * client expects; at it, a network that just took its turn cannot burst its allowance on top.
 */
export const BUSY_ADDRESS_LINKS = 5;

/** The links stored for one address within a link's lifetime. */
export interface RecentLinks {
  count: number;
  /** The latest of them: who asked for it and when. */
  latest: { requester: string | null; createdAt: Date } | null;
}

/**
 * Whether a request must be answered without a mail: a link was stored for the address less than
 * `paceSeconds` ago, and either another requester asked for it, or the address is busy.
 */
export function mustPace(recent: RecentLinks, requester: string, now: Date, paceSeconds: number): boolean {
  const last = recent.latest;
  if (!last || now.getTime() - last.createdAt.getTime() >= paceSeconds * 1000) return false;
  return last.requester !== requester || recent.count >= BUSY_ADDRESS_LINKS;
}
