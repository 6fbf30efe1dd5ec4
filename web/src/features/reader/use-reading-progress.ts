/**
 * The reader's link to the member's progress: brings the saved position back once the text is on
 * the page, then saves where the member is (throttled while scrolling; at once when the tab is
 * hidden, the page unloads or the member leaves the reader), with the time spent while the page
 * was visible and one new session per visit.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { ContentProgressInput } from '../../../../domain/content/schemas';
import { createActiveTime } from '../../lib/progress/active-time';
import { recordContentOnLeave } from '../../lib/progress/leave-requests';
import { watchPageLeave, type PageLeave } from '../../lib/progress/page-leave';
import { createThrottledSaver, type SendMode } from '../../lib/progress/throttled-saver';
import { percentageSeen, positionAt, READING_LINE_OFFSET, scrollTopFor, type BlockBox } from './reading-position';

/** At most one save per this many ms while the member scrolls. */
export const READING_SAVE_INTERVAL_MS = 4000;

export interface ReadingSnapshot {
  position: number;
  percentage: number;
}

export interface ReadingProgressOptions {
  articleRef: RefObject<HTMLElement | null>;
  contentId: string | undefined;
  /** The text is on the page and the saved progress (if any) has been read. */
  ready: boolean;
  /** Save progress (a signed-in member with access); visitors only read. */
  saving: boolean;
  /** The position to bring back (0 for the start). */
  restoreTo: number;
  record(input: ContentProgressInput): Promise<unknown>;
}

function measure(article: HTMLElement): { blocks: BlockBox[]; text: BlockBox } {
  const scrollY = window.scrollY;
  const blocks = Array.from(article.querySelectorAll<HTMLElement>('[data-reading-block]')).map((el) => {
    const rect = el.getBoundingClientRect();
    return { top: rect.top + scrollY, height: rect.height };
  });
  const rect = article.getBoundingClientRect();
  return { blocks, text: { top: rect.top + scrollY, height: rect.height } };
}

export function snapshotOf(article: HTMLElement): ReadingSnapshot {
  const { blocks, text } = measure(article);
  return {
    position: positionAt(blocks, window.scrollY + READING_LINE_OFFSET),
    percentage: percentageSeen(text, { scrollY: window.scrollY, height: window.innerHeight }),
  };
}

export function useReadingProgress({ articleRef, contentId, ready, saving, restoreTo, record }: ReadingProgressOptions) {
  const restoredFor = useRef<string | null>(null);
  const recordRef = useRef(record);
  recordRef.current = record;

  // Bring the saved place back once per item, before the member sees the top of the page.
  useLayoutEffect(() => {
    const article = articleRef.current;
    if (!ready || !article || !contentId || restoredFor.current === contentId) return;
    restoredFor.current = contentId;
    const top = scrollTopFor(measure(article).blocks, restoreTo);
    window.scrollTo({ top, behavior: 'instant' });
  }, [articleRef, contentId, ready, restoreTo]);

  useEffect(() => {
    const article = articleRef.current;
    if (!ready || !saving || !article || !contentId) return;
    const active = createActiveTime();
    if (document.visibilityState === 'visible') active.start();
    let newSession = true;
    // Set below, once `leave` exists; the saver asks it only when a save is sent.
    let page: PageLeave | undefined;

    const inputFor = (snapshot: ReadingSnapshot): ContentProgressInput => {
      const input: ContentProgressInput = { contentId, position: snapshot.position, percentage: snapshot.percentage, timeSpent: active.take() };
      if (newSession) input.newSession = true;
      newSession = false;
      return input;
    };
    const saver = createThrottledSaver<ReadingSnapshot>({
      intervalMs: READING_SAVE_INTERVAL_MS,
      send: (snapshot, mode: SendMode) => {
        const input = inputFor(snapshot);
        if (mode === 'leaving' && page?.unloading()) return recordContentOnLeave(input);
        return recordRef.current(input);
      },
    });

    const onMove = () => saver.update(snapshotOf(article));
    const leave = () => {
      active.stop();
      saver.update(snapshotOf(article));
      saver.flush('leaving', active.peek() > 0);
    };
    page = watchPageLeave({ leave, back: () => active.start() });

    onMove(); // the visit itself: a new session, where the member starts
    window.addEventListener('scroll', onMove, { passive: true });
    window.addEventListener('resize', onMove, { passive: true });
    return () => {
      window.removeEventListener('scroll', onMove);
      window.removeEventListener('resize', onMove);
      page?.stop();
      if (!page?.unloading()) {
        active.stop();
        saver.flush('leaving', active.peek() > 0);
      }
      saver.dispose();
    };
  }, [articleRef, contentId, ready, saving]);
}
