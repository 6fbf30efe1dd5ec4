import type { ContentStatus, ProgressStatus } from '../../domain/content/constants';
import type { ContentSummary } from '../../domain/content/model';
import type { ContentProgress, ContentProgressChange, VideoProgress } from '../../domain/content/progress';

export interface ProgressQuery {
  page: number;
  limit: number;
  status?: ProgressStatus | undefined;
  isFavorited?: boolean | undefined;
  isBookmarked?: boolean | undefined;
}

/** A progress entry with what it is progress on (the shared record's short form). */
export interface ProgressEntry {
  progress: ContentProgress;
  content: Omit<ContentSummary, 'orderIndex'>;
}

export interface ProgressRepository {
  /**
   * Records a member's progress on content in one statement (INSERT ... ON CONFLICT DO UPDATE), so
   * two tabs writing at once both land: time spent and sessions add up, the furthest percentage wins.
   */
  recordContent(userId: string, contentId: string, change: ContentProgressChange, now: Date): Promise<ContentProgress>;
  contentProgress(userId: string, contentId: string): Promise<ContentProgress | null>;
  /**
   * The member's progress, most recent first, joined to its content in one query: entries on content
   * the view (`statuses`, as ContentQuery.statuses) does not see are neither listed nor counted.
   */
  listContent(userId: string, query: ProgressQuery, statuses?: readonly ContentStatus[]): Promise<{ items: ProgressEntry[]; total: number }>;
  recordVideo(userId: string, mediaAssetId: string, change: { position: number; duration: number; completed?: boolean | undefined }, now: Date): Promise<VideoProgress>;
  videoProgress(userId: string, mediaAssetId: string): Promise<VideoProgress | null>;
}
