/** New library items for the repository contract suites: the domain's defaults, a unique slug, the search text as the use cases build it. */
import { randomUUID } from 'node:crypto';
import type { NewContent } from '../../application/ports/content-repository';
import type { ContentType } from '../../domain/content/constants';
import { detailsWithDefaults, searchableText, sharedWithDefaults, type ContentShared } from '../../domain/content/model';

export const T0 = new Date('2030-03-04T05:06:07.891Z');
export const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let n = 0;
export const uniqueSlug = (stem = 'item') => `${stem}-${randomUUID().slice(0, 8)}-${n++}`;

/** A DRAFT item of `type` (spread `status` and `publishedAt` over it, or use `published`). */
export function draft(type: ContentType, shared: Partial<ContentShared> = {}, details: Record<string, unknown> = {}, extra: Partial<NewContent> = {}): NewContent {
  const s = sharedWithDefaults({ title: 'Untitled', slug: uniqueSlug(type.toLowerCase().replace('_', '-')), ...shared });
  const d = detailsWithDefaults(type, details);
  return { type, shared: s, status: 'DRAFT', publishedAt: null, details: d, links: {}, ...searchableText(type, s, d), creators: [], relations: [], ...extra };
}

/** A PUBLISHED item of `type`, published at T0. */
export const published = (type: ContentType, shared: Partial<ContentShared> = {}, details: Record<string, unknown> = {}, extra: Partial<NewContent> = {}): NewContent =>
  draft(type, shared, details, { status: 'PUBLISHED', publishedAt: T0, ...extra });
