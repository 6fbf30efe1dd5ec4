/**
 * Social sign-in on the client (spec 000 §2: choosing a provider sends the browser to
 * /api/auth/connect/{provider}): the address of a provider's button, and the messages for
 * `/login?error=<code>`, where the provider's callback sends a failed sign-in (domain/auth/social.ts
 * SOCIAL_ERRORS, plus ACCOUNT_INACTIVE). The client keeps its own copy of the messages so it does
 * not bundle server code; the types make a new server code a compile error here, and a unit test
 * holds the texts equal to the server's.
 */
import type { SocialErrorCode } from '../../../../domain/auth/social';
import { basePathPrefix } from './redirect';

/**
 * Where a provider's button goes: a full navigation (the server answers with a redirect to the
 * provider). `target` is a safe router path; the server sends the browser back to it on this
 * origin, so it carries the client's base path.
 */
export function socialConnectUrl(providerId: string, target: string, where: { apiBase: string; basePath: string }): string {
  const back = `${basePathPrefix(where.basePath)}${target}`;
  return `${where.apiBase}/api/auth/connect/${encodeURIComponent(providerId)}?redirect=${encodeURIComponent(back)}`;
}

export const SOCIAL_ERROR_MESSAGES = {
  SOCIAL_PROVIDER_UNKNOWN: 'This sign-in provider is not available',
  SOCIAL_FLOW_EXPIRED: 'This sign-in has expired or was already used. Please try again.',
  SOCIAL_STATE_MISMATCH: 'This sign-in could not be verified. Please try again.',
  SOCIAL_ACCESS_DENIED: 'Sign-in was cancelled at the provider.',
  SOCIAL_SIGN_IN_FAILED: 'The provider did not confirm who you are. Please try again.',
  SOCIAL_PROVIDER_UNAVAILABLE: 'The sign-in provider is not answering. Please try again later.',
  SOCIAL_EMAIL_MISSING: 'The provider did not share an email address, so no account can be made. Sign in another way first, then link this provider.',
  SOCIAL_EMAIL_UNVERIFIED: 'An account with this email already exists, and the provider has not verified the address. Sign in another way first, then link this provider.',
  SOCIAL_ACCOUNT_LINKED_ELSEWHERE: 'This provider account is already linked to another member.',
  SOCIAL_SESSION_CHANGED: 'You signed in as someone else while linking. Please try again.',
  ACCOUNT_INACTIVE: 'This account has been deactivated. Please contact support.',
} as const satisfies Record<SocialErrorCode | 'ACCOUNT_INACTIVE', string>;

/** Shown for a code this client does not know (a newer server, or a hand-edited address). */
export const SOCIAL_ERROR_FALLBACK = 'Sign-in did not finish. Please try again, or choose another way to sign in.';

/** The message for `/login?error=<code>`; null when there is no code. Never echoes the code itself. */
export function socialErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return Object.hasOwn(SOCIAL_ERROR_MESSAGES, code) ? SOCIAL_ERROR_MESSAGES[code as keyof typeof SOCIAL_ERROR_MESSAGES] : SOCIAL_ERROR_FALLBACK;
}
