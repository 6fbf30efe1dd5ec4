/**
 * Social sign-in (issue 4): OpenID Connect providers a member signs in with or links to their
 * account. The rules here are pure; the flow lives in application/auth/social.ts and the protocol
 * (discovery, PKCE, ID token checks) in adapters/oidc. domain/auth/README.md "Social sign-in"
 * explains the choices.
 */
import { AppError } from '../shared/errors';
import { isEmailAddress } from '../shared/email';
import { sameOriginPath } from '../shared/redirect';

/** A started sign-in must come back from the provider within this time, and only once. */
export const SOCIAL_FLOW_TTL_SECONDS = 10 * 60;
/** The httpOnly cookie that ties a browser to its own flow (the flow itself is kept server-side). */
export const SOCIAL_FLOW_COOKIE = 'olp_social_flow';
/** The cookie is only sent back to the connect routes. */
export const SOCIAL_FLOW_COOKIE_PATH = '/api/auth/connect';

/** A provider's id as it appears in `OIDC_<ID>_*` (lower-cased) and in the connect path. */
export const SOCIAL_PROVIDER_ID_PATTERN = /^[a-z0-9]{1,40}$/;

/** A provider account linked to a member: the provider's `sub` is the identity, the e-mail a snapshot. */
export interface SocialAccount {
  id: string;
  userId: string;
  /** The provider id (`google`, `testid`). */
  provider: string;
  /** The provider's `sub` claim: stable and unique per provider, case-sensitive. */
  subject: string;
  /** The address the provider last reported, lower-case; null when it shares none. */
  email: string | null;
  /** Whether the provider last said it verified that address. */
  emailVerified: boolean;
  createdAt: Date;
  lastUsedAt: Date;
}

/** Who the provider says signed in, after the protocol checks passed. */
export interface SocialIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

/** The callback path registered at every provider: `${APP_URL}` + this, exactly. */
export const socialCallbackPath = (providerId: string) => `/api/auth/connect/${providerId}/callback`;

/**
 * Where to send the browser after the flow: a path on the app's own origin, or null when none
 * (or none safe) was asked for, by the one redirect rule of `domain/shared/redirect.ts`.
 */
export function safeRedirectPath(raw: string | null | undefined, appOrigin: string): string | null {
  return sameOriginPath(raw, appOrigin);
}

/** Provider e-mail claims arrive in many shapes: only a well-formed address counts, lower-cased. */
export function normaliseProviderEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return isEmailAddress(email) ? email : null;
}

/** `email_verified` is a boolean in the spec; some providers send the string "true". */
export const isVerifiedClaim = (value: unknown) => value === true || value === 'true';

/** The failure codes of the flow; the callback sends the browser to `/login?error=<code>`. */
export const SOCIAL_ERRORS = {
  SOCIAL_PROVIDER_UNKNOWN: { kind: 'not_found', message: 'This sign-in provider is not available' },
  SOCIAL_FLOW_EXPIRED: { kind: 'unauthenticated', message: 'This sign-in has expired or was already used. Please try again.' },
  SOCIAL_STATE_MISMATCH: { kind: 'unauthenticated', message: 'This sign-in could not be verified. Please try again.' },
  SOCIAL_ACCESS_DENIED: { kind: 'unauthenticated', message: 'Sign-in was cancelled at the provider.' },
  SOCIAL_SIGN_IN_FAILED: { kind: 'unauthenticated', message: 'The provider did not confirm who you are. Please try again.' },
  SOCIAL_PROVIDER_UNAVAILABLE: { kind: 'upstream_unavailable', message: 'The sign-in provider is not answering. Please try again later.' },
  SOCIAL_EMAIL_MISSING: { kind: 'rule_violation', message: 'The provider did not share an email address, so no account can be made. Sign in another way first, then link this provider.' },
  SOCIAL_EMAIL_UNVERIFIED: { kind: 'conflict', message: 'An account with this email already exists, and the provider has not verified the address. Sign in another way first, then link this provider.' },
  SOCIAL_ACCOUNT_LINKED_ELSEWHERE: { kind: 'conflict', message: 'This provider account is already linked to another member.' },
  SOCIAL_SESSION_CHANGED: { kind: 'forbidden', message: 'You signed in as someone else while linking. Please try again.' },
} as const satisfies Record<string, { kind: AppError['kind']; message: string }>;
export type SocialErrorCode = keyof typeof SOCIAL_ERRORS;

export const socialError = (code: SocialErrorCode, cause?: unknown) => new AppError(SOCIAL_ERRORS[code].kind, code, SOCIAL_ERRORS[code].message, cause === undefined ? {} : { cause });

/**
 * What a returning provider identity does (the README's table):
 * - linking (a member was signed in when the flow started): link to them, unless that provider
 *   account already belongs to someone else;
 * - a provider account already linked: sign its member in;
 * - otherwise by e-mail: no address, no account; an existing account is linked and signed in only
 *   when the provider verified the address (an unverified one never takes an account over); no
 *   account makes one.
 */
export type SocialDecision =
  | { kind: 'link_to_caller' }
  | { kind: 'already_linked_to_caller' }
  | { kind: 'sign_in_linked' }
  | { kind: 'link_existing_and_sign_in' }
  | { kind: 'create_and_sign_in' }
  | { kind: 'refuse'; code: 'SOCIAL_ACCOUNT_LINKED_ELSEWHERE' | 'SOCIAL_EMAIL_MISSING' | 'SOCIAL_EMAIL_UNVERIFIED' };

export function decideSocialSignIn(input: {
  /** The member who started the flow signed in, or null. */
  linkingUserId: string | null;
  /** The member this provider account is linked to, or null. */
  linkedUserId: string | null;
  email: string | null;
  emailVerified: boolean;
  /** The member whose address is the provider's e-mail, or null. */
  accountWithEmailId: string | null;
}): SocialDecision {
  if (input.linkingUserId) {
    if (input.linkedUserId === null) return { kind: 'link_to_caller' };
    return input.linkedUserId === input.linkingUserId ? { kind: 'already_linked_to_caller' } : { kind: 'refuse', code: 'SOCIAL_ACCOUNT_LINKED_ELSEWHERE' };
  }
  if (input.linkedUserId) return { kind: 'sign_in_linked' };
  if (!input.email) return { kind: 'refuse', code: 'SOCIAL_EMAIL_MISSING' };
  if (input.accountWithEmailId) return input.emailVerified ? { kind: 'link_existing_and_sign_in' } : { kind: 'refuse', code: 'SOCIAL_EMAIL_UNVERIFIED' };
  return { kind: 'create_and_sign_in' };
}
