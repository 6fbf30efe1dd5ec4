import type { ProgressStatus } from '../../domain/content/constants';
import type { ContentProgress, ContentProgressChange, VideoProgress } from '../../domain/content/progress';

export interface ProgressQuery {
  page: number;
  limit: number;
  status?: ProgressStatus | undefined;
  isFavorited?: boolean | undefined;
  isBookmarked?: boolean | undefined;
}

export interface ProgressRepository {
  /**
   * Records a member's progress on content in one statement (INSERT ... ON CONFLICT DO UPDATE), so
   * two tabs writing at once both land: time spent and sessions add up, the furthest percentage wins.
   */
  recordContent(userId: string, contentId: string, change: ContentProgressChange, now: Date): Promise<ContentProgress>;
  contentProgress(userId: string, contentId: string): Promise<ContentProgress | null>;
  listContent(userId: string, query: ProgressQuery): Promise<{ items: ContentProgress[]; total: number }>;
  recordVideo(userId: string, mediaAssetId: string, change: { position: number; duration: number; completed?: boolean | undefined }, now: Date): Promise<VideoProgress>;
  videoProgress(userId: string, mediaAssetId: string): Promise<VideoProgress | null>;
}
