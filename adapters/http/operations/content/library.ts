/** Library-wide reads: full-text search and the entitlement check (spec 001 §7 Entitlements; issue 6 §8-9). */
import { z } from 'zod';
import { contentAccess } from '../../../../application/content/access';
import { libraryFacets, recommendations } from '../../../../application/content/browse';
import { anyContentById, listContent } from '../../../../application/content/read';
import { searchContent } from '../../../../application/content/search';
import { CONTENT_TYPES } from '../../../../domain/content/constants';
import { CONTENT_ID_REQUIRED, contentListQuerySchema, contentSearchSchema, recommendationsSchema, requiredParam } from '../../../../domain/content/schemas';
import { defineQuery } from '../../operation';
import { contentRecordSchema, contentSummarySchema, recordOut } from './content-views';

export const libraryOperations = {
  list: defineQuery({
    rest: { method: 'get', path: '/api/content' },
    summary: 'Content of every type in one list (the library browser): search, paging and filter[x], the shared record of each item',
    description: 'filter[type], filter[tag], filter[featured], filter[creatorId], filter[accessType], filter[difficulty] (editors also filter[status], filter[published]); search is full text, ranked; page size 10 by default, at most 100. Published content only unless you edit content.',
    tags: ['library'],
    input: contentListQuerySchema,
    output: z.object({ items: z.array(contentRecordSchema), total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() }),
    handler: async (input, ctx) => {
      const list = await listContent(ctx.deps.content, await ctx.actor(), undefined, { ...input, includeRelations: false });
      return { items: list.items.map(({ item }) => recordOut(item)), total: list.total, page: list.page, limit: list.limit, totalPages: list.totalPages };
    },
  }),

  facets: defineQuery({
    rest: { method: 'get', path: '/api/content/facets' },
    summary: 'What the library holds: visible items counted by type, by tag (most used first) and lexicon terms by first letter',
    tags: ['library'],
    input: z.object({}).optional(),
    output: z.object({ types: z.array(z.object({ type: z.enum(CONTENT_TYPES), count: z.number() })), tags: z.array(z.object({ tag: z.string(), count: z.number() })), letters: z.array(z.object({ letter: z.string(), count: z.number() })) }),
    handler: async (_input, ctx) => libraryFacets(ctx.deps.content, await ctx.actor()),
  }),

  recommendations: defineQuery({
    rest: { method: 'get', path: '/api/content/recommendations' },
    summary: "Suggestions for the signed-in member: works they have not started, most alike (tags, creators) to what they have, then featured, then newest",
    tags: ['library'],
    permission: 'content.progress',
    input: recommendationsSchema,
    output: z.object({ items: z.array(contentRecordSchema) }),
    handler: async (input, ctx) => ({ items: (await recommendations(ctx.deps.content, await ctx.actor(), input)).map(recordOut) }),
  }),

  item: defineQuery({
    rest: { method: 'get', path: '/api/content/id/{id}' },
    summary: 'One item of any type by id, its shared record: what a media asset or a progress entry belongs to (unpublished items are 404 unless you edit content)',
    tags: ['library'],
    input: z.object({ id: requiredParam(CONTENT_ID_REQUIRED) }),
    output: z.object({ item: contentRecordSchema }),
    handler: async (input, ctx) => ({ item: recordOut(await anyContentById(ctx.deps.content, await ctx.actor(), input.id)) }),
  }),

  search: defineQuery({
    rest: { method: 'get', path: '/api/content/search' },
    summary: 'Full-text search across titles, descriptions and text, ranked, every word a prefix; filters type, tag, creatorId',
    tags: ['library'],
    input: contentSearchSchema,
    output: z.object({ results: z.array(contentSummarySchema.omit({ orderIndex: true }).extend({ rank: z.number() })), total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() }),
    handler: async (input, ctx) => {
      const result = await searchContent(ctx.deps.content, await ctx.actor(), input);
      return { results: result.items.map(({ orderIndex: _order, ...hit }) => hit), total: result.total, page: result.page, limit: result.limit, totalPages: result.totalPages };
    },
  }),
};

export const entitlementOperations = {
  content: defineQuery({
    rest: { method: 'get', path: '/api/entitlements/content/{id}' },
    summary: 'Whether the caller may open a content item: OPEN for everyone; other access types by the rules of domain/content/README.md (never more open than its parents); none without a session. The reads answer `locked` by the same rules',
    tags: ['entitlements'],
    input: z.object({ id: requiredParam(CONTENT_ID_REQUIRED) }),
    output: z.object({ hasAccess: z.boolean() }),
    handler: async (input, ctx) => contentAccess(ctx.deps.content, await ctx.actor(), input.id),
  }),
};
