/**
 * What the library's routes answer (their `.output()` schemas, so no extra field leaks) and the
 * mapping from the use cases' views. Books keep the spec's shape (spec 001 §3 Book): the book's own
 * fields at the top with `type` the book type, the shared content record under `content`. Other
 * types answer flat: the shared fields, then the type's fields and links. Every item and media
 * asset says whether it is `locked`: its body withheld because the caller may not open it
 * (application/content/access.ts), so the client shows its notice.
 */
import { z } from 'zod';
import type { MediaView } from '../../../../application/content/media';
import type { ContentView } from '../../../../application/content/read';
import { ACCESS_TYPES, CONTENT_STATUSES, CONTENT_TYPES, DIFFICULTIES, type ContentType } from '../../../../domain/content/constants';
import type { Creator } from '../../../../domain/content/creator';
import { DETAIL_FIELDS } from '../../../../domain/content/details';
import type { FieldDef, FieldKind } from '../../../../domain/content/fields';
import type { ContentItem, ContentSummary, CreatorCredit, RelatedContent } from '../../../../domain/content/model';
import { MEDIA_TYPES } from '../../../../domain/media/constants';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const contentRecordSchema = z.object({
  id: z.string(),
  type: z.enum(CONTENT_TYPES),
  title: z.string(),
  subtitle: z.string().nullable(),
  slug: z.string(),
  description: z.string().nullable(),
  status: z.enum(CONTENT_STATUSES),
  published: z.boolean(),
  featured: z.boolean(),
  publishedAt: z.string().nullable(),
  tags: z.array(z.string()),
  coverImage: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  accessType: z.enum(ACCESS_TYPES),
  difficulty: z.enum(DIFFICULTIES).nullable(),
  author: z.string().nullable(),
  contributors: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const contentSummarySchema = z.object({
  id: z.string(),
  type: z.enum(CONTENT_TYPES),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  coverImage: z.string().nullable(),
  status: z.enum(CONTENT_STATUSES),
  published: z.boolean(),
  accessType: z.enum(ACCESS_TYPES),
  orderIndex: z.number(),
});

export const creatorCreditSchema = z.object({ creatorId: z.string(), name: z.string(), slug: z.string(), imageUrl: z.string().nullable(), role: z.string(), orderIndex: z.number() });
export const relatedContentSchema = contentSummarySchema.extend({ relationType: z.string() });

export const mediaAssetSchema = z.object({
  id: z.string(),
  type: z.enum(MEDIA_TYPES),
  contentId: z.string().nullable(),
  url: z.string().nullable(),
  altText: z.string().nullable(),
  caption: z.string().nullable(),
  credit: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  fileSize: z.number().nullable(),
  mimeType: z.string().nullable(),
  duration: z.number().nullable(),
  thumbnailUrl: z.string().nullable(),
  videoStreamId: z.string().nullable(),
  audioStreamId: z.string().nullable(),
  isStreamable: z.boolean(),
  isDownloadable: z.boolean(),
  downloadOptions: z.unknown(),
  transcript: z.string().nullable(),
  subtitles: z.unknown(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** True when what plays the asset (url, streams, downloads, transcript, subtitles) is withheld. */
  locked: z.boolean(),
});

export const creatorSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  email: z.string().nullable(),
  bio: z.string().nullable(),
  title: z.string().nullable(),
  organization: z.string().nullable(),
  expertise: z.array(z.string()),
  imageUrl: z.string().nullable(),
  creatorType: z.string().nullable(),
  featured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const OUTPUT_OF_KIND: Record<FieldKind, () => z.ZodType> = {
  text: () => z.string().nullable(),
  date: () => z.string().nullable(),
  datetime: () => z.string().nullable(),
  id: () => z.string().nullable(),
  int: () => z.number().nullable(),
  number: () => z.number().nullable(),
  bool: () => z.boolean(),
  list: () => z.array(z.string()),
  json: () => z.unknown(),
};

export const detailOutputShape = (type: ContentType) =>
  Object.fromEntries(Object.entries(DETAIL_FIELDS[type] as Record<string, FieldDef>).map(([name, f]) => [name, OUTPUT_OF_KIND[f.kind]()]));

const linkOutputShape: Partial<Record<ContentType, Record<string, z.ZodType>>> = {
  ESSAY: {
    books: z.array(z.object({ bookId: z.string(), orderIndex: z.number() })),
    discussions: z.array(z.object({ discussionId: z.string(), orderIndex: z.number() })),
  },
  EXCERPT: { lexiconTerms: z.array(z.object({ lexiconTermId: z.string(), orderIndex: z.number() })) },
  TRACK: { items: z.array(z.object({ contentId: z.string(), orderIndex: z.number(), description: z.string().nullable(), isRequired: z.boolean() })) },
};

const relationsShape = {
  creators: z.array(creatorCreditSchema).optional(),
  mediaAssets: z.array(mediaAssetSchema).optional(),
  relatedContent: z.array(relatedContentSchema).optional(),
};

/**
 * What the neighbours of an item read in a sequence are called: spec 002 §3 names a chapter's
 * previousChapter and nextChapter; lessons and lectures (the spec names none) say previous and next.
 */
const NEIGHBOUR_NAMES = {
  CHAPTER: ['previousChapter', 'nextChapter'],
  LESSON: ['previous', 'next'],
  LECTURE: ['previous', 'next'],
} as const satisfies Partial<Record<ContentType, readonly [string, string]>>;
type Sequenced = keyof typeof NEIGHBOUR_NAMES;

const neighbourNames = (type: ContentType): readonly string[] => (type in NEIGHBOUR_NAMES ? NEIGHBOUR_NAMES[type as Sequenced] : []);

const neighbour = () => contentSummarySchema.nullable().optional();
type NeighbourShape = Record<(typeof NEIGHBOUR_NAMES)[Sequenced][number], ReturnType<typeof neighbour>>;

/** The type's own neighbour fields; typed as any sequence's (all optional), so one item schema serves every type. */
const neighbourShape = (type: ContentType) => Object.fromEntries(neighbourNames(type).map((name) => [name, neighbour()])) as NeighbourShape;

/** True when the body (domain/content/details.ts BODY_FIELDS) is withheld: the caller may not open the item. */
const lockedShape = { locked: z.boolean() };

/** A flat item of any type other than a book. */
export const contentItemSchema = (type: ContentType) =>
  contentRecordSchema.extend({
    ...detailOutputShape(type),
    ...(linkOutputShape[type] ?? {}),
    ...relationsShape,
    children: z.record(z.string(), z.array(contentSummarySchema)).optional(),
    ...neighbourShape(type),
    ...lockedShape,
  });

/** A book as spec 001 §3 reads it. */
export const bookSchema = z.object({
  id: z.string(),
  contentId: z.string(),
  ...detailOutputShape('BOOK'),
  type: z.string(),
  content: contentRecordSchema,
  chapters: z.array(contentSummarySchema).optional(),
  essays: z.array(contentSummarySchema).optional(),
  ...relationsShape,
  createdAt: z.string(),
  updatedAt: z.string(),
  ...lockedShape,
});

export const chapterSchema = contentItemSchema('CHAPTER').extend({ previousChapter: contentSummarySchema.nullable(), nextChapter: contentSummarySchema.nullable() });

export const recordOut = (item: ContentItem) => ({
  id: item.id,
  type: item.type,
  title: item.title,
  subtitle: item.subtitle,
  slug: item.slug,
  description: item.description,
  status: item.status,
  published: item.published,
  featured: item.featured,
  publishedAt: iso(item.publishedAt),
  tags: item.tags,
  coverImage: item.coverImage,
  metaTitle: item.metaTitle,
  metaDescription: item.metaDescription,
  accessType: item.accessType,
  difficulty: item.difficulty,
  author: item.author,
  contributors: item.contributors,
  createdAt: item.createdAt.toISOString(),
  updatedAt: item.updatedAt.toISOString(),
});

export const mediaOut = (m: MediaView) => ({ ...m, createdAt: m.createdAt.toISOString(), updatedAt: m.updatedAt.toISOString() });
export const creatorOut = (c: Creator) => ({ ...c, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() });
const creditOut = (c: CreatorCredit) => c;
const relatedOut = (r: RelatedContent) => r;
const summaryOut = (s: ContentSummary) => s;

function relationsOut(view: ContentView) {
  if (!view.relations) return {};
  return {
    creators: view.relations.creators.map(creditOut),
    mediaAssets: view.relations.mediaAssets.map(mediaOut),
    relatedContent: view.relations.related.map(relatedOut),
  };
}

/**
 * A book as spec 001 §3 shapes it: the book's own fields, the content record under `content`.
 * Not `{ ...details, more }`: that leaves V8 a dictionary-mode object of ~5 KB per book instead of
 * ~0.5 KB, most of a list page's garbage (bench/README.md). The output schema rebuilds the object
 * in its own key order anyway.
 */
export function bookOut(view: ContentView) {
  const { item } = view;
  // Grown from an empty object: V8 keeps that in fast mode, where a literal grown by keyed stores is not.
  const book: Record<string, unknown> = {};
  book.id = item.id;
  book.contentId = item.id;
  for (const field in item.details) book[field] = item.details[field];
  book.type = item.details.bookType as string;
  book.content = recordOut(item);
  book.createdAt = item.createdAt.toISOString();
  book.updatedAt = item.updatedAt.toISOString();
  book.locked = view.locked;
  if (view.relations) {
    book.chapters = (view.relations.children.chapters ?? []).map(summaryOut);
    book.essays = (view.relations.children.bookEssays ?? []).map(summaryOut);
    Object.assign(book, relationsOut(view));
  }
  return book as z.input<typeof bookSchema>;
}

export function itemOut(view: ContentView) {
  const { item } = view;
  const [previousName, nextName] = neighbourNames(item.type);
  // Grown from an empty object, as bookOut's is, so it stays in V8's fast mode.
  const out: Record<string, unknown> = Object.assign({}, recordOut(item), item.details, item.links);
  if (view.relations) Object.assign(out, relationsOut(view), { children: view.relations.children as Record<string, ContentSummary[]> });
  if (previousName && view.previous !== undefined) out[previousName] = view.previous;
  if (nextName && view.next !== undefined) out[nextName] = view.next;
  out.locked = view.locked;
  return out as ReturnType<typeof recordOut> & Record<string, unknown> & { locked: boolean };
}

export const listOutput = <K extends string>(key: K, item: z.ZodType) =>
  z.object({ [key]: z.array(item), total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() } as Record<K | 'total' | 'page' | 'limit' | 'totalPages', z.ZodType>);
