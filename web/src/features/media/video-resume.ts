/**
 * When the player starts a returning member where they stopped, and when a viewing counts as
 * finished. Pure, so these rules are tested without a browser.
 */
import { VIDEO_COMPLETION_RATIO, videoCompleted } from '../../../../domain/content/progress';

export interface SavedViewing {
  position: number;
  duration: number;
  completed: boolean;
}

/** Positions this close to the start are not worth resuming (seconds). */
export const RESUME_MIN_SECONDS = 2;
/** Resuming this close to the end would only show the last frame (seconds). */
export const RESUME_END_MARGIN_SECONDS = 2;

/**
 * The second to start at: the saved position, unless the video was finished (a new viewing starts
 * at the beginning), barely started, or stopped at the very end.
 */
export function resumeAt(saved: SavedViewing | null | undefined, duration?: number): number {
  if (!saved || saved.completed) return 0;
  const total = duration && Number.isFinite(duration) && duration > 0 ? duration : saved.duration;
  if (!Number.isFinite(saved.position) || saved.position < RESUME_MIN_SECONDS) return 0;
  if (total > 0 && saved.position >= total - RESUME_END_MARGIN_SECONDS) return 0;
  if (total > 0 && saved.position / total >= VIDEO_COMPLETION_RATIO) return 0;
  return saved.position;
}

/** Near enough to the end to count as watched (the same 95% the server uses). */
export const isWatched = (position: number, duration: number) => videoCompleted(position, duration);

/** "1:05", "1:02:03". */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Whole-number share watched (0-100) for content progress. */
export function watchedPercentage(position: number, duration: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((position / duration) * 1000) / 10));
}
