/** The reader's place in a text: paragraph-anchored positions, their inverse, what was seen, and what is restored. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineFor, percentageSeen, positionAt, scrollTopFor, READING_LINE_OFFSET } from '../../../web/src/features/reader/reading-position';
import { paragraphsOf, readingMinutes, restoredPosition } from '../../../web/src/features/reader/resume-reading';

/** Paragraphs of the given heights, 24 px apart, the first at `top`. */
function layout(heights: number[], top = 400) {
  let at = top;
  return heights.map((height) => {
    const box = { top: at, height };
    at += height + 24;
    return box;
  });
}

describe('positionAt', () => {
  const blocks = layout([100, 200, 100]);

  it('is 0 before the text, the paragraph index plus the share passed inside it, and the count past the end', () => {
    expect(positionAt(blocks, 0)).toBe(0);
    expect(positionAt(blocks, 400)).toBe(0);
    expect(positionAt(blocks, 462)).toBe(0.5); // (62 / 124): a paragraph runs to the next one's top
    expect(positionAt(blocks, 524)).toBe(1);
    expect(positionAt(blocks, 524 + 112)).toBe(1.5);
    expect(positionAt(blocks, 10_000)).toBe(3);
    expect(positionAt([], 500)).toBe(0);
  });

  it('scrollTopFor brings the same point back under the reading line', () => {
    expect(scrollTopFor(blocks, 0)).toBe(0);
    expect(scrollTopFor(blocks, 1.5)).toBe(524 + 112 - READING_LINE_OFFSET);
    expect(scrollTopFor(blocks, Number.NaN)).toBe(0);
    expect(scrollTopFor(blocks, 99)).toBe(Math.round(lineFor(blocks, 3) - READING_LINE_OFFSET));
  });

  it('lineFor inverts positionAt anywhere in the text (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 20, max: 800 }), { minLength: 1, maxLength: 40 }), fc.double({ min: 0, max: 1, noNaN: true }), (heights, share) => {
        const boxes = layout(heights);
        const last = boxes[boxes.length - 1]!;
        const line = boxes[0]!.top + share * (last.top + last.height - boxes[0]!.top - 1);
        const position = positionAt(boxes, line);
        // Positions are kept to 3 decimals: within a pixel or so of where they were taken.
        expect(Math.abs(lineFor(boxes, position) - line)).toBeLessThan(1.5);
      }),
    );
  });

  it('a position survives a change of layout (another screen width): the same paragraph, the same share of it', () => {
    const desktop = layout([120, 120, 120, 120, 120]);
    const phone = layout([300, 260, 320, 280, 300], 600);
    const position = positionAt(desktop, desktop[3]!.top + 36);
    const line = lineFor(phone, position);
    expect(positionAt(phone, line)).toBeCloseTo(position, 3);
    expect(line).toBeGreaterThan(phone[3]!.top);
    expect(line).toBeLessThan(phone[4]!.top);
  });
});

describe('percentageSeen', () => {
  it('is the share of the text above the bottom of the viewport, 100 once its end has been in view', () => {
    const text = { top: 400, height: 2000 };
    expect(percentageSeen(text, { scrollY: 0, height: 800 })).toBe(20);
    expect(percentageSeen(text, { scrollY: 600, height: 800 })).toBe(50);
    expect(percentageSeen(text, { scrollY: 1600, height: 800 })).toBe(100);
    expect(percentageSeen(text, { scrollY: 5000, height: 800 })).toBe(100);
    expect(percentageSeen({ top: 2000, height: 1000 }, { scrollY: 0, height: 800 })).toBe(0);
    expect(percentageSeen({ top: 0, height: 0 }, { scrollY: 0, height: 800 })).toBe(100);
  });
});

describe('restoring a reading', () => {
  it('goes back to the saved place while in progress; to the start when finished or never begun', () => {
    expect(restoredPosition({ status: 'IN_PROGRESS', position: 4.25 })).toBe(4.25);
    expect(restoredPosition({ status: 'NOT_STARTED', position: 2 })).toBe(2);
    expect(restoredPosition({ status: 'COMPLETED', position: 9 })).toBe(0);
    expect(restoredPosition({ status: 'IN_PROGRESS', position: 0 })).toBe(0);
    expect(restoredPosition({ status: 'IN_PROGRESS', position: -3 })).toBe(0);
    expect(restoredPosition(null)).toBe(0);
    expect(restoredPosition(undefined)).toBe(0);
  });

  it('splits a text into paragraphs at blank lines, and estimates reading time', () => {
    expect(paragraphsOf('One.\n\nTwo,\nstill two.\r\n\r\n  \n\nThree.  ')).toEqual(['One.', 'Two,\nstill two.', 'Three.']);
    expect(paragraphsOf('')).toEqual([]);
    expect(paragraphsOf(null)).toEqual([]);
    expect(readingMinutes('word '.repeat(10))).toBe(1);
    expect(readingMinutes('word '.repeat(2300))).toBe(10);
  });
});
