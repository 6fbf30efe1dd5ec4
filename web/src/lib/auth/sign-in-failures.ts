/**
 * The messages of the password, passkey and registration screens (spec 000 §5, §8), word for word,
 * and how a failed call becomes one: the server's message for a request it refused (4xx), else the
 * screen's fallback; a response of the wrong shape says 'Invalid API response format'.
 */
import { PASSKEY_CLIENT_MESSAGES } from '../../../../domain/auth/passkey';
import { FALLBACK_ERROR_MESSAGE, INVALID_RESPONSE_MESSAGE, isApiError } from '../http';
import { clientFacingMessage } from './magic-link';

export const REGISTRATION_FAILED_MESSAGE = 'Registration failed';
export const PASSKEY_VERIFY_FAILED_MESSAGE = PASSKEY_CLIENT_MESSAGES.verify;
/** The member closed the browser's passkey dialog (or let it time out): nothing went wrong. */
export const PASSKEY_CANCELLED_MESSAGE = 'Passkey sign-in was cancelled. Try again, or choose another way to sign in.';

/** The banner text for a failed sign-in or registration call. */
export function failureMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.code === 'INVALID_RESPONSE') return INVALID_RESPONSE_MESSAGE;
  return clientFacingMessage(error, fallback);
}

/** A password sign-in's failure: the server's message ('Invalid credentials', the rate limit, ...), else the generic fallback. */
export const passwordSignInFailure = (error: unknown) => failureMessage(error, FALLBACK_ERROR_MESSAGE);

/** The field messages the server sent with a refused request (`errors: [{ path, message }]`), first one per field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const body = isApiError(error) ? error.body : undefined;
  const list = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  const fields: Record<string, string> = {};
  if (!Array.isArray(list)) return fields;
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && typeof message === 'string' && !(path in fields)) fields[path] = message;
  }
  return fields;
}

export type PasskeyFailure =
  /** Ended on purpose (the page left, or another ceremony replaced this one): say nothing. */
  | { kind: 'aborted' }
  | { kind: 'cancelled' | 'failed'; message: string };

/** What a failed passkey sign-in (options, the browser's ceremony, or the verification) tells the member. */
export function describePasskeyFailure(error: unknown): PasskeyFailure {
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'AbortError') return { kind: 'aborted' };
  // The browser's dialog was closed or timed out; WebAuthn gives both the same name on purpose.
  if (name === 'NotAllowedError') return { kind: 'cancelled', message: PASSKEY_CANCELLED_MESSAGE };
  return { kind: 'failed', message: failureMessage(error, PASSKEY_VERIFY_FAILED_MESSAGE) };
}
