/**
 * Media assets (spec 001 §7 Media). Managing them needs media.manage. Reading: an asset attached to
 * PUBLISHED content is public; an unattached asset, or one on unpublished content, is seen only by
 * those who manage media or edit content (others get "not found"). The `with-progress` reads add
 * the signed-in member's own video progress.
 */
import { can, requireActor, requirePermission, type Actor } from '../../domain/auth/actor';
import { mediaDefaults, type MediaAsset, type MediaListQuery, type MediaSaveInput } from '../../domain/media/schemas';
import { notFound } from '../../domain/shared/errors';
import type { VideoProgressView } from '../ports/content-media';
import type { ContentDeps } from './deps';

type Deps = Pick<ContentDeps, 'media' | 'content' | 'clock'>;

export interface MediaWithProgress {
  asset: MediaAsset;
  videoProgress: VideoProgressView[];
}

const seesAllMedia = (actor: Actor | null) => can(actor, 'media.manage') || can(actor, 'content.edit');

async function visible(d: Deps, actor: Actor | null, asset: MediaAsset | null): Promise<MediaAsset> {
  if (!asset) throw notFound('Media asset');
  if (seesAllMedia(actor)) return asset;
  const content = asset.contentId ? await d.content.byId(asset.contentId) : null;
  if (!content || !content.published) throw notFound('Media asset');
  return asset;
}

export async function listMedia(d: Deps, actor: Actor | null, query: MediaListQuery) {
  const { items, total } = await d.media.list({ ...query, publishedOnly: !seesAllMedia(actor) });
  return { items, total, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit) };
}

export const mediaById = async (d: Deps, actor: Actor | null, id: string) => visible(d, actor, await d.media.byId(id));

export async function mediaOfContent(d: Deps, actor: Actor | null, contentId: string): Promise<MediaAsset[]> {
  const content = await d.content.byId(contentId);
  if (!content || (!content.published && !seesAllMedia(actor))) throw notFound('Content');
  return d.media.byContent(contentId);
}

async function withProgress(d: Deps, actor: Actor, assets: MediaAsset[]): Promise<MediaWithProgress[]> {
  const progress = await d.media.videoProgressOf(actor.userId, assets.map((a) => a.id));
  return assets.map((asset) => ({ asset, videoProgress: progress.has(asset.id) ? [progress.get(asset.id)!] : [] }));
}

export async function listMediaWithProgress(d: Deps, actor: Actor | null, query: MediaListQuery) {
  const member = requireActor(actor);
  const list = await listMedia(d, member, query);
  return { ...list, items: await withProgress(d, member, list.items) };
}

export async function mediaWithProgress(d: Deps, actor: Actor | null, id: string): Promise<MediaWithProgress> {
  const member = requireActor(actor);
  return (await withProgress(d, member, [await mediaById(d, member, id)]))[0]!;
}

async function requireContent(d: Deps, contentId: unknown) {
  if (typeof contentId === 'string' && !(await d.content.byId(contentId))) throw notFound('Content');
}

export async function createMedia(d: Deps, actor: Actor | null, input: MediaSaveInput): Promise<MediaAsset> {
  requirePermission(actor, 'media.manage');
  await requireContent(d, input.contentId);
  return d.media.create({ ...mediaDefaults(), ...input }, d.clock.now());
}

export async function updateMedia(d: Deps, actor: Actor | null, id: string, input: MediaSaveInput): Promise<MediaAsset> {
  requirePermission(actor, 'media.manage');
  await requireContent(d, input.contentId);
  const asset = await d.media.update(id, input, d.clock.now());
  if (!asset) throw notFound('Media asset');
  return asset;
}

export async function deleteMedia(d: Deps, actor: Actor | null, id: string): Promise<void> {
  requirePermission(actor, 'media.manage');
  if (!(await d.media.delete(id))) throw notFound('Media asset');
}

export async function associateMedia(d: Deps, actor: Actor | null, id: string, contentId: string): Promise<MediaAsset> {
  requirePermission(actor, 'media.manage');
  if (!(await d.content.byId(contentId))) throw notFound('Content');
  const asset = await d.media.setContent(id, contentId, d.clock.now());
  if (!asset) throw notFound('Media asset');
  return asset;
}

export async function disassociateMedia(d: Deps, actor: Actor | null, id: string): Promise<MediaAsset> {
  requirePermission(actor, 'media.manage');
  const asset = await d.media.setContent(id, null, d.clock.now());
  if (!asset) throw notFound('Media asset');
  return asset;
}
