/**
 * Books at the spec's paths (spec 001 §7 Books). The save payload is spec 001 §3's: the content's
 * fields flattened into the book, the type as `bookType`, tableOfContents, faq and pricing as JSON
 * strings; id, contentId, createdAt, updatedAt, classroomAccess and orderItems are dropped.
 */
import { z } from 'zod';
import { childrenOf, contentById, contentBySlug, listContent } from '../../../../application/content/read';
import { createContent, deleteContent, updateContent } from '../../../../application/content/save';
import { BOOK_ID_REQUIRED, BOOK_SLUG_REQUIRED, booksQuerySchema, contentListQuerySchemaFor, contentSaveSchema, includeRelationsSchema, requiredParam, type ContentSaveInput } from '../../../../domain/content/schemas';
import { defineMutation, defineQuery } from '../../operation';
import { bookOut, bookSchema, chapterSchema, contentItemSchema, itemOut } from './content-views';

const tags = ['books'];
const bookId = requiredParam(BOOK_ID_REQUIRED);
const bookSlug = requiredParam(BOOK_SLUG_REQUIRED);
const booksOutput = z.object({ books: z.array(bookSchema), total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() });

export const bookOperations = {
  list: defineQuery({
    rest: { method: 'get', path: '/api/books' },
    summary: 'Books of the catalogue: published ones unless asked otherwise (limit 100 by default)',
    description: 'Filters: featured, published (default true; false or a status other than PUBLISHED needs content.edit), status, tag, search (full text, prefix matching), creatorId. includeRelations adds chapters, essays, creators, media assets and related content.',
    tags,
    input: booksQuerySchema,
    output: booksOutput,
    handler: async (input, ctx) => {
      const { search, page, limit, includeRelations, sort, ...filter } = input;
      const list = await listContent(ctx.deps.content, await ctx.actor(), 'BOOK', { filter, search, page, limit, includeRelations, sort });
      return { books: list.items.map(bookOut), total: list.total, page: list.page, limit: list.limit, totalPages: list.totalPages };
    },
  }),

  listPage: defineQuery({
    rest: { method: 'get', path: '/api/books/list' },
    summary: 'A page of books with search and filter[x] (page size 10 by default); editors see every status',
    description: 'filter[status], filter[featured], filter[published], filter[tag], filter[creatorId], filter[accessType], filter[difficulty]; ALL or empty values are ignored.',
    tags,
    input: contentListQuerySchemaFor('BOOK'),
    output: booksOutput,
    handler: async (input, ctx) => {
      const list = await listContent(ctx.deps.content, await ctx.actor(), 'BOOK', input);
      return { books: list.items.map(bookOut), total: list.total, page: list.page, limit: list.limit, totalPages: list.totalPages };
    },
  }),

  byId: defineQuery({
    rest: { method: 'get', path: '/api/books/id/{id}' },
    summary: 'One book by id (includeRelations: chapters, essays, creators, media assets, related content)',
    tags,
    input: z.object({ id: bookId, includeRelations: includeRelationsSchema }),
    output: z.object({ book: bookSchema }),
    handler: async (input, ctx) => ({ book: bookOut(await contentById(ctx.deps.content, await ctx.actor(), 'BOOK', input.id, input.includeRelations)) }),
  }),

  bySlug: defineQuery({
    rest: { method: 'get', path: '/api/books/{slug}' },
    summary: 'One book by slug (includeRelations as by id)',
    tags,
    input: z.object({ slug: bookSlug, includeRelations: includeRelationsSchema }),
    output: z.object({ book: bookSchema }),
    handler: async (input, ctx) => ({ book: bookOut(await contentBySlug(ctx.deps.content, await ctx.actor(), 'BOOK', input.slug, input.includeRelations)) }),
  }),

  chapters: defineQuery({
    rest: { method: 'get', path: '/api/books/{slug}/chapters' },
    summary: "A book's chapters in order, with their text and the previous and next chapter",
    tags,
    input: z.object({ slug: bookSlug }),
    output: z.object({ chapters: z.array(chapterSchema) }),
    handler: async (input, ctx) => {
      const { items } = await childrenOf(ctx.deps.content, await ctx.actor(), 'BOOK', input.slug, 'chapters');
      const summary = (i: number) => {
        const c = items[i]?.item;
        return c ? { id: c.id, type: c.type, slug: c.slug, title: c.title, subtitle: c.subtitle, description: c.description, coverImage: c.coverImage, status: c.status, published: c.published, accessType: c.accessType, orderIndex: c.details.orderIndex as number } : null;
      };
      return { chapters: items.map((gated, i) => ({ ...itemOut(gated), previousChapter: summary(i - 1), nextChapter: summary(i + 1) })) };
    },
  }),

  essays: defineQuery({
    rest: { method: 'get', path: '/api/books/{slug}/essays' },
    summary: "The essays linked to a book, in the book's order",
    tags,
    input: z.object({ slug: bookSlug }),
    output: z.object({ essays: z.array(contentItemSchema('ESSAY')) }),
    handler: async (input, ctx) => {
      const { items } = await childrenOf(ctx.deps.content, await ctx.actor(), 'BOOK', input.slug, 'bookEssays');
      return { essays: items.map(itemOut) };
    },
  }),

  create: defineMutation({
    rest: { method: 'post', path: '/api/books', successStatus: 201 },
    summary: 'Create a book (content.edit; creating it PUBLISHED needs content.publish)',
    tags,
    permission: 'content.edit',
    input: contentSaveSchema('BOOK', 'create'),
    output: z.object({ book: bookSchema }),
    handler: async (input, ctx) => {
      const item = await createContent(ctx.deps.content, await ctx.actor(), 'BOOK', input as ContentSaveInput);
      return { book: bookOut({ item, locked: false }) };
    },
  }),

  update: defineMutation({
    rest: { method: 'patch', path: '/api/books/id/{id}' },
    summary: 'Change a book: only the fields sent (content.edit; a live book or a status move to or from PUBLISHED needs content.publish)',
    tags,
    permission: 'content.edit',
    input: contentSaveSchema('BOOK', 'update').extend({ id: bookId }),
    output: z.object({ book: bookSchema }),
    handler: async ({ id, ...input }, ctx) => {
      const item = await updateContent(ctx.deps.content, await ctx.actor(), 'BOOK', id, input as ContentSaveInput);
      return { book: bookOut({ item, locked: false }) };
    },
  }),

  delete: defineMutation({
    rest: { method: 'delete', path: '/api/books/id/{id}' },
    summary: 'Delete a book with its chapters (content.edit; a published book needs content.publish)',
    tags,
    permission: 'content.edit',
    input: z.object({ id: bookId }),
    output: z.object({ id: z.string() }),
    handler: async (input, ctx) => {
      await deleteContent(ctx.deps.content, await ctx.actor(), 'BOOK', input.id);
      return { id: input.id };
    },
  }),
};
