/**
 * Whether a member coming back to a text is taken to where they stopped. Pure, so it is tested on
 * its own.
 */
import type { ProgressStatus } from '../../../../domain/content/constants';

export interface SavedReading {
  status: ProgressStatus;
  position: number;
}

/**
 * The position to restore: the saved one while the text is in progress; the start for a text read
 * to the end (reading it again starts from the top) or never opened.
 */
export function restoredPosition(saved: SavedReading | null | undefined): number {
  if (!saved || saved.status === 'COMPLETED') return 0;
  return Number.isFinite(saved.position) && saved.position > 0 ? saved.position : 0;
}

/** The text a reading page shows, in paragraphs: blank lines separate them; single line breaks stay inside. */
export function paragraphsOf(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Minutes to read at 230 words a minute, at least 1. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}
