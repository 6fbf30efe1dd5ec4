/**
 * Lead generation (spec 000 §8 'Confirmation step'): its messages word for word, and which
 * message a failed send gives. Pure, so each path is tested without a browser.
 */
import { isApiError } from '../../lib/http';

export const INVALID_REQUEST_MESSAGE = 'Invalid email or redirect URL. Please try again.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please try again later.';
export const SEND_FAILED_MESSAGE = 'Failed to send magic link. Please try again later.';
export const NO_RESEND_HANDLER_MESSAGE = 'No resend handler configured.';
export const PROCESS_EMAIL_FAILED_MESSAGE = 'Failed to process email. Please try again.';

/**
 * The confirmation step's message for a send that failed. The spec reads the failure's message: one
 * that mentions validation is a refused address or redirect, one that mentions a rate limit is the
 * limit, anything else is a failed send. The server words its refusals for people ('Invalid email
 * format', 'Too many attempts. Please try again in 5 minutes.'), so its envelope's code and status
 * say the same thing more reliably and are read too: VALIDATION_ERROR or 400, RATE_LIMITED or 429.
 */
export function sendFailureMessage(error: unknown): string {
  const text = (error instanceof Error ? error.message : typeof error === 'string' ? error : '').toLowerCase();
  const code = isApiError(error) ? error.code : '';
  const status = isApiError(error) ? error.status : 0;
  if (text.includes('validation') || code === 'VALIDATION_ERROR' || status === 400) return INVALID_REQUEST_MESSAGE;
  if (text.includes('rate limit') || code === 'RATE_LIMITED' || status === 429) return TOO_MANY_ATTEMPTS_MESSAGE;
  return SEND_FAILED_MESSAGE;
}
