/**
 * The one e-mail address rule (spec 000 §5: "text, at sign, text, dot, text"), used by every
 * address the product takes: sign-in, registration, the lead form, creators, provider claims and
 * the client's fields.
 *
 * A plain mailbox, `local@domain`: no display name (`"x" <x@evil.test>`), no quotes, no list
 * (`a@b.test,x`), no spaces, angle brackets, brackets, parentheses, commas, colons, semicolons,
 * backslashes or control characters anywhere; one `@`; a domain of at least two dot-separated
 * labels, none empty. Lengths are checked before any pattern (RFC 5321: at most 254 characters in
 * all, 64 in the local part), and the patterns are linear (no quantified group can match the same
 * text two ways; tests/unit/regex-safety.test.ts proves every pattern of domain/ and web/src), so
 * a long value costs one pass, never a backtracking search.
 */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_EMAIL_LOCAL_PART_LENGTH = 64;

/** Characters a plain mailbox never holds: whitespace, controls and RFC 5322's specials but `.` and `@`. */
const LOCAL_PART = /^[^\s\u0000-\u001f\u007f"(),:;<>[\\\]@]+$/;
/** Dot-separated labels of letters, digits, hyphens (any script: internationalised domains). */
const DOMAIN = /^[\p{L}\p{N}\p{M}-]+(?:\.[\p{L}\p{N}\p{M}-]+)+$/u;

export function isEmailAddress(value: string): boolean {
  if (value.length > MAX_EMAIL_LENGTH) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at > MAX_EMAIL_LOCAL_PART_LENGTH || at !== value.lastIndexOf('@')) return false;
  return LOCAL_PART.test(value.slice(0, at)) && DOMAIN.test(value.slice(at + 1));
}
