/**
 * Where the member is in a text, independent of the window's width and the font size: the
 * paragraph at the reading line and how far into it (`position` 12.25 = a quarter into the
 * thirteenth paragraph). A pixel offset would land elsewhere on a phone than on the desktop it was
 * saved from; a paragraph stays the paragraph. Pure: the page passes in what it measured.
 */

/** A paragraph's place on the page, in document coordinates (px from the top of the document). */
export interface BlockBox {
  top: number;
  height: number;
}

/** How far below the top of the viewport the reading line sits (px): under a sticky header. */
export const READING_LINE_OFFSET = 96;

/** The position at `line` (document px): paragraph index plus the fraction passed, 0 before the text. */
export function positionAt(blocks: readonly BlockBox[], line: number): number {
  if (blocks.length === 0) return 0;
  if (line <= blocks[0]!.top) return 0;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const nextTop = i + 1 < blocks.length ? blocks[i + 1]!.top : block.top + block.height;
    if (line < nextTop) {
      // The gap below a paragraph counts as the end of it.
      const span = Math.max(1, nextTop - block.top);
      return round(i + Math.min(1, (line - block.top) / span));
    }
  }
  return blocks.length;
}

/** The document offset of the reading line for a saved position (the inverse of positionAt). */
export function lineFor(blocks: readonly BlockBox[], position: number): number {
  if (blocks.length === 0 || !Number.isFinite(position) || position <= 0) return blocks[0]?.top ?? 0;
  const clamped = Math.min(position, blocks.length);
  const index = Math.min(Math.floor(clamped), blocks.length - 1);
  const block = blocks[index]!;
  const nextTop = index + 1 < blocks.length ? blocks[index + 1]!.top : block.top + block.height;
  return block.top + (clamped - index) * Math.max(1, nextTop - block.top);
}

/** The window scroll that brings a saved position back under the reading line (0 for the start). */
export function scrollTopFor(blocks: readonly BlockBox[], position: number, offset = READING_LINE_OFFSET): number {
  if (!Number.isFinite(position) || position <= 0) return 0;
  return Math.max(0, Math.round(lineFor(blocks, position) - offset));
}

/**
 * How much of the text the member has had on screen (0-100): the share above the bottom of the
 * viewport. 100 once the end of the text has been in view.
 */
export function percentageSeen(text: { top: number; height: number }, viewport: { scrollY: number; height: number }): number {
  if (text.height <= 0) return 100;
  const seen = viewport.scrollY + viewport.height - text.top;
  const ratio = Math.min(1, Math.max(0, seen / text.height));
  return Math.round(ratio * 1000) / 10;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
