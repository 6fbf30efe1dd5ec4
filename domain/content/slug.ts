/**
 * Slugs (spec 002 §5 Content): lowercase letters, digits and hyphens only. Words the REST routes
 * use as path segments beside `{slug}` (`/api/books/list`, `/api/books/id/{id}`) are refused, so
 * a slug can never shadow a route or be shadowed by one.
 */
import { trimEdges, trimTrailing } from '../shared/strings';
import { z } from 'zod';

export const SLUG_MESSAGE = 'Slug must contain only lowercase letters, numbers, and hyphens';
export const SLUG_REQUIRED_MESSAGE = 'Slug is required';
export const SLUG_RESERVED_MESSAGE = 'This slug is reserved for a route; please choose another';
export const SLUG_MAX_LENGTH = 200;
export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/** Path words beside `{slug}` in the content routes, now and in the routes the product plans. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['list', 'id', 'new', 'search', 'slug', 'content', 'with-progress', 'bulk', 'admin', 'featured']);

export const isValidSlug = (value: string) => SLUG_PATTERN.test(value) && value.length <= SLUG_MAX_LENGTH;
export const isReservedSlug = (value: string) => RESERVED_SLUGS.has(value);

export const slugSchema = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ error: SLUG_REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: SLUG_REQUIRED_MESSAGE, abort: true })
    .max(SLUG_MAX_LENGTH, `Slug must be at most ${SLUG_MAX_LENGTH} characters`)
    .regex(SLUG_PATTERN, SLUG_MESSAGE)
    .refine((v) => !isReservedSlug(v), SLUG_RESERVED_MESSAGE),
);

/** A slug proposed from a title ('The Virtue of Selfishness' -> 'the-virtue-of-selfishness'). */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  const base = trimTrailing(trimEdges(words, '-').slice(0, SLUG_MAX_LENGTH), '-');
  if (!base) return 'untitled';
  return isReservedSlug(base) ? `${base}-1` : base;
}
