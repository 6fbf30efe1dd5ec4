import { describe, expect, it } from 'vitest';
import { bookTypeLabel, faqEntries, formatLabel, priceEntries, tocEntries } from '../../../web/src/features/library/book-details';
import { factValue } from '../../../web/src/features/library/item-layouts';
import { EMPTY_STATE, hasFilters, libraryHref, libraryParams, nextLibraryState, readLibraryState } from '../../../web/src/features/library/library-url';
import { letterParam } from '../../../web/src/features/library/LexiconPage';
import { libraryPath, openPath, readerPath, typeOfSegment, watchPath } from '../../../web/src/lib/content/paths';

const read = (query: string) => readLibraryState(new URLSearchParams(query));

describe('the library’s URL state', () => {
  it('reads q, type (by path segment), tag and page', () => {
    expect(read('q=%20virtue%20&type=books&tag=ethics&page=3')).toEqual({ q: 'virtue', type: 'BOOK', tag: 'ethics', page: 3 });
    expect(read('type=lexicon')).toMatchObject({ type: 'LEXICON_TERM' });
    expect(read('')).toEqual(EMPTY_STATE);
  });

  it('ignores what it cannot read: an unknown type, a page that is not a whole number from 1, a blank tag', () => {
    expect(read('type=novels&page=0&tag=%20')).toEqual(EMPTY_STATE);
    expect(read('page=2.5')).toMatchObject({ page: 1 });
    expect(read('page=-4')).toMatchObject({ page: 1 });
    expect(read('page=abc')).toMatchObject({ page: 1 });
  });

  it('writes only what is set, in a stable order, and round-trips', () => {
    const state = { q: 'atlas', type: 'COURSE' as const, tag: 'philosophy', page: 2 };
    expect(libraryParams(state).toString()).toBe('q=atlas&type=courses&tag=philosophy&page=2');
    expect(readLibraryState(libraryParams(state))).toEqual(state);
    expect(libraryParams(EMPTY_STATE).toString()).toBe('');
    expect(libraryHref({})).toBe('/library');
    expect(libraryHref({ tag: 'fiction & ethics' })).toBe('/library?tag=fiction+%26+ethics');
  });

  it('goes back to page 1 when the search, the type or the tag changes, and keeps the page otherwise', () => {
    const on3 = { q: 'atlas', type: null, tag: null, page: 3 };
    expect(nextLibraryState(on3, { q: 'fountainhead' })).toMatchObject({ q: 'fountainhead', page: 1 });
    expect(nextLibraryState(on3, { type: 'BOOK' })).toMatchObject({ type: 'BOOK', page: 1 });
    expect(nextLibraryState(on3, { tag: 'ethics' })).toMatchObject({ tag: 'ethics', page: 1 });
    expect(nextLibraryState(on3, { q: 'atlas' })).toMatchObject({ page: 3 });
    expect(nextLibraryState(on3, { page: 4 })).toMatchObject({ page: 4 });
    expect(hasFilters(on3)).toBe(true);
    expect(hasFilters({ ...EMPTY_STATE, page: 2 })).toBe(false);
  });
});

describe('library paths', () => {
  it('names each type’s page, the reader and the player', () => {
    expect(libraryPath('BOOK', 'atlas-shrugged')).toBe('/library/books/atlas-shrugged');
    expect(libraryPath('LEXICON_TERM', 'lexicon-reason')).toBe('/library/lexicon/lexicon-reason');
    expect(readerPath('ESSAY', 'mans-rights')).toBe('/read/essays/mans-rights');
    expect(watchPath('a b')).toBe('/watch/a%20b');
    expect(openPath({ type: 'CHAPTER', slug: 'c-1' })).toBe('/read/chapters/c-1');
    expect(openPath({ type: 'ESSAY', slug: 'e' })).toBe('/library/essays/e');
    expect(typeOfSegment('playlists')).toBe('PLAYLIST');
    expect(typeOfSegment('nope')).toBeNull();
  });

  it('reads a lexicon letter from the URL', () => {
    expect(letterParam('e')).toBe('E');
    expect(letterParam('EG')).toBeNull();
    expect(letterParam(null)).toBeNull();
  });
});

describe('a book’s free-form fields', () => {
  it('reads the table of contents in the shapes editors use', () => {
    expect(tocEntries('[{"part":"Part One: Non-Contradiction"},{"part":"Part Two: Either-Or"}]').map((e) => e.label)).toEqual(['Part One: Non-Contradiction', 'Part Two: Either-Or']);
    expect(tocEntries(['Introduction', '', 7])).toEqual([
      { label: 'Introduction', children: [] },
      { label: '7', children: [] },
    ]);
    expect(tocEntries({ parts: [{ title: 'One', chapters: ['The Theme', { title: 'The Chain' }] }] })).toEqual([{ label: 'One', children: [{ label: 'The Theme', children: [] }, { label: 'The Chain', children: [] }] }]);
    expect(tocEntries('not json')).toEqual([]);
    expect(tocEntries(null)).toEqual([]);
  });

  it('reads the FAQ, skipping entries without a question or an answer', () => {
    expect(faqEntries([{ question: 'Who is John Galt?', answer: 'The question the novel answers.' }, { q: 'Short?', a: 'Yes.' }, { question: 'Unanswered' }, 'x'])).toEqual([
      { question: 'Who is John Galt?', answer: 'The question the novel answers.' },
      { question: 'Short?', answer: 'Yes.' },
    ]);
  });

  it('shows prices from minor units in en-US with 2 decimals, USD by default (spec 001 §9)', () => {
    expect(priceEntries('{"currency":"USD","paperback":2200,"ebook":1199}')).toEqual([
      { label: 'Paperback', price: '$22.00' },
      { label: 'Ebook', price: '$11.99' },
    ]);
    expect(priceEntries({ hardCover: 3500, currency: 'EUR' })).toEqual([{ label: 'Hard cover', price: '€35.00' }]);
    expect(priceEntries([{ format: 'AUDIOBOOK', amount: 999 }])).toEqual([{ label: 'Audiobook', price: '$9.99' }]);
    expect(priceEntries('nonsense')).toEqual([]);
    expect(formatLabel('EBOOK')).toBe('E-book');
    expect(bookTypeLabel('NON_FICTION')).toBe('Nonfiction');
  });

  it('formats facts, leaving out what is missing', () => {
    expect(factValue(150, 'minutes')).toBe('2 hours 30 minutes');
    expect(factValue(45, 'minutes')).toBe('45 minutes');
    expect(factValue(1, 'minutes')).toBe('1 minute');
    expect(factValue(125, 'seconds')).toBe('2:05 minutes');
    expect(factValue('1957-10-10', 'date')).toBe('October 10, 1957');
    expect(factValue(true, 'yesno')).toBe('Yes');
    expect(factValue(12345, 'words')).toBe('12,345');
    expect(factValue(null)).toBeNull();
    expect(factValue('')).toBeNull();
  });
});
