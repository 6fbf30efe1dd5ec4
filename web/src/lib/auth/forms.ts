/**
 * The password forms' browser-side checks (spec 000 §5): they run the server's own schemas
 * (`loginSchema`, `registerSchema`), word for word, so the login and register forms say 'Invalid
 * email format' as the spec has them say; the magic-link form keeps 'Please enter a valid email
 * address.'.
 */
import type { core } from 'zod/mini';

/** The login and register forms' message for a malformed address, on leaving the field too. */
export const PASSWORD_FORMS_EMAIL_MESSAGE = 'Invalid email format';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message for each field of a failed check, in the schema's field order. */
export function fieldErrorsOf<K extends string>(error: core.$ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
