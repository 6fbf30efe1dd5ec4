/**
 * The player's link to the member's progress. While the video plays, where it is goes to the
 * server at most every VIDEO_SAVE_INTERVAL_MS (video progress: position, duration, completed; and
 * the content progress of the item the video belongs to, so it shows under "Continue where you left
 * off"); at once on pause, seek, the end, the tab being hidden and leaving the page. Completion is
 * marked once 95% has been watched.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { ContentProgressInput, VideoProgressInput } from '../../../../domain/content/schemas';
import { createActiveTime } from '../../lib/progress/active-time';
import { recordContentOnLeave, recordVideoOnLeave } from '../../lib/progress/leave-requests';
import { watchPageLeave, type PageLeave } from '../../lib/progress/page-leave';
import { createThrottledSaver, type SendMode } from '../../lib/progress/throttled-saver';
import { isWatched, watchedPercentage } from './video-resume';

export const VIDEO_SAVE_INTERVAL_MS = 5000;

export interface ViewingSnapshot {
  position: number;
  duration: number;
  completed: boolean;
}

export interface VideoProgressOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  mediaAssetId: string;
  /** The content item the asset belongs to (its content progress is kept too), if any. */
  contentId: string | null;
  saving: boolean;
  recordVideo(input: VideoProgressInput): Promise<unknown>;
  recordContent(input: ContentProgressInput): Promise<unknown>;
}

/** Where the video is, rounded to the tenth of a second (what is worth saving). */
export function viewingOf(video: Pick<HTMLVideoElement, 'currentTime' | 'duration' | 'ended'>, alreadyCompleted: boolean): ViewingSnapshot | null {
  const duration = video.duration;
  if (!Number.isFinite(duration) || duration <= 0) return null;
  const position = Math.round(Math.min(video.currentTime, duration) * 10) / 10;
  return { position, duration: Math.round(duration * 10) / 10, completed: alreadyCompleted || video.ended || isWatched(position, duration) };
}

export function useVideoProgress({ videoRef, mediaAssetId, contentId, saving, recordVideo, recordContent }: VideoProgressOptions) {
  const calls = useRef({ recordVideo, recordContent });
  calls.current = { recordVideo, recordContent };

  useEffect(() => {
    const video = videoRef.current;
    if (!saving || !video) return;
    const active = createActiveTime();
    let completed = false;
    let newSession = true;
    // Set below, once `leave` exists; the saver asks it only when a save is sent.
    let page: PageLeave | undefined;

    const send = (snapshot: ViewingSnapshot, mode: SendMode) => {
      const leaving = mode === 'leaving' && page?.unloading() === true;
      const videoInput: VideoProgressInput = { mediaAssetId, position: snapshot.position, duration: snapshot.duration };
      // Completion is only ever reported, never withdrawn: watching again does not undo it.
      if (snapshot.completed) videoInput.completed = true;
      const contentInput: ContentProgressInput | null = contentId
        ? {
            contentId,
            position: snapshot.position,
            duration: snapshot.duration,
            percentage: snapshot.completed ? 100 : watchedPercentage(snapshot.position, snapshot.duration),
            timeSpent: active.take(),
            metadata: { mediaAssetId },
            ...(newSession ? { newSession: true } : {}),
          }
        : null;
      newSession = false;
      if (leaving) {
        recordVideoOnLeave(videoInput);
        if (contentInput) recordContentOnLeave(contentInput);
        return;
      }
      return Promise.all([calls.current.recordVideo(videoInput), contentInput ? calls.current.recordContent(contentInput) : null]);
    };
    const saver = createThrottledSaver<ViewingSnapshot>({ intervalMs: VIDEO_SAVE_INTERVAL_MS, send });

    const snapshot = () => {
      const s = viewingOf(video, completed);
      if (s?.completed) completed = true;
      return s;
    };
    const onProgress = () => {
      const s = snapshot();
      if (s && s.position > 0) saver.update(s);
    };
    const saveNow = () => {
      const s = snapshot();
      if (!s || s.position <= 0) return;
      saver.update(s);
      saver.flush();
    };
    const onPlay = () => active.start();
    const onPause = () => {
      active.stop();
      saveNow();
    };
    const onEnded = () => {
      active.stop();
      saveNow();
    };
    const leave = () => {
      active.stop();
      const s = snapshot();
      if (s && s.position > 0) saver.update(s);
      saver.flush('leaving', active.peek() > 0);
    };
    page = watchPageLeave({
      leave,
      back: () => {
        if (!video.paused) active.start();
      },
    });

    video.addEventListener('timeupdate', onProgress);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('seeked', saveNow);
    video.addEventListener('ended', onEnded);
    if (!video.paused) active.start();
    return () => {
      video.removeEventListener('timeupdate', onProgress);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('seeked', saveNow);
      video.removeEventListener('ended', onEnded);
      page?.stop();
      if (!page?.unloading()) {
        active.stop();
        saver.flush('leaving', active.peek() > 0);
      }
      saver.dispose();
    };
  }, [videoRef, mediaAssetId, contentId, saving]);
}
