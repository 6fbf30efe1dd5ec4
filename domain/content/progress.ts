/**
 * A member's progress on content and on videos (spec 002 §3 Progress). Writes are merges, never
 * overwrites of what another tab recorded: time spent and sessions add up; position, percentage
 * and duration are where the member is now (the last write); COMPLETED stays completed unless a
 * status is sent; flags change only when sent.
 */
import type { ProgressStatus } from './constants';
import type { ContentProgressInput } from './schemas';

export interface ContentProgress {
  userId: string;
  contentId: string;
  status: ProgressStatus;
  percentage: number;
  position: number;
  duration: number | null;
  totalTimeSpent: number;
  sessionCount: number;
  rating: number | null;
  isFavorited: boolean;
  isBookmarked: boolean;
  wasDismissed: boolean;
  discoverySource: string | null;
  metadata: Record<string, unknown>;
  startedAt: Date;
  completedAt: Date | null;
  lastAccessedAt: Date;
  updatedAt: Date;
}

export interface VideoProgress {
  userId: string;
  mediaAssetId: string;
  position: number;
  duration: number;
  completed: boolean;
  lastWatchedAt: Date;
}

export type ContentProgressChange = Omit<ContentProgressInput, 'contentId'> & {
  /** The status this write implies when none is sent (see impliedStatus). */
  impliedStatus?: ProgressStatus | undefined;
};

/** 100% means COMPLETED; any other position or percentage means IN_PROGRESS. */
export function impliedStatus(change: Pick<ContentProgressInput, 'percentage' | 'position' | 'status'>): ProgressStatus | undefined {
  if (change.status) return undefined;
  if (change.percentage !== undefined && change.percentage >= 100) return 'COMPLETED';
  if (change.percentage !== undefined || change.position !== undefined) return 'IN_PROGRESS';
  return undefined;
}

/** A video counts as completed at 95% watched, or when the player says so. */
export const VIDEO_COMPLETION_RATIO = 0.95;
export const videoCompleted = (position: number, duration: number, reported?: boolean) =>
  reported ?? (duration > 0 && position / duration >= VIDEO_COMPLETION_RATIO);
