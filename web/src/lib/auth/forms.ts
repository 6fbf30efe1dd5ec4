/**
 * The password forms' browser-side checks (spec 000 §5): the server's own schemas, with the
 * e-mail message the sign-in screens use ('Please enter a valid email address.'). The server checks
 * again and says 'Invalid email format' to anyone who skips the browser.
 */
import type { z } from 'zod';
import { emailField, loginSchema, registerSchema } from '../../../../domain/auth/schemas';
import { INVALID_EMAIL_MESSAGE } from './magic-link';

export const passwordSignInFormSchema = loginSchema.extend({ email: emailField(INVALID_EMAIL_MESSAGE) });
export const registerFormSchema = registerSchema.extend({ email: emailField(INVALID_EMAIL_MESSAGE) });

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message for each field of a failed check, in the schema's field order. */
export function fieldErrorsOf<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
