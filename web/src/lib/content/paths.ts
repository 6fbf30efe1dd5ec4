/**
 * Where each piece of the library lives in the client (the routes agreed between the library, the
 * reader and the admin): `/library/{segment}/{slug}` per type, the reader for chapters and essays,
 * the player for media assets, `/creators/{slug}` for people.
 */
import { CONTENT_TYPES, type ContentType } from '../../../../domain/content/constants';

/** The path segment of each type's library page. */
export const LIBRARY_SEGMENTS: Record<ContentType, string> = {
  BOOK: 'books',
  CHAPTER: 'chapters',
  ESSAY: 'essays',
  EXCERPT: 'excerpts',
  LEXICON_TERM: 'lexicon',
  COURSE: 'courses',
  LESSON: 'lessons',
  PLAYLIST: 'playlists',
  LECTURE: 'lectures',
  INTERVIEW: 'interviews',
  CLIP: 'clips',
  ARTIFACT: 'artifacts',
  DISCUSSION: 'discussions',
  TRACK: 'tracks',
};

/** The plural a filter or a heading names a type by. */
export const TYPE_PLURALS: Record<ContentType, string> = {
  BOOK: 'Books',
  CHAPTER: 'Chapters',
  ESSAY: 'Essays',
  EXCERPT: 'Excerpts',
  LEXICON_TERM: 'Lexicon terms',
  COURSE: 'Courses',
  LESSON: 'Lessons',
  PLAYLIST: 'Playlists',
  LECTURE: 'Lectures',
  INTERVIEW: 'Interviews',
  CLIP: 'Clips',
  ARTIFACT: 'Artifacts',
  DISCUSSION: 'Discussions',
  TRACK: 'Tracks',
};

/** The type a library path segment names, or null for a segment that names none. */
export function typeOfSegment(segment: string | undefined): ContentType | null {
  return CONTENT_TYPES.find((type) => LIBRARY_SEGMENTS[type] === segment) ?? null;
}

/** A type's `type=` value in the library's URL (`/library?type=books`). */
export const typeParam = (type: ContentType) => LIBRARY_SEGMENTS[type];

export const libraryPath = (type: ContentType, slug: string) => `/library/${LIBRARY_SEGMENTS[type]}/${encodeURIComponent(slug)}`;
export const readerPath = (type: 'CHAPTER' | 'ESSAY', slug: string) => `/read/${type === 'CHAPTER' ? 'chapters' : 'essays'}/${encodeURIComponent(slug)}`;
export const watchPath = (mediaAssetId: string) => `/watch/${encodeURIComponent(mediaAssetId)}`;
export const creatorPath = (slug: string) => `/creators/${encodeURIComponent(slug)}`;

/** Where a card for an item leads: a chapter opens in the reader, anything else on its page (an essay's page says what it is before the reader opens). */
export function openPath(item: { type: ContentType; slug: string }): string {
  return item.type === 'CHAPTER' ? readerPath('CHAPTER', item.slug) : libraryPath(item.type, item.slug);
}
