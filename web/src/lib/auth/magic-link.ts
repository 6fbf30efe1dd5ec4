/**
 * The magic-link rules the screens share (spec 000 §4, §5, §8, §9): the timings, the messages word for
 * word, the masked address, the verified-token marker and the remembered post-profile redirect.
 * Pure functions and constants; the hooks in features/auth own the timers and the calls.
 */
import * as z from 'zod/mini';
import { emailField, tooManyAttemptsMessage } from '../../../../domain/auth/sign-in-fields';
import { INVALID_EMAIL_MESSAGE } from '../../ui/fields/rules/email';
import { FALLBACK_ERROR_MESSAGE, isApiError } from '../http';

// The e-mail field's rule owns the message (spec 000 §5); the sign-in screens' schemas take it from here.
export { INVALID_EMAIL_MESSAGE };

/** Spec 000 §9: the 'Magic link sent!' tick after a resend. */
export const SENT_TICK_MS = 1_500;
/** Spec 000 §9: the resend countdown after a successful resend. */
export const RESEND_COUNTDOWN_MS = 60_000;
/** Spec 000 §4, §9: the callback waits before verifying, then redirects after these delays. */
export const VERIFY_DELAY_MS = 2_000;
export const FRESH_REDIRECT_DELAY_MS = 2_500;
export const VERIFIED_REDIRECT_DELAY_MS = 1_500;

export const SEND_FAILED_MESSAGE = 'Failed to send magic link. Please try again.';
export const RESEND_FAILED_MESSAGE = 'Failed to resend magic link. Please try again.';
export const NO_EMAIL_TO_RESEND_MESSAGE = 'No email address available to resend to';
export const MAGIC_LINK_SENT_MESSAGE = 'Magic link sent!';

export const NO_TOKEN_MESSAGE = 'No verification token found in the URL.';
export const VERIFY_FAILED_MESSAGE = 'Failed to verify magic link.';
export const VERIFICATION_FAILED_TITLE = 'Verification failed';
export const AUTHENTICATION_FAILED_TITLE = 'Authentication failed';
export const VERIFY_FAILED_HELP = 'We were unable to verify your account. Please try again or request a new magic link.';
export const PROFILE_DESTINATION_TEXT = 'Taking you to complete your profile...';

/**
 * A link already used (TOKEN_ALREADY_USED, or this tab's marker) counts as success (spec 000 §4),
 * but when this browser then has no session the member lands on the sign-in form with this notice
 * (`/login?notice=link-used`) instead of being told they are signed in and finding they are not.
 */
export const LINK_ALREADY_USED_MESSAGE = 'This link was already used. Enter your e-mail to get a new one.';
export const LINK_USED_NOTICE = 'link-used';

/**
 * The verify answer said the link proved an address nobody had proven before, and what was set
 * up on the account before was removed (account pre-hijacking): the callback says so, and so does
 * the page the member lands on, once (the flag waits in session storage under this key).
 */
export const ACCOUNT_RECLAIMED_KEY = 'account-reclaimed';
export const ACCOUNT_RECLAIMED_TITLE = 'Your email address is now confirmed';
export const ACCOUNT_RECLAIMED_MESSAGE =
  'This account was set up before anyone had confirmed the address, so to keep it yours we removed the password, passkeys, linked accounts and sessions added before. If you added them yourself, set them up again in your security settings.';

/** The request form's one field (spec 000 §5: text, at sign, text, dot, text), checked before anything is sent. */
export const magicLinkFormSchema = z.object({ email: emailField(INVALID_EMAIL_MESSAGE) });

/** Spec 000 §9: the first 2 characters of the local part stay, the rest of it is hidden; the domain shows. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** The rate-limit message for a limit that resets at `resetsAt` ('1 minute' in the singular). */
export function rateLimitMessage(resetsAt: number, now: number): string {
  return tooManyAttemptsMessage(Math.max(0, resetsAt - now) / 1000);
}

/** Spec 000 §4: the browser-session marker of a verified token lives under the token's first 10 characters. */
export const verifiedMarkerKey = (token: string) => `magic-link-verified:${token.slice(0, 10)}`;

/** Where a member who must complete the profile first goes afterwards (spec 000 §4 'remembered'). */
export const POST_PROFILE_REDIRECT_KEY = 'postProfileRedirect';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage disabled: nothing is remembered, and the flow still works with its defaults.
    return null;
  }
}

export const browserSession = {
  get(key: string): string | null {
    try {
      return sessionStore()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      sessionStore()?.setItem(key, value);
    } catch {
      // Full or disabled storage only costs the shortcut.
    }
  },
  take(key: string): string | null {
    const value = browserSession.get(key);
    try {
      sessionStore()?.removeItem(key);
    } catch {
      // See above.
    }
    return value;
  },
};

/** The server's message for a refused request it explains (4xx), else the screen's fallback. */
export function clientFacingMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message !== FALLBACK_ERROR_MESSAGE) return error.message;
  return fallback;
}

const REASONS: Record<string, string> = {
  expired: 'This sign-in link has expired. Links work for a limited time, so request a new one.',
  replaced: 'A newer sign-in link was sent to this address, so this one no longer works. Use the latest link, or request a new one.',
  unknown: 'This sign-in link is not one we recognise. Check that the whole link was copied, or request a new one.',
};

export interface VerifyFailure {
  message: string;
  /** Why the link failed, phrased for a person; null when the server gave no reason. */
  reason: string | null;
}

/** The error state's text for a failed verification (spec 000 §8). */
export function describeVerifyFailure(error: unknown): VerifyFailure {
  const message = clientFacingMessage(error, VERIFY_FAILED_MESSAGE);
  const body = isApiError(error) ? error.body : undefined;
  const code = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : undefined;
  return { message, reason: typeof code === 'string' ? (REASONS[code] ?? null) : null };
}
