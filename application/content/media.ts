/**
 * Media assets (spec 001 §7 Media). Managing them needs media.manage. Reading: an asset attached to
 * content the public sees (published, with published parents) is public; an unattached asset, or
 * one on content the caller may not see, is seen only by those who manage media or edit content
 * (others get "not found"). What plays it (its address, streams, downloads, transcript, subtitles)
 * is withheld, with `locked`, from a caller the access check does not let into its content
 * (access.ts). The `with-progress` reads add the signed-in member's own video progress.
 */
import { can, requireActor, requirePermission, type Actor } from '../../domain/auth/actor';
import type { ContentItem } from '../../domain/content/model';
import { mediaDefaults, mediaWithoutBody, type MediaAsset, type MediaListQuery, type MediaSaveInput } from '../../domain/media/schemas';
import { notFound } from '../../domain/shared/errors';
import type { VideoProgressView } from '../ports/content-media';
import { accessTo, familyOf, isVisible } from './access';
import type { ContentDeps } from './deps';

type Deps = Pick<ContentDeps, 'media' | 'content' | 'clock' | 'access'>;

/** An asset as the caller is shown it. */
export type MediaView = MediaAsset & { locked: boolean };

export const mediaView = (asset: MediaAsset, locked: boolean): MediaView => (locked ? { ...mediaWithoutBody(asset), locked } : { ...asset, locked });

export interface MediaWithProgress {
  asset: MediaView;
  videoProgress: VideoProgressView[];
}

const seesAllMedia = (actor: Actor | null) => can(actor, 'media.manage') || can(actor, 'content.edit');

/**
 * The assets as the caller is shown them, with the content each belongs to loaded at once: those
 * the caller may not see are left out; the rest are locked when their content is.
 */
async function shown(d: Deps, actor: Actor | null, assets: readonly MediaAsset[]): Promise<MediaView[]> {
  const contents = await d.content.byIds([...new Set(assets.flatMap((a) => a.contentId ?? []))]);
  const family = await familyOf(d, contents);
  const access = await accessTo(d, actor, contents, family);
  const byId = new Map<string, ContentItem>(contents.map((c) => [c.id, c]));
  return assets.flatMap((asset) => {
    const content = asset.contentId ? byId.get(asset.contentId) : undefined;
    if (!content) return seesAllMedia(actor) ? [mediaView(asset, false)] : [];
    if (!seesAllMedia(actor) && !isVisible(actor, content, family)) return [];
    return [mediaView(asset, !access.get(content.id))];
  });
}

export async function listMedia(d: Deps, actor: Actor | null, query: MediaListQuery) {
  const { items, total } = await d.media.list({ ...query, publishedOnly: !seesAllMedia(actor) });
  return { items: await shown(d, actor, items), total, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit) };
}

export async function mediaById(d: Deps, actor: Actor | null, id: string): Promise<MediaView> {
  const asset = await d.media.byId(id);
  const [view] = asset ? await shown(d, actor, [asset]) : [];
  if (!view) throw notFound('Media asset');
  return view;
}

export async function mediaOfContent(d: Deps, actor: Actor | null, contentId: string): Promise<MediaView[]> {
  const content = await d.content.byId(contentId);
  if (!content) throw notFound('Content');
  const family = await familyOf(d, [content]);
  if (!seesAllMedia(actor) && !isVisible(actor, content, family)) throw notFound('Content');
  const locked = !(await accessTo(d, actor, [content], family)).get(content.id);
  return (await d.media.byContent(contentId)).map((asset) => mediaView(asset, locked));
}

async function withProgress(d: Deps, actor: Actor, assets: MediaView[]): Promise<MediaWithProgress[]> {
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

/** Writes answer the asset whole: those who manage media see every part of it. */
export async function createMedia(d: Deps, actor: Actor | null, input: MediaSaveInput): Promise<MediaView> {
  requirePermission(actor, 'media.manage');
  await requireContent(d, input.contentId);
  return mediaView(await d.media.create({ ...mediaDefaults(), ...input }, d.clock.now()), false);
}

export async function updateMedia(d: Deps, actor: Actor | null, id: string, input: MediaSaveInput): Promise<MediaView> {
  requirePermission(actor, 'media.manage');
  await requireContent(d, input.contentId);
  const asset = await d.media.update(id, input, d.clock.now());
  if (!asset) throw notFound('Media asset');
  return mediaView(asset, false);
}

export async function deleteMedia(d: Deps, actor: Actor | null, id: string): Promise<void> {
  requirePermission(actor, 'media.manage');
  if (!(await d.media.delete(id))) throw notFound('Media asset');
}

export async function associateMedia(d: Deps, actor: Actor | null, id: string, contentId: string): Promise<MediaView> {
  requirePermission(actor, 'media.manage');
  if (!(await d.content.byId(contentId))) throw notFound('Content');
  const asset = await d.media.setContent(id, contentId, d.clock.now());
  if (!asset) throw notFound('Media asset');
  return mediaView(asset, false);
}

export async function disassociateMedia(d: Deps, actor: Actor | null, id: string): Promise<MediaView> {
  requirePermission(actor, 'media.manage');
  const asset = await d.media.setContent(id, null, d.clock.now());
  if (!asset) throw notFound('Media asset');
  return mediaView(asset, false);
}
