import type { MediaAsset, MediaListQuery } from '../../domain/media/schemas';

export interface VideoProgressView {
  position: number;
  duration: number;
  completed: boolean;
  lastWatchedAt: Date;
}

export interface MediaAssetRepository {
  create(fields: Record<string, unknown>, now: Date): Promise<MediaAsset>;
  update(id: string, patch: Record<string, unknown>, now: Date): Promise<MediaAsset | null>;
  delete(id: string): Promise<boolean>;
  byId(id: string): Promise<MediaAsset | null>;
  /** With publishedOnly, only assets attached to content the public sees (published, with published parents). */
  list(query: MediaListQuery & { publishedOnly?: boolean }): Promise<{ items: MediaAsset[]; total: number }>;
  byContent(contentId: string): Promise<MediaAsset[]>;
  /** The assets of each item, in one query (an item without any maps to []). */
  byContents(contentIds: readonly string[]): Promise<Map<string, MediaAsset[]>>;
  /** Associates the asset with content (or, with null, disassociates it); null when the asset is absent. */
  setContent(id: string, contentId: string | null, now: Date): Promise<MediaAsset | null>;
  /** The member's video progress on these assets. */
  videoProgressOf(userId: string, assetIds: readonly string[]): Promise<Map<string, VideoProgressView>>;
}
