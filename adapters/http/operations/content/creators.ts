/** Creators on the books pattern (spec 002 §3, §5 Creator): public reads; content editors manage them. */
import { z } from 'zod';
import { contentOfCreator, createCreator, creatorById, creatorBySlug, deleteCreator, listCreators, updateCreator } from '../../../../application/content/creators';
import { creatorListSchema, creatorSaveSchema, limitSchema, pageSchema, requiredParam } from '../../../../domain/content/schemas';
import { defineMutation, defineQuery } from '../../operation';
import { contentRecordSchema, creatorOut, creatorSchema, recordOut } from './content-views';

const tags = ['creators'];
const id = requiredParam('Creator ID is required');
const slug = requiredParam('Creator slug is required');
const listInput = creatorListSchema;
const listOutput = z.object({ creators: z.array(creatorSchema), total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() });

const list = (path: string) =>
  defineQuery({
    rest: { method: 'get', path },
    summary: 'Creators, by name (search, featured; page size 10)',
    tags,
    input: listInput,
    output: listOutput,
    handler: async (input, ctx) => {
      const result = await listCreators(ctx.deps.content, input);
      return { ...result, creators: result.items.map(creatorOut) };
    },
  });

export const creatorOperations = {
  list: list('/api/creators'),
  listPage: list('/api/creators/list'),
  byId: defineQuery({
    rest: { method: 'get', path: '/api/creators/id/{id}' },
    summary: 'One creator by id',
    tags,
    input: z.object({ id }),
    output: z.object({ creator: creatorSchema }),
    handler: async (input, ctx) => ({ creator: creatorOut(await creatorById(ctx.deps.content, input.id)) }),
  }),
  bySlug: defineQuery({
    rest: { method: 'get', path: '/api/creators/{slug}' },
    summary: 'One creator by slug',
    tags,
    input: z.object({ slug }),
    output: z.object({ creator: creatorSchema }),
    handler: async (input, ctx) => ({ creator: creatorOut(await creatorBySlug(ctx.deps.content, input.slug)) }),
  }),
  content: defineQuery({
    rest: { method: 'get', path: '/api/creators/{slug}/content' },
    summary: "The content a creator is credited on (published only, unless you edit content)",
    tags,
    input: z.object({ slug, page: pageSchema, limit: limitSchema(10, 100) }),
    output: z.object({ creator: creatorSchema, content: z.array(contentRecordSchema), total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() }),
    handler: async (input, ctx) => {
      const result = await contentOfCreator(ctx.deps.content, await ctx.actor(), input.slug, input.page, input.limit);
      return { creator: creatorOut(result.creator), content: result.items.map(recordOut), total: result.total, page: input.page, limit: input.limit, totalPages: Math.ceil(result.total / input.limit) };
    },
  }),
  create: defineMutation({
    rest: { method: 'post', path: '/api/creators', successStatus: 201 },
    summary: 'Create a creator (content.edit); the slug defaults to one made from the name',
    tags,
    permission: 'content.edit',
    input: creatorSaveSchema('create'),
    output: z.object({ creator: creatorSchema }),
    handler: async (input, ctx) => ({ creator: creatorOut(await createCreator(ctx.deps.content, await ctx.actor(), input)) }),
  }),
  update: defineMutation({
    rest: { method: 'patch', path: '/api/creators/id/{id}' },
    summary: 'Change a creator: only the fields sent (content.edit)',
    tags,
    permission: 'content.edit',
    input: creatorSaveSchema('update').extend({ id }),
    output: z.object({ creator: creatorSchema }),
    handler: async ({ id: creatorId, ...input }, ctx) => ({ creator: creatorOut(await updateCreator(ctx.deps.content, await ctx.actor(), creatorId, input)) }),
  }),
  delete: defineMutation({
    rest: { method: 'delete', path: '/api/creators/id/{id}' },
    summary: 'Delete a creator; their credits go with them (content.edit)',
    tags,
    permission: 'content.edit',
    input: z.object({ id }),
    output: z.object({ id: z.string() }),
    handler: async (input, ctx) => {
      await deleteCreator(ctx.deps.content, await ctx.actor(), input.id);
      return { id: input.id };
    },
  }),
};
