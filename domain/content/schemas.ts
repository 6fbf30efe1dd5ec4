/**
 * Inputs of the library's operations, with the spec's messages word for word (spec 002 §5 Content,
 * Creator, Progress; spec 001 §5 lookups). One schema per input, shared by tRPC, REST and the
 * admin forms.
 */
import { z } from 'zod';
import { ACCESS_TYPES, BOOK_FORMATS, BOOK_TYPES, CLIP_TYPES, CONTENT_STATUSES, CONTENT_TYPES, DIFFICULTIES, PROGRESS_STATUSES, type ContentType } from './constants';
import { DETAIL_FIELDS } from './details';
import { bool, boolSchema, enumField, intSchema, list, listSchema, requiredText, text, textSchema, urlSchema, type FieldDef } from './fields';
import { contentCreatorSchema, contentRelationSchema, LINK_FIELDS } from './links';
import { slugSchema } from './slug';
import { jsonObject } from '../shared/json';
import { isEmailAddress, MAX_EMAIL_LENGTH } from '../shared/email';
import { plainText } from '../shared/text';

export const BOOK_ID_REQUIRED = 'Book ID is required';
export const BOOK_SLUG_REQUIRED = 'Book slug is required';
export const CONTENT_ID_REQUIRED = 'Content ID is required';

/** The fields every content item shares (spec 002 §3 Content), as a save takes them. */
export const SHARED_FIELDS = {
  title: { kind: 'text', schema: requiredText('Title is required', 500), required: 'Title is required' },
  subtitle: text(500),
  slug: { kind: 'text', schema: slugSchema, required: 'Slug is required' },
  description: text(20_000),
  featured: bool(false),
  tags: list(),
  coverImage: text(2048),
  metaTitle: text(300),
  metaDescription: text(1000),
  accessType: enumField(ACCESS_TYPES, `Access type must be one of ${ACCESS_TYPES.join(', ')}`, 'OPEN'),
  difficulty: enumField(DIFFICULTIES, `Difficulty must be one of ${DIFFICULTIES.join(', ')}`),
  author: text(300),
  contributors: list(),
} satisfies Record<string, FieldDef>;

export type SharedFieldName = keyof typeof SHARED_FIELDS;

const booleanish = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean({ error: 'Must be true or false' }));

/** Status and the spec clients' `published` flag: both optional, reconciled by lifecycle.requestedStatus. */
const lifecycleFields = {
  status: z.enum(CONTENT_STATUSES, { error: `Status must be one of ${CONTENT_STATUSES.join(', ')}` }).optional(),
  published: booleanish.optional(),
};

const associationFields = {
  creators: z.array(contentCreatorSchema).max(50).optional(),
  relations: z.array(contentRelationSchema).max(200).optional(),
};

function fieldShape(fields: Record<string, FieldDef>, mode: 'create' | 'update') {
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, mode === 'create' && f.required ? f.schema : f.schema.optional()]));
}

const linkShape = (type: ContentType) => {
  const links = (LINK_FIELDS as Partial<Record<ContentType, Record<string, z.ZodType>>>)[type] ?? {};
  return Object.fromEntries(Object.entries(links).map(([name, s]) => [name, s.optional()]));
};

/**
 * The save input of a type: shared fields, the type's fields, its links, creators and relations.
 * On create the required fields must be there; on update every field is optional and a field sent
 * is checked by the same rule. Unknown fields (id, contentId, createdAt, ...) are dropped.
 */
export function contentSaveSchema(type: ContentType, mode: 'create' | 'update') {
  return z.object({
    ...fieldShape(SHARED_FIELDS, mode),
    ...fieldShape(DETAIL_FIELDS[type] as Record<string, FieldDef>, mode),
    ...linkShape(type),
    ...lifecycleFields,
    ...associationFields,
  });
}

export type ContentSaveInput = Record<string, unknown> & {
  status?: (typeof CONTENT_STATUSES)[number];
  published?: boolean;
  creators?: z.output<typeof contentCreatorSchema>[];
  relations?: z.output<typeof contentRelationSchema>[];
};

/** Paging: page from 1; a list's own default and maximum limit. */
export const pageSchema = z.preprocess((v) => (v === undefined || v === '' ? 1 : typeof v === 'string' ? Number(v) : v), intSchema({ min: 1, message: 'Page must be at least 1' }));
export const limitSchema = (defaultLimit: number, max: number) =>
  z.preprocess((v) => (v === undefined || v === '' ? defaultLimit : typeof v === 'string' ? Number(v) : v), intSchema({ min: 1, max, message: `Limit must be between 1 and ${max}` }));

/** "List filters with value ALL or empty are not sent" (spec 001 §5): the server ignores them too. */
export const ignoredFilter = (v: unknown) => (v === undefined || v === null || v === '' || v === 'ALL' ? undefined : v);
const filterValue = <S extends z.ZodType>(s: S) => z.preprocess(ignoredFilter, s.optional());

export const requiredParam = (message: string) => z.preprocess((v) => (v === undefined || v === null ? '' : v), plainText(z.string({ error: message }).trim().min(1, message)));

