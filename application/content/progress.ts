/**
 * A member's progress (spec 002 §3, §5 Progress): recorded and read by the member only
 * (content.progress). Content and media must be visible to the member; writes are merges that two
 * tabs can make at once (application/ports/content-progress.ts).
 */
import { requirePermission, type Actor } from '../../domain/auth/actor';
import type { ContentSummary } from '../../domain/content/model';
import { impliedStatus, type ContentProgress, type VideoProgress } from '../../domain/content/progress';
import type { ContentProgressInput, VideoProgressInput } from '../../domain/content/schemas';
import { notFound } from '../../domain/shared/errors';
import type { ProgressQuery } from '../ports/content-progress';
import type { ContentDeps } from './deps';
import { mediaById } from './media';
import { seesDrafts } from './visibility';

type Deps = Pick<ContentDeps, 'content' | 'progress' | 'media' | 'clock'>;

async function visibleContent(d: Deps, actor: Actor, contentId: string) {
  const item = await d.content.byId(contentId);
  if (!item || (!item.published && !seesDrafts(actor))) throw notFound('Content');
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

export interface ProgressEntry {
  progress: ContentProgress;
  content: Omit<ContentSummary, 'orderIndex'>;
}

/** The member's progress, most recent first ("continue where you left off"), with what each item is. */
export async function listProgress(d: Deps, actor: Actor | null, query: ProgressQuery) {
  const member = requirePermission(actor, 'content.progress');
  const { items, total } = await d.progress.listContent(member.userId, query);
  const entries: ProgressEntry[] = [];
  for (const progress of items) {
    const c = await d.content.byId(progress.contentId);
    // Content unpublished since it was read drops out of the member's list.
    if (!c || (!c.published && !seesDrafts(member))) continue;
    entries.push({ progress, content: { id: c.id, type: c.type, slug: c.slug, title: c.title, subtitle: c.subtitle, description: c.description, coverImage: c.coverImage, status: c.status, published: c.published, accessType: c.accessType } });
  }
  return { items: entries, total, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit) };
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
