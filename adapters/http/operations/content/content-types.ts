/**
 * The other content types (issue 6 §6), on the books pattern: `/api/{plural}` (catalogue query,
 * published only by default), `/api/{plural}/list` (search, paging, filter[x]), `/id/{id}`,
 * `/{slug}`, a parent's children (`/api/courses/{slug}/lessons`), and create, change and delete.
 * One factory, so every type answers the same way; each type's fields and rules are its own
 * (domain/content/details.ts).
 */
import { z } from 'zod';
import { childrenOf, contentById, contentBySlug, listContent } from '../../../../application/content/read';
import { createContent, deleteContent, updateContent } from '../../../../application/content/save';
import type { ChildKind } from '../../../../application/ports/content-repository';
import { TYPE_LABELS, type ContentType } from '../../../../domain/content/constants';
import { catalogQuerySchema, contentListQuerySchemaFor, contentSaveSchema, includeRelationsSchema, requiredParam, type ContentSaveInput } from '../../../../domain/content/schemas';
import { defineMutation, defineQuery } from '../../operation';
import { contentItemSchema, itemOut } from './content-views';

interface ChildRoute {
  segment: string;
  kind: ChildKind;
  childType: ContentType | undefined;
}

function typeOperations<T extends ContentType>(type: T, plural: string) {
  const label = TYPE_LABELS[type];
  const tags = [plural];
  const item = contentItemSchema(type);
  const id = requiredParam(`${label} ID is required`);
  const slug = requiredParam(`${label} slug is required`);
  const listOutput = z.object({ items: z.array(item), total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() });
  const base = `/api/${plural}`;

  const operations = {
    list: defineQuery({
      rest: { method: 'get', path: base },
      summary: `${label} items: published ones unless asked otherwise (page size 10)`,
      tags,
      input: catalogQuerySchema(10, type),
      output: listOutput,
      handler: async (input, ctx) => {
        const { search, page, limit, includeRelations, sort, ...filter } = input;
        const list = await listContent(ctx.deps.content, await ctx.actor(), type, { filter, search, page, limit, includeRelations, sort });
        return { ...list, items: list.items.map(itemOut) };
      },
    }),
    listPage: defineQuery({
      rest: { method: 'get', path: `${base}/list` },
      summary: `A page of ${label.toLowerCase()} items with search and filter[x]; editors see every status`,
      tags,
      input: contentListQuerySchemaFor(type),
      output: listOutput,
      handler: async (input, ctx) => {
        const list = await listContent(ctx.deps.content, await ctx.actor(), type, input);
        return { ...list, items: list.items.map(itemOut) };
      },
    }),
    byId: defineQuery({
      rest: { method: 'get', path: `${base}/id/{id}` },
      summary: `One ${label.toLowerCase()} by id`,
      tags,
      input: z.object({ id, includeRelations: includeRelationsSchema }),
      output: z.object({ item }),
      handler: async (input, ctx) => ({ item: itemOut(await contentById(ctx.deps.content, await ctx.actor(), type, input.id, input.includeRelations)) }),
    }),
    bySlug: defineQuery({
      rest: { method: 'get', path: `${base}/{slug}` },
      summary: `One ${label.toLowerCase()} by slug`,
      tags,
      input: z.object({ slug, includeRelations: includeRelationsSchema }),
      output: z.object({ item }),
      handler: async (input, ctx) => ({ item: itemOut(await contentBySlug(ctx.deps.content, await ctx.actor(), type, input.slug, input.includeRelations)) }),
    }),
    create: defineMutation({
      rest: { method: 'post', path: base, successStatus: 201 },
      summary: `Create a ${label.toLowerCase()} (content.edit; creating it PUBLISHED needs content.publish)`,
      tags,
      permission: 'content.edit',
      input: contentSaveSchema(type, 'create'),
      output: z.object({ item }),
      handler: async (input, ctx) => ({ item: itemOut({ item: await createContent(ctx.deps.content, await ctx.actor(), type, input as ContentSaveInput), locked: false }) }),
    }),
    update: defineMutation({
      rest: { method: 'patch', path: `${base}/id/{id}` },
      summary: `Change a ${label.toLowerCase()}: only the fields sent`,
      tags,
      permission: 'content.edit',
      input: contentSaveSchema(type, 'update').extend({ id }),
      output: z.object({ item }),
      handler: async ({ id: itemId, ...input }, ctx) => ({ item: itemOut({ item: await updateContent(ctx.deps.content, await ctx.actor(), type, itemId, input as ContentSaveInput), locked: false }) }),
    }),
    delete: defineMutation({
      rest: { method: 'delete', path: `${base}/id/{id}` },
      summary: `Delete a ${label.toLowerCase()}`,
      tags,
      permission: 'content.edit',
      input: z.object({ id }),
      output: z.object({ id: z.string() }),
      handler: async (input, ctx) => {
        await deleteContent(ctx.deps.content, await ctx.actor(), type, input.id);
        return { id: input.id };
      },
    }),
  };
  return operations;
}

/** A parent's children in full, in order (`/api/courses/{slug}/lessons`); its own factory, so the client's types see it. */
function childOperations<T extends ContentType>(type: T, plural: string, child: ChildRoute) {
  const label = TYPE_LABELS[type];
  const slug = requiredParam(`${label} slug is required`);
  const childItem = child.childType ? contentItemSchema(child.childType) : z.record(z.string(), z.unknown());
  return {
    children: defineQuery({
      rest: { method: 'get', path: `/api/${plural}/{slug}/${child.segment}` },
      summary: `The ${child.segment} of a ${label.toLowerCase()}, in order`,
      tags: [plural],
      input: z.object({ slug }),
      output: z.object({ items: z.array(childItem) }),
      handler: async (input, ctx) => {
        const { items } = await childrenOf(ctx.deps.content, await ctx.actor(), type, input.slug, child.kind);
        return { items: items.map(itemOut) };
      },
    }),
  };
}

export const chapterOperations = typeOperations('CHAPTER', 'chapters');
export const essayOperations = typeOperations('ESSAY', 'essays');
export const excerptOperations = typeOperations('EXCERPT', 'excerpts');
export const lexiconTermOperations = { ...typeOperations('LEXICON_TERM', 'lexicon-terms'), ...childOperations('LEXICON_TERM', 'lexicon-terms', { segment: 'excerpts', kind: 'termExcerpts', childType: 'EXCERPT' }) };
export const courseOperations = { ...typeOperations('COURSE', 'courses'), ...childOperations('COURSE', 'courses', { segment: 'lessons', kind: 'lessons', childType: 'LESSON' }) };
export const lessonOperations = typeOperations('LESSON', 'lessons');
export const playlistOperations = { ...typeOperations('PLAYLIST', 'playlists'), ...childOperations('PLAYLIST', 'playlists', { segment: 'lectures', kind: 'lectures', childType: 'LECTURE' }) };
export const lectureOperations = typeOperations('LECTURE', 'lectures');
export const interviewOperations = typeOperations('INTERVIEW', 'interviews');
export const clipOperations = typeOperations('CLIP', 'clips');
export const artifactOperations = typeOperations('ARTIFACT', 'artifacts');
export const discussionOperations = { ...typeOperations('DISCUSSION', 'discussions'), ...childOperations('DISCUSSION', 'discussions', { segment: 'essays', kind: 'discussionEssays', childType: 'ESSAY' }) };
export const trackOperations = { ...typeOperations('TRACK', 'tracks'), ...childOperations('TRACK', 'tracks', { segment: 'items', kind: 'trackItems', childType: undefined }) };
