/**
 * Where a member picks up an item again. Pure, so the rules are tested without a browser.
 *
 * - Progress recorded by the player carries the asset it was watching (`metadata.mediaAssetId`):
 *   resume goes back to that video at /watch/:id.
 * - Chapters and essays open in the reader (/read/chapters/:slug, /read/essays/:slug), which
 *   scrolls back to the saved position itself.
 * - Anything else opens its library page (routes agreed with the library client).
 */
import type { ContentType } from '../../../../domain/content/constants';
import { libraryPath, readerPath, watchPath } from '../content/paths';

// Defined once in lib/content/paths.ts; the reader and the player import them from here.
export { libraryPath, readerPath, watchPath };

/** The id of the video a progress entry was recorded from, if the player recorded it. */
export function watchedAsset(metadata: Record<string, unknown> | null | undefined): string | null {
  const id = metadata?.mediaAssetId;
  return typeof id === 'string' && id.trim() !== '' ? id : null;
}

export interface ResumableEntry {
  metadata: Record<string, unknown>;
  content: { type: ContentType; slug: string };
}

export function resumePath(entry: ResumableEntry): string {
  const asset = watchedAsset(entry.metadata);
  if (asset) return watchPath(asset);
  const { type, slug } = entry.content;
  if (type === 'CHAPTER' || type === 'ESSAY') return readerPath(type, slug);
  return libraryPath(type, slug);
}

/** "Read" or "Watch": what the member does next, for the link's label. */
export const resumeVerb = (entry: ResumableEntry) => (watchedAsset(entry.metadata) ? 'Watch' : entry.content.type === 'CHAPTER' || entry.content.type === 'ESSAY' ? 'Read' : 'Open');

/** A whole-number percentage between 0 and 100 for display. */
export const shownPercentage = (percentage: number) => Math.min(100, Math.max(0, Math.round(percentage)));