/** A one-line text filter or field of at most `max` characters (lengths first, then the control-character rule). */
const line = (max: number, message = `Must be at most ${max} characters`) => plainText(z.string().trim().max(max, { message, abort: true }));

/** The filters a content list understands; `filter[x]` on the list routes and the query of GET /api/books. */
export const contentFilterShape = {
  status: filterValue(z.enum(CONTENT_STATUSES, { error: `Status must be one of ${CONTENT_STATUSES.join(', ')}` })),
  featured: filterValue(booleanish),
  published: filterValue(booleanish),
  tag: filterValue(line(200)),
  creatorId: filterValue(z.uuid('creatorId must be a creator id')),
  accessType: filterValue(z.enum(ACCESS_TYPES, { error: `Access type must be one of ${ACCESS_TYPES.join(', ')}` })),
  difficulty: filterValue(z.enum(DIFFICULTIES, { error: `Difficulty must be one of ${DIFFICULTIES.join(', ')}` })),
  type: filterValue(z.enum(CONTENT_TYPES, { error: `Type must be one of ${CONTENT_TYPES.join(', ')}` })),
};
/** Filters on a type's own fields (the lexicon's A-Z by firstLetter, a book's type, a course's lessons...). */
export const DETAIL_FILTERS: Partial<Record<ContentType, Record<string, z.ZodType>>> = {
  BOOK: {
    bookType: filterValue(z.enum(BOOK_TYPES, { error: `Book type must be one of ${BOOK_TYPES.join(', ')}` })),
    formats: filterValue(z.enum(BOOK_FORMATS, { error: `Format must be one of ${BOOK_FORMATS.join(', ')}` })),
    language: filterValue(line(16)),
  },
  CHAPTER: { bookId: filterValue(z.uuid('bookId must be a book id')) },
  ESSAY: { isScholarly: filterValue(booleanish) },
  LEXICON_TERM: { firstLetter: filterValue(line(2, 'First letter must be a single character').refine((v) => [...v].length === 1, 'First letter must be a single character')) },
  LESSON: { courseId: filterValue(z.uuid('courseId must be a course id')) },
  LECTURE: { playlistId: filterValue(z.uuid('playlistId must be a playlist id')) },
  INTERVIEW: { format: filterValue(line(100)) },
  CLIP: { clipType: filterValue(z.enum(CLIP_TYPES, { error: `Clip type must be one of ${CLIP_TYPES.join(', ')}` })) },
  ARTIFACT: { artifactType: filterValue(line(100)), collection: filterValue(line(300)), isDigitized: filterValue(booleanish) },
  DISCUSSION: { isVirtual: filterValue(booleanish) },
};

const unknownFilter = { error: (issue: { code?: string; keys?: string[] }) => (issue.code === 'unrecognized_keys' ? `Unknown filter: ${issue.keys!.join(', ')}` : undefined) };

/** The filters of a type's lists: the shared ones and the type's own. */
export const contentFilterSchemaFor = (type?: ContentType) => z.strictObject({ ...contentFilterShape, ...(type ? (DETAIL_FILTERS[type] ?? {}) : {}) }, unknownFilter);
export const contentFilterSchema = contentFilterSchemaFor();
export type ContentFilter = z.output<typeof contentFilterSchema> & Record<string, unknown>;

export const CONTENT_SORTS = ['newest', 'title', 'order'] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];
/** newest first (default), by title, or by position in the parent (children lists: a course's lessons). */
const sortSchema = z.preprocess((v) => ignoredFilter(v) ?? 'newest', z.enum(CONTENT_SORTS, { error: `Sort must be one of ${CONTENT_SORTS.join(', ')}` }));

const searchSchema = z.preprocess(ignoredFilter, line(200, 'Search must be at most 200 characters').optional());

/**
 * The catalogue query of GET /api/books and its siblings: filters as plain query parameters,
 * published only unless asked otherwise. Books default to limit 100 (spec 001 §9); other lists to 10.
 */
export const catalogQuerySchema = (defaultLimit: number, type?: ContentType) =>
  z.object({
    ...(type ? (DETAIL_FILTERS[type] ?? {}) : {}),
    featured: contentFilterShape.featured,
    published: contentFilterShape.published,
    status: contentFilterShape.status,
    tag: contentFilterShape.tag,
    creatorId: contentFilterShape.creatorId,
    accessType: contentFilterShape.accessType,
    difficulty: contentFilterShape.difficulty,
    search: searchSchema,
    page: pageSchema,
    limit: limitSchema(defaultLimit, 100),
    sort: sortSchema,
    includeRelations: z.preprocess((v) => ignoredFilter(v) ?? false, booleanish),
  })
    // published defaults to true, unless a status is asked for (status=DRAFT alone means the drafts).
    .transform((q) => ({ ...q, published: q.published ?? (q.status ? undefined : true) }));

/** GET /api/books (spec 001 §7, §9: limit 100 and published true unless asked otherwise). */
export const booksQuerySchema = catalogQuerySchema(100, 'BOOK');

