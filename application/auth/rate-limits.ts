/**
 * Which counters each sign-in attempt spends (domain/auth/README.md "Rate limits"). Every limit
 * counts one kind of key:
 * - the client's network (`ip:<network>`: an IPv4 address or an IPv6 /64, worked out by the
 *   transport), sized for a classroom behind one school network, so floods are refused;
 * - an address (`email:<address>`), only for password checks: guesses at one member's password
 *   are counted whoever sends them;
 * - a signed-in member (`member:<id>`), for setting a password: each set is a costly hash;
 * - an address as asked for by one network (`email:<address>|ip:<network>`), for magic links: the
 *   allowance of a requester, so nobody can spend the allowance of an address's owner.
 */
import { tooManyAttemptsMessage } from '../../domain/auth/schemas';
import { rateLimited } from '../../domain/shared/errors';
import type { RateLimitedAction, RateLimiter, RateLimitState } from '../ports/rate-limiter';
import type { ClientInfo } from './deps';

/** One counter: a limit and the key it counts. */
export interface Charge {
  limit: RateLimitedAction;
  key: string;
}

export const networkKey = (client: Pick<ClientInfo, 'network'>) => `ip:${client.network}`;
export const addressKey = (email: string) => `email:${email.toLowerCase()}`;
export const requestedAddressKey = (email: string, client: Pick<ClientInfo, 'network'>) => `${addressKey(email)}|${networkKey(client)}`;
/** A signed-in member's own allowance (setting a password), apart from their address' sign-in guesses. */
export const memberKey = (userId: string) => `member:${userId}`;

/** What each action spends, the client's network first: a client refused by it spends nothing else. */
export const charges = {
  magicLink: (client: Pick<ClientInfo, 'network'>, email: string): Charge[] => [
    { limit: 'magic-link-ip', key: networkKey(client) },
    { limit: 'magic-link', key: requestedAddressKey(email, client) },
  ],
  password: (client: Pick<ClientInfo, 'network'>, email?: string): Charge[] => [
    { limit: 'password-ip', key: networkKey(client) },
    ...(email === undefined ? [] : [{ limit: 'password' as const, key: addressKey(email) }]),
  ],
  /** Setting a password (each one an expensive hash): the member's own allowance under the password limit. */
  setPassword: (userId: string): Charge[] => [{ limit: 'password', key: memberKey(userId) }],
  passkey: (client: Pick<ClientInfo, 'network'>): Charge[] => [{ limit: 'passkey', key: networkKey(client) }],
  checkEmail: (client: Pick<ClientInfo, 'network'>): Charge[] => [{ limit: 'check-email', key: networkKey(client) }],
};

/** Counts one attempt against each counter in turn; the first refusal answers 429 with Retry-After. */
export async function spendAttempt(limiter: RateLimiter, counters: Charge[]): Promise<void> {
  for (const { limit, key } of counters) {
    const decision = await limiter.consume(limit, key);
    if (!decision.allowed) throw rateLimited(tooManyAttemptsMessage(decision.retryAfterSeconds), decision.retryAfterSeconds);
  }
}

/** Gives one attempt back on each counter: the attempt turned out to be the member's own, right one. */
export async function refundAttempt(limiter: RateLimiter, counters: Charge[]): Promise<void> {
  for (const { limit, key } of counters) await limiter.refund(limit, key);
}

/** The tightest of several allowances: fewest remaining, and the latest reset among the exhausted. */
export async function allowanceOf(limiter: RateLimiter, counters: Charge[], now: Date): Promise<RateLimitState> {
  const states = await Promise.all(counters.map(({ limit, key }) => limiter.peek(limit, key)));
  const remaining = Math.min(...states.map((s) => s.remaining));
  const relevant = remaining === 0 ? states.filter((s) => s.remaining === 0) : states;
  const resetsAt = new Date(Math.max(now.getTime(), ...relevant.map((s) => s.resetsAt.getTime())));
  return { remaining, resetsAt };
}

/**
 * `GET /api/auth/rate-limit`: the caller's own allowance for an action, and only the caller's. An
 * anonymous caller learns nothing about anyone else, so it never learns how many password guesses
 * an address has left (which told anyone whether an address was under attack, or locked):
 * - magic-link: the network's allowance, and with `email` the tighter of that and the address as
 *   asked for by this network (both counted for this caller alone);
 * - password: the network's allowance; the address's (counted for everyone) only for a member
 *   signed in as that address, that is about their own account;
 * - passkey: the network's allowance (`email` changes nothing).
 */
export async function callerAllowance(
  d: { rateLimiter: RateLimiter; clock: { now(): Date } },
  /** The signed-in member, asked for only when it matters (a password allowance with an address). */
  actor: () => Promise<{ email: string } | null>,
  input: { action: 'magic-link' | 'password' | 'passkey'; email?: string | undefined },
  client: Pick<ClientInfo, 'network'>,
): Promise<RateLimitState> {
  const { email } = input;
  let counters: Charge[];
  if (input.action === 'magic-link') counters = email === undefined ? [{ limit: 'magic-link-ip', key: networkKey(client) }] : charges.magicLink(client, email);
  else if (input.action === 'password') {
    const own = email !== undefined && (await actor())?.email.toLowerCase() === email.toLowerCase();
    counters = charges.password(client, own ? email : undefined);
  } else counters = charges.passkey(client);
  return allowanceOf(d.rateLimiter, counters, d.clock.now());
}
