/**
 * The sign-in screen's own rules (spec 000 §5): the e-mail field, the password sign-in form and the
 * rate-limit message, with the spec's messages word for word. Written with `zod/mini` (the same
 * core and messages as classic zod; `.preprocess` is a transform piped into the schema) so that
 * the sign-in pages check their forms without downloading classic zod (docs/architecture.md §6);
 * the server's classic schemas (domain/auth/schemas.ts) hold these as they are.
 */
import * as z from 'zod/mini';
import { isEmailAddress, MAX_EMAIL_LENGTH } from '../shared/email';

/** Missing (undefined or null) reads as '', so a missing field gets the field's own message. */
const missingAsEmpty = z.transform((v: unknown) => (v === undefined || v === null ? '' : v));

/**
 * An e-mail address by the one rule of domain/shared/email.ts, lower-cased: required, trimmed, its
 * length checked (and the check stopped there when too long) before any pattern reads it.
 */
export const emailField = (message: string) =>
  z.pipe(
    z.pipe(
      missingAsEmpty,
      z.string({ error: message }).check(
        z.trim(),
        z.minLength(1, { message, abort: true }),
        z.maxLength(MAX_EMAIL_LENGTH, { message, abort: true }),
        z.refine(isEmailAddress, message),
      ),
    ),
    z.transform((v: string) => v.toLowerCase()),
  );

/** A password exactly as typed (never trimmed): missing or empty gives `required`. */
export const passwordAsTyped = (required: string) => z.pipe(missingAsEmpty, z.string({ error: required }).check(z.minLength(1, required)));

/** The password sign-in form's fields; the server's classic `loginSchema` is built on the same ones. */
export const loginFields = {
  email: emailField('Invalid email format'),
  password: z.pipe(passwordAsTyped('Password is required'), z.string().check(z.maxLength(1024, 'Invalid credentials'))),
};

export const loginSchema = z.object(loginFields);

/** The client's spelling of the rate-limit message: '1 minute', else 'N minutes'. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
