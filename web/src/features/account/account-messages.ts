/**
 * The security page's messages (spec 000 §8 word for word where the spec has them) and how a failed
 * call becomes one: the screen's message as the headline, and the server's own explanation of a
 * refused request (4xx) beneath it when it says something more.
 */
import { PASSKEY_CLIENT_MESSAGES } from '../../../../domain/auth/passkey';
import { FALLBACK_ERROR_MESSAGE, INVALID_RESPONSE_MESSAGE, isApiError } from '../../lib/http';
import { failureMessage } from '../../lib/auth/sign-in-failures';

export const PASSWORD_SETUP_FAILED_MESSAGE = 'Failed to set up password';
export const PASSKEY_START_FAILED_MESSAGE = PASSKEY_CLIENT_MESSAGES.startRegistration;
export const PASSKEY_CREATE_FAILED_MESSAGE = PASSKEY_CLIENT_MESSAGES.create;
export const PASSKEY_VERIFY_FAILED_MESSAGE = PASSKEY_CLIENT_MESSAGES.verify;
export const REAUTHENTICATION_REQUIRED_CODE = 'REAUTHENTICATION_REQUIRED';

export interface Failure {
  /** What failed, in the screen's words. */
  title: string;
  /** The server's reason, or the browser's, when there is one to add. */
  detail: string | null;
}

/** A refused request's server message (4xx), or null when it gave none or the failure was ours or the network's. */
export function serverReason(error: unknown): string | null {
  if (isApiError(error) && error.code === 'INVALID_RESPONSE') return INVALID_RESPONSE_MESSAGE;
  const message = failureMessage(error, FALLBACK_ERROR_MESSAGE);
  return message === FALLBACK_ERROR_MESSAGE ? null : message;
}

/** The screen's message with the server's reason beneath it, never the same text twice. */
export function describeFailure(error: unknown, title: string): Failure {
  const detail = serverReason(error);
  return { title, detail: detail === title ? null : detail };
}

/** A write that failed with no screen message of its own: the server's reason, else 'An error occurred'. */
export function plainFailure(error: unknown): Failure {
  return { title: serverReason(error) ?? FALLBACK_ERROR_MESSAGE, detail: null };
}

const CEREMONY_REASONS: Record<string, string> = {
  NotAllowedError: 'The passkey prompt was closed or timed out.',
  InvalidStateError: 'This device already holds a passkey for your account.',
  AbortError: 'The passkey prompt was interrupted.',
  NotSupportedError: 'This device cannot create a passkey this site accepts.',
  SecurityError: 'The browser refused to create a passkey for this address.',
};

/** The browser's passkey ceremony failed or was cancelled: 'Failed to create passkey', and why in plain words. */
export function describeCeremonyFailure(error: unknown): Failure {
  const name = error instanceof Error ? error.name : '';
  return { title: PASSKEY_CREATE_FAILED_MESSAGE, detail: CEREMONY_REASONS[name] ?? null };
}

export const isReauthenticationRequired = (error: unknown) => isApiError(error) && error.status === 403 && error.code === REAUTHENTICATION_REQUIRED_CODE;
