/** Spec 000 §5: an e-mail address is text, an at sign, text, a dot, text (the server's rule, domain/shared/email.ts). */
import { isEmailAddress } from '../../../../../domain/shared/email';

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** The message for an address that is not valid, or null. An empty value is left to the required rule. */
export function emailError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return isEmailAddress(trimmed) ? null : INVALID_EMAIL_MESSAGE;
}
