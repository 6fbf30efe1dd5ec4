/**
 * Free-form JSON (progress metadata, passkey extensions, a content item's JSON fields, ...): one
 * schema helper with one cap, so no field takes a document of any size or depth (docs/architecture.md
 * §3, "Free-form JSON"). Pure: no I/O, no Node globals.
 *
 * - Depth: at most MAX_JSON_DEPTH levels of arrays and objects (a scalar is depth 0, `{}` depth 1).
 *   Measured without recursion, so a value nested 100,000 levels deep is refused, never a stack
 *   overflow.
 * - Size: at most MAX_JSON_BYTES bytes, counted as the UTF-8 bytes of the text PostgreSQL's jsonb
 *   writes for it (`{"a": 1, "b": [1, 2]}`: a space after each `:` and `,`, numbers written out in
 *   full), so the check made here and the one made in SQL after a merge measure the same thing.
 */
import { z } from 'zod';

export const MAX_JSON_BYTES = 64 * 1024;
export const MAX_JSON_DEPTH = 16;

export const jsonTooDeepMessage = (label: string, maxDepth = MAX_JSON_DEPTH) => `${label} must be nested at most ${maxDepth} levels deep`;
export const jsonTooLargeMessage = (label: string, maxBytes = MAX_JSON_BYTES) => `${label} must be at most ${maxBytes} bytes as JSON`;

/**
 * The nesting depth of JSON text, read in one linear pass over its brackets (strings skipped),
 * before anything parses it; stops counting once past `limit`. Text that is not JSON gets a
 * number all the same: the parser refuses it afterwards.
 */
export function jsonTextDepth(text: string | Uint8Array, limit = Number.POSITIVE_INFINITY): number {
  const at = typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i]!;
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = at(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** The depth of a value (arrays and objects), walked with a stack of its own; stops once past `limit`. */
export function jsonValueDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    const here = depth + 1;
    if (here > deepest) {
      deepest = here;
      if (deepest > limit) return deepest;
    }
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, here]);
  }
  return deepest;
}

function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** A number as PostgreSQL's numeric writes the JSON text JavaScript sends it (`1e+21` in full). */
function numberLength(n: number): number {
  const text = String(n);
  const e = text.indexOf('e');
  if (e === -1) return text.length;
  const sign = text.startsWith('-') ? 1 : 0;
  const mantissa = text.slice(sign, e);
  const exponent = Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  const intDigits = point === -1 ? mantissa.length : point;
  const fracDigits = point === -1 ? 0 : mantissa.length - point - 1;
  if (exponent >= 0) {
    const scale = Math.max(0, fracDigits - exponent);
    return sign + intDigits + exponent + (scale > 0 ? 1 + scale : 0);
  }
  // 1.5e-7 -> 0.00000015
  return sign + 2 + fracDigits - exponent + (intDigits - 1);
}

/**
 * The UTF-8 bytes of the value as jsonb text (see the header), walked without recursion; stops
 * once past `limit`. Properties whose value is undefined are left out, as JSON does.
 */
export function jsonStoredBytes(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    switch (typeof item) {
      case 'string':
        bytes += utf8Bytes(JSON.stringify(item));
        break;
      case 'number':
        bytes += Number.isFinite(item) ? numberLength(item) : 4;
        break;
      case 'boolean':
        bytes += item ? 4 : 5;
        break;
      case 'object':
        if (item === null) {
          bytes += 4;
        } else if (Array.isArray(item)) {
          bytes += 2 + Math.max(0, item.length - 1) * 2;
          for (const child of item) stack.push(child === undefined ? null : child);
        } else {
          const entries = Object.entries(item).filter(([, v]) => v !== undefined);
          bytes += 2 + Math.max(0, entries.length - 1) * 2;
          for (const [key, child] of entries) {
            bytes += utf8Bytes(JSON.stringify(key)) + 2;
            stack.push(child);
          }
        }
        break;
      default:
        bytes += 4; // undefined, functions: written as null or left out
    }
    if (bytes > limit) return bytes;
  }
  return bytes;
}

export interface JsonLimits {
  maxBytes?: number;
  maxDepth?: number;
  /** One message for either limit, where a field's schema has one message for everything wrong. */
  message?: string;
}

/** The first limit the value breaks, as its message; undefined when it keeps both. */
export function jsonLimitProblem(value: unknown, label: string, limits: JsonLimits = {}): string | undefined {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const maxBytes = limits.maxBytes ?? MAX_JSON_BYTES;
  if (jsonValueDepth(value, maxDepth) > maxDepth) return jsonTooDeepMessage(label, maxDepth);
  if (jsonStoredBytes(value, maxBytes) > maxBytes) return jsonTooLargeMessage(label, maxBytes);
  return undefined;
}

/**
 * Wraps a schema of a free-form JSON field with the caps: depth first (so nothing below walks a
 * value deeper than that), then size. Use it for every field that takes JSON the product does not
 * describe (z.record(z.string(), z.unknown()), z.unknown(), json strings once parsed).
 */
export function cappedJson<T extends z.ZodType>(schema: T, label: string, limits: JsonLimits = {}) {
  return schema.superRefine((value, ctx) => {
    const problem = jsonLimitProblem(value, label, limits);
    if (problem) ctx.addIssue({ code: 'custom', message: limits.message ?? problem });
  });
}

/** A free-form JSON object (string keys, any JSON values), capped. */
export const jsonObject = (label: string, limits: JsonLimits = {}) => cappedJson(z.record(z.string(), z.unknown()), label, limits);
