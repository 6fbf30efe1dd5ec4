/**
 * A content item as the library keeps it: the shared record (spec 002 §3 Content) and its type's
 * details. Pure helpers turn a validated save input into the parts the repository stores.
 */
import type { AccessType, ContentStatus, ContentType, Difficulty } from './constants';
import { BODY_FIELDS, DETAIL_FIELDS, SEARCHABLE_FIELDS } from './details';
import type { FieldDef } from './fields';
import type { ContentCreatorLink, ContentRelationLink, EssayBookLink, EssayDiscussionLink, ExcerptTermLink, TrackItem } from './links';
import { SHARED_FIELDS, type ContentSaveInput } from './schemas';

export interface ContentShared {
  title: string;
  subtitle: string | null;
  slug: string;
  description: string | null;
  featured: boolean;
  tags: string[];
  coverImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  accessType: AccessType;
  difficulty: Difficulty | null;
  author: string | null;
  contributors: string[];
}

export interface ContentRecord extends ContentShared {
  id: string;
  type: ContentType;
  status: ContentStatus;
  published: boolean;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The ordered links a type carries (only the types that have them). */
export interface ContentLinks {
  books?: EssayBookLink[];
  discussions?: EssayDiscussionLink[];
  lexiconTerms?: ExcerptTermLink[];
  items?: TrackItem[];
}

export interface ContentItem extends ContentRecord {
  details: Record<string, unknown>;
  links: ContentLinks;
}

/** A short reference to another item: what a parent's list of children or a relation shows. */
export interface ContentSummary {
  id: string;
  type: ContentType;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  coverImage: string | null;
  status: ContentStatus;
  published: boolean;
  accessType: AccessType;
  orderIndex: number;
}

export interface CreatorCredit {
  creatorId: string;
  name: string;
  slug: string;
  imageUrl: string | null;
  role: string;
  orderIndex: number;
}

export interface RelatedContent extends ContentSummary {
  relationType: string;
}

const LINK_NAMES = ['books', 'discussions', 'lexiconTerms', 'items'] as const;

export interface ContentSaveParts {
  shared: Partial<ContentShared>;
  details: Record<string, unknown>;
  links: ContentLinks;
  creators: ContentCreatorLink[] | undefined;
  relations: ContentRelationLink[] | undefined;
  status: ContentStatus | undefined;
  published: boolean | undefined;
}

/** Splits a validated save input (schemas.contentSaveSchema) into what each table keeps. */
export function splitSaveInput(type: ContentType, input: ContentSaveInput): ContentSaveParts {
  const shared: Record<string, unknown> = {};
  const details: Record<string, unknown> = {};
  const links: Record<string, unknown> = {};
  for (const name of Object.keys(SHARED_FIELDS)) if (input[name] !== undefined) shared[name] = input[name];
  for (const name of Object.keys(DETAIL_FIELDS[type])) if (input[name] !== undefined) details[name] = input[name];
  for (const name of LINK_NAMES) if (input[name] !== undefined) links[name] = input[name];
  return { shared: shared as Partial<ContentShared>, details, links: links as ContentLinks, creators: input.creators, relations: input.relations, status: input.status, published: input.published };
}

const defaultsOf = (fields: Record<string, FieldDef>) =>
  Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.default !== undefined ? structuredClone(f.default) : null]));

/** A new item's shared fields: what was sent over the spec's defaults (accessType OPEN, featured false, ...). */
export const sharedWithDefaults = (shared: Partial<ContentShared>): ContentShared => ({ ...(defaultsOf(SHARED_FIELDS) as unknown as ContentShared), ...shared });

/** A new item's details: what was sent over the type's defaults (language en, bookType FICTION, ...). */
export const detailsWithDefaults = (type: ContentType, details: Record<string, unknown>): Record<string, unknown> => ({
  ...defaultsOf(DETAIL_FIELDS[type] as Record<string, FieldDef>),
  ...details,
});

/** At most this many characters of an item's text are indexed: to_tsvector refuses documents over 1 MB. */
const SEARCHABLE_CHARACTERS = 500_000;

/**
 * The words an item is found by beyond its title, subtitle and description, in two parts
 * (README "Search"): `searchText`, what the catalogue shows (tags, author, contributors, the type's
 * descriptive fields), matched for everyone who sees the item; `bodyText`, its body (the
 * searchable BODY_FIELDS: a chapter's text, a transcript, ...), matched only for callers who may
 * open it. Together at most SEARCHABLE_CHARACTERS, the catalogue's text first.
 */
export function searchableText(type: ContentType, shared: Pick<ContentShared, 'tags' | 'author' | 'contributors'>, details: Record<string, unknown>): { searchText: string; bodyText: string } {
  const catalogue: string[] = [...shared.tags, shared.author ?? '', ...shared.contributors];
  const body: string[] = [];
  for (const name of SEARCHABLE_FIELDS[type]) {
    const parts = BODY_FIELDS[type].includes(name) ? body : catalogue;
    const value = details[name];
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) parts.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  const joined = (parts: string[], room: number) => parts.filter((p) => p.length > 0).join('\n').slice(0, room);
  const searchText = joined(catalogue, SEARCHABLE_CHARACTERS);
  return { searchText, bodyText: joined(body, SEARCHABLE_CHARACTERS - searchText.length) };
}

/**
 * The parents an item belongs to (spec 002 §3 parent links): a chapter's book, a lesson's course, a
 * lecture's playlist, an essay's books, an excerpt's lexicon terms. Discussions and tracks only
 * point at essays and items; they are not their parents.
 */
export function parentIdsOf(item: Pick<ContentItem, 'type' | 'details' | 'links'>): string[] {
  const ids: unknown[] = [];
  if (item.type === 'CHAPTER') ids.push(item.details.bookId);
  if (item.type === 'LESSON') ids.push(item.details.courseId);
  if (item.type === 'LECTURE') ids.push(item.details.playlistId);
  if (item.type === 'ESSAY') ids.push(...(item.links.books ?? []).map((l) => l.bookId));
  if (item.type === 'EXCERPT') ids.push(...(item.links.lexiconTerms ?? []).map((l) => l.lexiconTermId));
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

/** The item with its body (details.BODY_FIELDS) withheld: what a caller without access is shown. */
export function withoutBody(item: ContentItem): ContentItem {
  const fields = BODY_FIELDS[item.type];
  if (fields.length === 0) return item;
  return { ...item, details: { ...item.details, ...Object.fromEntries(fields.map((f) => [f, null])) } };
}
