/** The media library at the spec's paths (spec 001 §7 Media). */
import { z } from 'zod';
import { associateMedia, createMedia, deleteMedia, disassociateMedia, listMedia, listMediaWithProgress, mediaById, mediaOfContent, mediaWithProgress, updateMedia, type MediaWithProgress } from '../../../../application/content/media';
import { CONTENT_ID_REQUIRED, requiredParam } from '../../../../domain/content/schemas';
import { MEDIA_ID_REQUIRED, mediaListSchema, mediaSaveSchema } from '../../../../domain/media/schemas';
import { defineMutation, defineQuery } from '../../operation';
import { mediaAssetSchema, mediaOut } from './content-views';

const tags = ['media'];
const mediaId = requiredParam(MEDIA_ID_REQUIRED);
const contentId = requiredParam(CONTENT_ID_REQUIRED);
const page = { total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() };
const listOutput = z.object({ mediaAssets: z.array(mediaAssetSchema), ...page });
const videoProgressSchema = z.object({ position: z.number(), duration: z.number(), completed: z.boolean(), lastWatchedAt: z.string() });
const withProgressSchema = mediaAssetSchema.extend({ videoProgress: z.array(videoProgressSchema) });
const withProgressOut = ({ asset, videoProgress }: MediaWithProgress) => ({
  ...mediaOut(asset),
  videoProgress: videoProgress.map((p) => ({ ...p, lastWatchedAt: p.lastWatchedAt.toISOString() })),
});

const list = (path: string, summary: string) =>
  defineQuery({
    rest: { method: 'get', path },
    summary,
    description:
      'Filters: type (VIDEO, IMAGE, AUDIO, DOCUMENT), contentId, search (caption and alt text); page size 10 by default, at most 100. Members and visitors see assets of published content only; of content they may not open, an asset is `locked` and its url, stream ids, download options, transcript and subtitles are null.',
    tags,
    input: mediaListSchema,
    output: listOutput,
    handler: async (input, ctx) => {
      const result = await listMedia(ctx.deps.content, await ctx.actor(), input);
      return { ...result, mediaAssets: result.items.map(mediaOut) };
    },
  });

export const mediaOperations = {
  list: list('/api/media', 'Media assets, filtered by type and content'),
  listPage: list('/api/media/list', 'A page of media assets (the admin list)'),

  withProgress: defineQuery({
    rest: { method: 'get', path: '/api/media/with-progress' },
    summary: "Media assets with the signed-in member's video progress (position, duration, completed, lastWatchedAt)",
    tags,
    signedIn: true,
    input: mediaListSchema,
    output: z.object({ mediaAssets: z.array(withProgressSchema), ...page }),
    handler: async (input, ctx) => {
      const result = await listMediaWithProgress(ctx.deps.content, await ctx.actor(), input);
      return { ...result, mediaAssets: result.items.map(withProgressOut) };
    },
  }),

  byContent: defineQuery({
    rest: { method: 'get', path: '/api/media/content/{contentId}' },
    summary: 'The media assets of one content item',
    tags,
    input: z.object({ contentId }),
    output: z.object({ mediaAssets: z.array(mediaAssetSchema) }),
    handler: async (input, ctx) => ({ mediaAssets: (await mediaOfContent(ctx.deps.content, await ctx.actor(), input.contentId)).map(mediaOut) }),
  }),

  byId: defineQuery({
    rest: { method: 'get', path: '/api/media/{id}' },
    summary: 'One media asset',
    tags,
    input: z.object({ id: mediaId }),
    output: z.object({ mediaAsset: mediaAssetSchema }),
    handler: async (input, ctx) => ({ mediaAsset: mediaOut(await mediaById(ctx.deps.content, await ctx.actor(), input.id)) }),
  }),

  byIdWithProgress: defineQuery({
    rest: { method: 'get', path: '/api/media/{id}/with-progress' },
    summary: "One media asset with the signed-in member's video progress",
    tags,
    signedIn: true,
    input: z.object({ id: mediaId }),
    output: z.object({ mediaAsset: withProgressSchema }),
    handler: async (input, ctx) => ({ mediaAsset: withProgressOut(await mediaWithProgress(ctx.deps.content, await ctx.actor(), input.id)) }),
  }),

  create: defineMutation({
    rest: { method: 'post', path: '/api/media', successStatus: 201 },
    summary: 'Create a media asset (media.manage); downloadOptions and subtitles as JSON',
    tags,
    permission: 'media.manage',
    input: mediaSaveSchema('create'),
    output: z.object({ mediaAsset: mediaAssetSchema }),
    handler: async (input, ctx) => ({ mediaAsset: mediaOut(await createMedia(ctx.deps.content, await ctx.actor(), input)) }),
  }),

  update: defineMutation({
    rest: { method: 'patch', path: '/api/media/{id}' },
    summary: 'Change a media asset: only the fields sent (id, content, videoProgress, createdAt and updatedAt are dropped)',
    tags,
    permission: 'media.manage',
    input: mediaSaveSchema('update').extend({ id: mediaId }),
    output: z.object({ mediaAsset: mediaAssetSchema }),
    handler: async (input, ctx) => {
      const { id, ...fields } = input as { id: string } & Record<string, unknown>;
      return { mediaAsset: mediaOut(await updateMedia(ctx.deps.content, await ctx.actor(), id, fields)) };
    },
  }),

  delete: defineMutation({
    rest: { method: 'delete', path: '/api/media/{id}' },
    summary: 'Delete a media asset (media.manage)',
    tags,
    permission: 'media.manage',
    input: z.object({ id: mediaId }),
    output: z.object({ id: z.string() }),
    handler: async (input, ctx) => {
      await deleteMedia(ctx.deps.content, await ctx.actor(), input.id);
      return { id: input.id };
    },
  }),

  associate: defineMutation({
    rest: { method: 'patch', path: '/api/media/{mediaAssetId}/content/{contentId}' },
    summary: 'Attach a media asset to a content item (media.manage)',
    tags,
    permission: 'media.manage',
    input: z.object({ mediaAssetId: mediaId, contentId }),
    output: z.object({ mediaAsset: mediaAssetSchema }),
    handler: async (input, ctx) => ({ mediaAsset: mediaOut(await associateMedia(ctx.deps.content, await ctx.actor(), input.mediaAssetId, input.contentId)) }),
  }),

  disassociate: defineMutation({
    rest: { method: 'delete', path: '/api/media/{mediaAssetId}/content' },
    summary: 'Detach a media asset from its content item (media.manage)',
    tags,
    permission: 'media.manage',
    input: z.object({ mediaAssetId: mediaId }),
    output: z.object({ mediaAsset: mediaAssetSchema }),
    handler: async (input, ctx) => ({ mediaAsset: mediaOut(await disassociateMedia(ctx.deps.content, await ctx.actor(), input.mediaAssetId)) }),
  }),
};
