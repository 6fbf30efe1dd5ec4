/**
 * The fourteen content types as the admin pages name them: the path word of each type
 * (`/admin/content/new/lexicon-term`) and the parent it is created under (their plurals are the
 * library's, lib/content/paths.ts).
 */
import { CONTENT_TYPES, TYPE_LABELS, type ContentType } from '../../../../domain/content/constants';

/** `LEXICON_TERM` -> `lexicon-term`. */
export const typeSlug = (type: ContentType) => type.toLowerCase().replace(/_/g, '-');

export function typeFromSlug(slug: string | undefined): ContentType | null {
  if (!slug) return null;
  const type = slug.toUpperCase().replace(/-/g, '_');
  return (CONTENT_TYPES as readonly string[]).includes(type) ? (type as ContentType) : null;
}

/** 'a book', 'an essay', 'an excerpt'. */
export function withArticle(type: ContentType): string {
  const label = TYPE_LABELS[type].toLowerCase();
  return /^[aeiou]/.test(label) ? `an ${label}` : `a ${label}`;
}

/**
 * The parent a child type is created under (spec 002 §3 parent links), by the form field that holds
 * it. A chapter, lesson or lecture has one parent; an excerpt is filed under lexicon terms (a list).
 */
export const PARENT_OF: Partial<Record<ContentType, { type: ContentType; field: string }>> = {
  CHAPTER: { type: 'BOOK', field: 'bookId' },
  LESSON: { type: 'COURSE', field: 'courseId' },
  LECTURE: { type: 'PLAYLIST', field: 'playlistId' },
  EXCERPT: { type: 'LEXICON_TERM', field: 'lexiconTerms' },
};

/** The children a parent's edit page lists, with the type to create under it. */
export const CHILDREN_OF: Partial<Record<ContentType, { type: ContentType; kind: string }>> = {
  BOOK: { type: 'CHAPTER', kind: 'chapters' },
  COURSE: { type: 'LESSON', kind: 'lessons' },
  PLAYLIST: { type: 'LECTURE', kind: 'lectures' },
  LEXICON_TERM: { type: 'EXCERPT', kind: 'termExcerpts' },
};

export const newContentPath = (type: ContentType, parentId?: string) => `/admin/content/new/${typeSlug(type)}${parentId ? `?parent=${encodeURIComponent(parentId)}` : ''}`;
export const editContentPath = (type: ContentType, id: string) => `/admin/content/${typeSlug(type)}/${encodeURIComponent(id)}`;