/** GET /api/books/list and the other `/list` routes: search, paging and `filter[x]` (default page size 10). */
export const contentListQuerySchemaFor = (type?: ContentType) =>
  z.object({
    search: searchSchema,
    page: pageSchema,
    limit: limitSchema(10, 100),
    sort: sortSchema,
    includeRelations: z.preprocess((v) => ignoredFilter(v) ?? false, booleanish),
    filter: z.preprocess((v) => (v === undefined || v === '' ? {} : v), contentFilterSchemaFor(type)),
  });
export const contentListQuerySchema = contentListQuerySchemaFor();

export const includeRelationsSchema = z.preprocess((v) => ignoredFilter(v) ?? false, booleanish);

/** Full-text search across the library (issue 6 §8). */
export const contentSearchSchema = z.object({
  q: z.preprocess((v) => (v === undefined || v === null ? '' : v), plainText(z.string().trim().min(1, 'Search text is required').max(200, { message: 'Search must be at most 200 characters', abort: true }))),
  type: contentFilterShape.type,
  tag: contentFilterShape.tag,
  creatorId: contentFilterShape.creatorId,
  page: pageSchema,
  limit: limitSchema(10, 100),
});

/** Spec 002 §5 Creator. */
export const creatorSaveSchema = (mode: 'create' | 'update') => {
  const shape = {
    name: requiredText('Name is required', 300),
    slug: z.preprocess((v) => (v === '' || v === null ? undefined : v), slugSchema.optional()),
    email: z.preprocess(
      (v) => (v === '' ? null : v),
      z.string().trim().max(MAX_EMAIL_LENGTH, { message: 'Valid email is required', abort: true }).refine(isEmailAddress, 'Valid email is required').nullable().optional(),
    ),
    bio: textSchema(20_000).optional(),
    title: textSchema(300).optional(),
    organization: textSchema(300).optional(),
    expertise: listSchema().optional(),
    imageUrl: urlSchema('Valid image URL is required').optional(),
    creatorType: textSchema(100).optional(),
    featured: boolSchema().optional(),
  };
  return mode === 'create' ? z.object(shape) : z.object({ ...shape, name: shape.name.optional() });
};
export type CreatorSaveInput = z.output<ReturnType<typeof creatorSaveSchema>>;

/** GET /api/creators and /api/creators/list: search by name, featured, paging (10 a page, at most 100). */
export const creatorListSchema = z.object({
  search: searchSchema,
  featured: filterValue(booleanish),
  page: pageSchema,
  limit: limitSchema(10, 100),
});

/** Spec 002 §5 Progress: page from 1 (default 1), limit 1 to 100 (default 20). */
export const progressListSchema = z.object({
  page: pageSchema,
  limit: limitSchema(20, 100),
  status: filterValue(z.enum(PROGRESS_STATUSES, { error: `Status must be one of ${PROGRESS_STATUSES.join(', ')}` })),
  isFavorited: filterValue(booleanish),
  isBookmarked: filterValue(booleanish),
});

const nonNegative = (label: string) => z.number({ error: `${label} must be a number, 0 or more` }).min(0, `${label} must be 0 or more`);

export const contentProgressSchema = z.object({
  contentId: requiredParam(CONTENT_ID_REQUIRED).pipe(z.uuid(CONTENT_ID_REQUIRED)),
  status: z.enum(PROGRESS_STATUSES, { error: `Status must be one of ${PROGRESS_STATUSES.join(', ')}` }).optional(),
  percentage: z.number({ error: 'Percentage must be between 0 and 100' }).min(0, 'Percentage must be between 0 and 100').max(100, 'Percentage must be between 0 and 100').optional(),
  position: nonNegative('Position').optional(),
  duration: nonNegative('Duration').optional(),
  /** Seconds to add to the total time spent (each tab reports its own share, so concurrent writes add up). */
  timeSpent: nonNegative('Time spent').optional(),
  /** True when this write opens a new reading or viewing session. */
  newSession: z.boolean().optional(),
  rating: z.number({ error: 'Rating must be between 1 and 5' }).int('Rating must be between 1 and 5').min(1, 'Rating must be between 1 and 5').max(5, 'Rating must be between 1 and 5').nullable().optional(),
  isFavorited: z.boolean().optional(),
  isBookmarked: z.boolean().optional(),
  wasDismissed: z.boolean().optional(),
  discoverySource: line(100).nullable().optional(),
  /** Free-form, capped (domain/shared/json.ts) here and again after the merge with what is stored. */
  metadata: jsonObject('Metadata').optional(),
});
export type ContentProgressInput = z.output<typeof contentProgressSchema>;

export const videoProgressSchema = z.object({
  mediaAssetId: requiredParam('Media asset ID is required').pipe(z.uuid('Media asset ID is required')),
  position: z.number({ error: 'Position must be 0 or more' }).min(0, 'Position must be 0 or more'),
  duration: z.number({ error: 'Duration must be 0 or more' }).min(0, 'Duration must be 0 or more'),
  completed: z.boolean().optional(),
});
export type VideoProgressInput = z.output<typeof videoProgressSchema>;

/** GET /api/content/recommendations: a few suggestions (6 by default, at most 24). */
export const recommendationsSchema = z.object({ limit: limitSchema(6, 24) });
