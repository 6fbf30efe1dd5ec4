/**
 * A member's progress (spec 002 §3, §5 Progress; issue 6 §7). The spec names no paths; these are
 * ours (domain/content/README.md). Every write is a merge, safe from two tabs at once.
 */
import { z } from 'zod';
import { contentProgressOf, listProgress, recordContentProgress, recordVideoProgress, videoProgressOf } from '../../../../application/content/progress';
import { PROGRESS_STATUSES } from '../../../../domain/content/constants';
import type { ContentProgress, VideoProgress } from '../../../../domain/content/progress';
import { CONTENT_ID_REQUIRED, contentProgressSchema, progressListSchema, requiredParam, videoProgressSchema } from '../../../../domain/content/schemas';
import { MEDIA_ID_REQUIRED } from '../../../../domain/media/schemas';
import { defineMutation, defineQuery } from '../../operation';
import { contentSummarySchema } from './content-views';

const tags = ['progress'];

const contentProgressOut = z.object({
  contentId: z.string(),
  status: z.enum(PROGRESS_STATUSES),
  percentage: z.number(),
  position: z.number(),
  duration: z.number().nullable(),
  totalTimeSpent: z.number(),
  sessionCount: z.number(),
  rating: z.number().nullable(),
  isFavorited: z.boolean(),
  isBookmarked: z.boolean(),
  wasDismissed: z.boolean(),
  discoverySource: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  lastAccessedAt: z.string(),
  updatedAt: z.string(),
});
const videoProgressOut = z.object({ mediaAssetId: z.string(), position: z.number(), duration: z.number(), completed: z.boolean(), lastWatchedAt: z.string() });

const progressOut = (p: ContentProgress) => ({
  ...p,
  startedAt: p.startedAt.toISOString(),
  completedAt: p.completedAt?.toISOString() ?? null,
  lastAccessedAt: p.lastAccessedAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
const videoOut = (p: VideoProgress) => ({ ...p, lastWatchedAt: p.lastWatchedAt.toISOString() });

export const progressOperations = {
  list: defineQuery({
    rest: { method: 'get', path: '/api/progress' },
    summary: "The signed-in member's progress, most recent first (page 1 and limit 20 by default, at most 100)",
    tags,
    permission: 'content.progress',
    input: progressListSchema,
    output: z.object({ progress: z.array(contentProgressOut.extend({ content: contentSummarySchema.omit({ orderIndex: true }) })), total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() }),
    handler: async (input, ctx) => {
      const result = await listProgress(ctx.deps.content, await ctx.actor(), input);
      return { ...result, progress: result.items.map((e) => ({ ...progressOut(e.progress), content: e.content })) };
    },
  }),

  recordContent: defineMutation({
    rest: { method: 'post', path: '/api/progress/content' },
    summary: 'Record progress on content: position, percentage, duration, time spent (added), session, rating, favorite, bookmark, dismissal',
    tags,
    permission: 'content.progress',
    input: contentProgressSchema,
    output: z.object({ progress: contentProgressOut }),
    handler: async (input, ctx) => ({ progress: progressOut(await recordContentProgress(ctx.deps.content, await ctx.actor(), input)) }),
  }),

  content: defineQuery({
    rest: { method: 'get', path: '/api/progress/content/{contentId}' },
    summary: "The signed-in member's progress on one content item (null before any)",
    tags,
    permission: 'content.progress',
    input: z.object({ contentId: requiredParam(CONTENT_ID_REQUIRED) }),
    output: z.object({ progress: contentProgressOut.nullable() }),
    handler: async (input, ctx) => {
      const progress = await contentProgressOf(ctx.deps.content, await ctx.actor(), input.contentId);
      return { progress: progress ? progressOut(progress) : null };
    },
  }),

  recordVideo: defineMutation({
    rest: { method: 'post', path: '/api/progress/video' },
    summary: 'Record video progress (mediaAssetId, position, duration, completed; completed at 95% when not sent)',
    tags,
    permission: 'content.progress',
    input: videoProgressSchema,
    output: z.object({ videoProgress: videoProgressOut }),
    handler: async (input, ctx) => ({ videoProgress: videoOut(await recordVideoProgress(ctx.deps.content, await ctx.actor(), input)) }),
  }),

  video: defineQuery({
    rest: { method: 'get', path: '/api/progress/video/{mediaAssetId}' },
    summary: "The signed-in member's progress on one video (null before any)",
    tags,
    permission: 'content.progress',
    input: z.object({ mediaAssetId: requiredParam(MEDIA_ID_REQUIRED) }),
    output: z.object({ videoProgress: videoProgressOut.nullable() }),
    handler: async (input, ctx) => {
      const progress = await videoProgressOf(ctx.deps.content, await ctx.actor(), input.mediaAssetId);
      return { videoProgress: progress ? videoOut(progress) : null };
    },
  }),
};
