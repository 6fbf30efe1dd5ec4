/**
 * Field builders for the content schemas. Each field carries its zod schema (with the spec's
 * message) and its value kind, so the storage adapter can map a type's fields without a second,
 * hand-kept list. Optional fields take `null` (clear) and treat '' from a form as null.
 */
import { z } from 'zod';
import { cappedJson } from '../shared/json';
import { plainText, type TextLines } from '../shared/text';

export type FieldKind = 'text' | 'int' | 'number' | 'bool' | 'date' | 'datetime' | 'json' | 'list' | 'id';

export interface FieldDef<S extends z.ZodType = z.ZodType> {
  kind: FieldKind;
  /** Validates the field when it is present. */
  schema: S;
  /** Creation without the field fails with this message. */
  required?: string;
  /** The value a new item gets when the field is not given (spec 002 §3 defaults). */
  default?: unknown;
}

const blankToNull = (v: unknown) => (v === '' ? null : typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * Texts longer than this are prose (descriptions, bodies, transcripts, notes) and may hold line
 * breaks and tabs; shorter ones (titles, names, labels, addresses) are one line. Either way no
 * other control character (domain/shared/text.ts).
 */
export const PROSE_MIN_LENGTH = 1000;
const linesFor = (max: number): TextLines => (max > PROSE_MIN_LENGTH ? 'multi-line' : 'single-line');

/** A required text: missing, empty and blank all give `message`. */
export const requiredText = (message: string, max = 500) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    plainText(z.string({ error: message }).trim().min(1, { message, abort: true }).max(max, { message: `Must be at most ${max} characters`, abort: true }), { lines: linesFor(max) }),
  );

export const textSchema = (max = 100_000) =>
  z.preprocess(blankToNull, plainText(z.string().trim().max(max, { message: `Must be at most ${max} characters`, abort: true }), { lines: linesFor(max) }).nullable());
export const text = (max = 100_000): FieldDef => ({ kind: 'text', schema: textSchema(max) });

export const required = (message: string, max = 100_000): FieldDef => ({ kind: 'text', schema: requiredText(message, max), required: message });

/** One entry of a list of short texts: a line of at most 500 characters. */
const listEntry = plainText(z.string().trim().max(500, { message: 'Must be at most 500 characters', abort: true }));

const numeric = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(b.trim()) ? Number(b) : b;
};

export const intSchema = (opts: { min?: number; max?: number; message?: string } = {}) => {
  let s = z.number({ error: opts.message ?? 'Must be a whole number' }).int(opts.message ?? 'Must be a whole number');
  if (opts.min !== undefined) s = s.min(opts.min, opts.message ?? `Must be at least ${opts.min}`);
  if (opts.max !== undefined) s = s.max(opts.max, opts.message ?? `Must be at most ${opts.max}`);
  return s;
};

export const int = (opts: { min?: number; max?: number; message?: string; default?: number } = {}): FieldDef => ({
  kind: 'int',
  schema: z.preprocess(numeric, intSchema(opts).nullable()),
  ...(opts.default !== undefined ? { default: opts.default } : {}),
});

export const requiredInt = (required: string, opts: { min?: number; max?: number; message?: string } = {}): FieldDef => {
  const message = opts.message ?? 'Must be a whole number';
  let schema = z.number({ error: (issue) => (issue.input === undefined ? required : message) }).int(message);
  if (opts.min !== undefined) schema = schema.min(opts.min, opts.message ?? `Must be at least ${opts.min}`);
  if (opts.max !== undefined) schema = schema.max(opts.max, opts.message ?? `Must be at most ${opts.max}`);
  return { kind: 'int', schema: z.preprocess((v) => (v === null || v === '' ? undefined : numeric(v)), schema), required };
};

export const number = (opts: { min: number; max: number }): FieldDef => ({
  kind: 'number',
  schema: z.preprocess(numeric, z.number({ error: 'Must be a number' }).min(opts.min, `Must be at least ${opts.min}`).max(opts.max, `Must be at most ${opts.max}`).nullable()),
});

const booleanish = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);

export const boolSchema = () => z.preprocess(booleanish, z.boolean({ error: 'Must be true or false' }));
export const bool = (defaultValue: boolean): FieldDef => ({ kind: 'bool', schema: boolSchema(), default: defaultValue });

/** A calendar date, YYYY-MM-DD (a full ISO datetime is cut to its date). */
export const date = (): FieldDef => ({
  kind: 'date',
  schema: z.preprocess((v) => {
    const b = blankToNull(v);
    return typeof b === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(b) ? b.slice(0, 10) : b;
  }, z.iso.date('Must be a date (YYYY-MM-DD)').nullable()),
});

export const datetime = (): FieldDef => ({
  kind: 'datetime',
  schema: z.preprocess(blankToNull, z.iso.datetime({ offset: true, message: 'Must be a date and time (ISO 8601)' }).nullable()),
});

export const urlSchema = (message = 'Must be a valid URL') => z.preprocess(blankToNull, z.url({ message, protocol: /^https?$/ }).max(2048, message).nullable());
export const url = (message = 'Must be a valid URL'): FieldDef => ({ kind: 'text', schema: urlSchema(message) });

/** A list of short texts (tags, themes, topics); blanks dropped, duplicates kept out. */
export const listSchema = (max = 100) =>
  z.preprocess(
    (v) => (v === null || v === '' ? [] : typeof v === 'string' ? v.split(',') : v),
    z
      .array(listEntry, { error: 'Must be a list' })
      .max(max, `At most ${max} entries`)
      .transform((items) => [...new Set(items.filter((i) => i.length > 0))]),
  );
export const list = (max = 100): FieldDef => ({
  kind: 'list',
  schema: z.preprocess(
    (v) => (v === null || v === '' ? [] : typeof v === 'string' ? v.split(',') : v),
    z
      .array(listEntry, { error: 'Must be a list' })
      .max(max, `At most ${max} entries`)
      .transform((items) => [...new Set(items.filter((i) => i.length > 0))]),
  ),
  default: [],
});

/**
 * A JSON document. The spec's clients send some of them (tableOfContents, faq, pricing) as JSON
 * strings; objects and arrays are taken as they are.
 */
export const json = (label: string): FieldDef => ({
  kind: 'json',
  // Capped as every free-form JSON field is (domain/shared/json.ts), once a string is parsed.
  schema: cappedJson(
    z.preprocess(
      (v) => blankToNull(v),
      z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullable().transform((v, ctx) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: `${label} must be valid JSON` });
          return z.NEVER;
        }
      }),
    ),
    label,
  ),
});

/** A reference to another record by id. */
export const id = (message = 'Must be a valid id'): FieldDef => ({ kind: 'id', schema: z.preprocess(blankToNull, z.uuid(message).nullable()) });

export const requiredId = (message: string): FieldDef => ({
  kind: 'id',
  schema: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.uuid({ error: message })),
  required: message,
});

export const enumField = <const T extends readonly [string, ...string[]]>(values: T, message: string, defaultValue?: T[number]): FieldDef => ({
  kind: 'text',
  schema: defaultValue === undefined ? z.preprocess(blankToNull, z.enum(values, { error: message }).nullable()) : z.enum(values, { error: message }),
  ...(defaultValue !== undefined ? { default: defaultValue } : {}),
});
