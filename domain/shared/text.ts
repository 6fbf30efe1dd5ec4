/**
 * The one rule about characters in text the product stores or echoes: no control characters.
 * PostgreSQL refuses a NUL in `text` and `jsonb` (a 500 before this rule), and the other C0
 * controls have no business in a name, an address, a slug, a tag or a title: they hide text from
 * readers and forge lines in logs. Every text field of the domain's schemas is built through
 * `plainText` (or refines with `hasControlCharacters`), so no text field forgets it.
 *
 * - `single-line` (names, addresses, slugs, tags, titles, search, ids, filters): every C0 control
 *   and DEL is refused, line breaks and tabs included.
 * - `multi-line` (bodies, descriptions, transcripts, notes): tab, line feed and carriage return
 *   are allowed, every other control refused.
 *
 * The check runs after trimming, so a trailing newline typed into a single-line field is not an
 * error; it is a linear scan (one character class).
 */
import { z } from 'zod';

export type TextLines = 'single-line' | 'multi-line';

const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

export const hasControlCharacters = (value: string, lines: TextLines = 'single-line') =>
  (lines === 'single-line' ? ANY_CONTROL : CONTROL_BUT_LINE_BREAKS).test(value);

/**
 * A string refined by the control-character rule, after the checks already on `schema` (trim,
 * lengths): `plainText(z.string().trim().max(100))`.
 */
export const plainText = <S extends z.ZodString>(schema: S, options: { lines?: TextLines; message?: string } = {}): S =>
  schema.refine((v) => !hasControlCharacters(v, options.lines ?? 'single-line'), options.message ?? CONTROL_CHARACTERS_MESSAGE) as S;

