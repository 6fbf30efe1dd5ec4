/**
 * A member's progress (spec 002 §3, §5 Progress): recorded and read by the member only
 * (content.progress). Content and media must be visible to the member; writes are merges that two
 * tabs can make at once (application/ports/content-progress.ts).
 */
import { requirePermission, type Actor } from '../../domain/auth/actor';
import { impliedStatus, type ContentProgress, type VideoProgress } from '../../domain/content/progress';
import type { ContentProgressInput, VideoProgressInput } from '../../domain/content/schemas';
import { notFound } from '../../domain/shared/errors';
import type { ProgressQuery } from '../ports/content-progress';
import { familyOf, isVisible } from './access';
import type { ContentDeps } from './deps';
import { mediaById } from './media';
import { visibleStatuses } from './visibility';

type Deps = Pick<ContentDeps, 'content' | 'progress' | 'media' | 'clock' | 'access'>;

/** Progress is recorded and read only on content the member sees (a draft book's chapter is not found). */
async function visibleContent(d: Deps, actor: Actor, contentId: string) {
  const item = await d.content.byId(contentId);
  if (!item || !isVisible(actor, item, await familyOf(d, [item]))) throw notFound('Content');
  return item;
}

export async function recordContentProgress(d: Deps, actor: Actor | null, input: ContentProgressInput): Promise<ContentProgress> {
  const member = requirePermission(actor, 'content.progress');
  await visibleContent(d, member, input.contentId);
  const { contentId, ...change } = input;
  return d.progress.recordContent(member.userId, contentId, { ...change, impliedStatus: impliedStatus(change) }, d.clock.now());
}

export async function contentProgressOf(d: Deps, actor: Actor | null, contentId: string): Promise<ContentProgress | null> {
  const member = requirePermission(actor, 'content.progress');
  await visibleContent(d, member, contentId);
  return d.progress.contentProgress(member.userId, contentId);
}

/**
 * The member's progress, most recent first ("continue where you left off"), with what each item is.
 * Content unpublished since it was read (or whose parent was) drops out of the list and its total.
 */
export async function listProgress(d: Deps, actor: Actor | null, query: ProgressQuery) {
  const member = requirePermission(actor, 'content.progress');
  const { items, total } = await d.progress.listContent(member.userId, query, visibleStatuses(member));
  return { items, total, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit) };
}

export async function recordVideoProgress(d: Deps, actor: Actor | null, input: VideoProgressInput): Promise<VideoProgress> {
  const member = requirePermission(actor, 'content.progress');
  await mediaById(d, member, input.mediaAssetId);
  return d.progress.recordVideo(member.userId, input.mediaAssetId, input, d.clock.now());
}

export async function videoProgressOf(d: Deps, actor: Actor | null, mediaAssetId: string): Promise<VideoProgress | null> {
  const member = requirePermission(actor, 'content.progress');
  await mediaById(d, member, mediaAssetId);
  return d.progress.videoProgress(member.userId, mediaAssetId);
}
