/**
 * The reader at /read/chapters/:slug over a scripted server: the member's place is brought back,
 * saved at once on opening (a new session), at most every few seconds while scrolling, and on
 * leaving; visitors read without saving; a refused entitlement locks the text. The page's layout is
 * given to jsdom (which has none): paragraph i sits at 300 + 150·i px, 130 px high.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READING_LINE_OFFSET } from '../../../web/src/features/reader/reading-position';
import { ChapterReaderPage, EssayReaderPage } from '../../../web/src/features/reader/ReaderPage';
import { READING_SAVE_INTERVAL_MS } from '../../../web/src/features/reader/use-reading-progress';
import { elapse } from './account-fixtures';
import { aUser, useFakeClock } from './auth-fixtures';
import { fakeTrpcServer, ProcedureError, renderWithTrpc, type FakeTrpcServer } from './progress-fixtures';

const PARAGRAPHS = 10;
const TEXT_TOP = 300;
const STEP = 150;
const text = Array.from({ length: PARAGRAPHS }, (_, i) => `Paragraph ${i + 1} of the chapter.`).join('\n\n');

let scrollY = 0;
function fakeLayout() {
  scrollY = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
    scrollY = options.top ?? 0;
  }) as typeof window.scrollTo);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const box = (top: number, height: number) => ({ top: top - scrollY, height, bottom: top - scrollY + height, left: 0, right: 600, width: 600, x: 0, y: top - scrollY, toJSON: () => ({}) });
    if (this.hasAttribute('data-reading-block')) {
      const index = Array.from(this.parentElement!.children).indexOf(this);
      return box(TEXT_TOP + index * STEP, STEP - 20);
    }
    if (this.classList.contains('reader__text')) return box(TEXT_TOP, PARAGRAPHS * STEP - 20);
    return box(0, 0);
  });
}

/** Scrolls the window so that the reading line is `position` paragraphs into the text. */
async function scrollToPosition(position: number) {
  scrollY = TEXT_TOP + position * STEP - READING_LINE_OFFSET;
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
  });
}

function aChapter(overrides: Record<string, unknown> = {}) {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    type: 'CHAPTER',
    slug: 'the-theme',
    title: 'The Theme',
    subtitle: null,
    description: 'Who is John Galt?',
    author: null,
    accessType: 'OPEN',
    contentText: text,
    readingTime: 3,
    bookId: 'b1',
    previousChapter: null,
    nextChapter: { id: 'c2', type: 'CHAPTER', slug: 'the-chain', title: 'The Chain', subtitle: null, description: null, coverImage: null, status: 'PUBLISHED', published: true, accessType: 'OPEN', orderIndex: 2 },
    ...overrides,
  };
}

const aBook = { book: { id: 'b1', contentId: 'b1', type: 'FICTION', content: { slug: 'atlas-shrugged', title: 'Atlas Shrugged' }, essays: [] } };

function savedProgress(position: number, status = 'IN_PROGRESS') {
  return { contentId: aChapter().id, status, percentage: 40, position, duration: null, totalTimeSpent: 120, sessionCount: 2, rating: null, isFavorited: false, isBookmarked: false, wasDismissed: false, discoverySource: null, metadata: {}, startedAt: '2026-03-01T10:00:00.000Z', completedAt: null, lastAccessedAt: '2026-03-01T11:00:00.000Z', updatedAt: '2026-03-01T11:00:00.000Z' };
}

function readerServer({ signedIn = true, hasAccess = true, saved = savedProgress(4.5) as ReturnType<typeof savedProgress> | null, chapter = aChapter() } = {}) {
  const server = fakeTrpcServer();
  if (signedIn) server.auth.signedIn(aUser());
  server.procedure('chapters.bySlug', () => ({ item: chapter }));
  server.procedure('books.byId', () => aBook);
  server.procedure('entitlements.content', () => ({ hasAccess }));
  let current = saved;
  server.procedure('progress.content', () => {
    if (!signedIn) throw new ProcedureError('UNAUTHORIZED', 401);
    return { progress: current };
  });
  server.procedure('progress.recordContent', (input) => {
    const i = input as Record<string, unknown>;
    current = { ...(current ?? savedProgress(0)), ...(i as object), status: current?.status ?? 'IN_PROGRESS' } as ReturnType<typeof savedProgress>;
    return { progress: current };
  });
  return server;
}

const saves = (server: FakeTrpcServer) => server.callsTo('progress.recordContent').map((c) => c.input as Record<string, unknown>);

const routes = [
  { path: '/read/chapters/:slug', element: <ChapterReaderPage /> },
  { path: '/read/essays/:slug', element: <EssayReaderPage /> },
  { path: '/dashboard', element: <p>Dashboard</p> },
];

beforeEach(fakeLayout);
afterEach(() => {
  // The window keeps its own scrollY and innerHeight between files otherwise.
  Reflect.deleteProperty(window, 'scrollY');
  Reflect.deleteProperty(window, 'innerHeight');
});

describe('the reader, for a member', () => {
  it('brings the saved place back under the reading line, and records the visit as a new session', async () => {
    useFakeClock();
    const server = readerServer();
    renderWithTrpc({ path: '/read/chapters/the-theme', routes });
    await elapse(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Theme' })).toBeInTheDocument();
    await elapse(0);
    // 4.5 paragraphs in: the middle of the fifth paragraph's span, under the reading line.
    expect(window.scrollTo).toHaveBeenCalledWith({ top: TEXT_TOP + 4.5 * STEP - READING_LINE_OFFSET, behavior: 'instant' });
    expect(screen.getByRole('status')).toHaveTextContent('Welcome back: you are where you left off.');
    for (const link of screen.getAllByRole('link', { name: 'Atlas Shrugged' })) expect(link).toHaveAttribute('href', '/library/books/atlas-shrugged');
    expect(screen.getByRole('link', { name: /Next chapter.*The Chain/ })).toHaveAttribute('href', '/read/chapters/the-chain');
    expect(saves(server)).toEqual([{ contentId: aChapter().id, position: 4.5, percentage: expect.closeTo(((878 + 800 - TEXT_TOP) / (PARAGRAPHS * STEP - 20)) * 100, 0), timeSpent: 0, newSession: true }]);
  });

  it('saves at most once per interval while scrolling, the latest place, and once more on leaving', async () => {
    useFakeClock();
    const server = readerServer({ saved: null });
    const { router } = renderWithTrpc({ path: '/read/chapters/the-theme', routes });
    await elapse(0);
    await screen.findByRole('heading', { level: 1, name: 'The Theme' });
    await elapse(0);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    expect(saves(server)).toHaveLength(1);
    expect(saves(server)[0]).toMatchObject({ position: 0, newSession: true });

    for (const position of [1, 1.5, 2, 2.5, 3.25]) {
      await scrollToPosition(position);
      await elapse(500);
    }
    expect(saves(server)).toHaveLength(1);
    await elapse(READING_SAVE_INTERVAL_MS);
    expect(saves(server)).toHaveLength(2);
    expect(saves(server)[1]).toEqual({ contentId: aChapter().id, position: 3.25, percentage: expect.any(Number), timeSpent: 4 });

    await scrollToPosition(6);
    await elapse(1000);
    expect(saves(server)).toHaveLength(2);
    await act(() => router.navigate('/dashboard'));
    await elapse(0);
    expect(saves(server)).toHaveLength(3);
    // 2.5 s left over from before the last save, and 1 s since.
    expect(saves(server)[2]).toMatchObject({ position: 6, timeSpent: 3 });
    expect(saves(server)[2]).not.toHaveProperty('newSession');
    // Nothing more once the reader is gone.
    await elapse(10_000);
    expect(saves(server)).toHaveLength(3);
  });

  it('starts a finished chapter from the top, and says it was read to the end', async () => {
    useFakeClock();
    readerServer({ saved: savedProgress(9, 'COMPLETED') });
    renderWithTrpc({ path: '/read/chapters/the-theme', routes });
    await elapse(0);
    await screen.findByRole('heading', { level: 1, name: 'The Theme' });
    await elapse(0);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
    expect(screen.getByText('You have read this chapter to the end.')).toBeInTheDocument();
  });

  it('toggles favorite and bookmark through content progress', async () => {
    const server = readerServer({ saved: null });
    const { unmount } = renderWithTrpc({ path: '/read/chapters/the-theme', routes });
    const favorite = await screen.findByRole('button', { name: 'Favorite' });
    expect(favorite).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(favorite);
    expect(await screen.findByRole('button', { name: 'Favorite', pressed: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByRole('button', { name: 'Bookmark', pressed: true })).toBeInTheDocument();
    expect(saves(server).filter((s) => 'isFavorited' in s || 'isBookmarked' in s)).toEqual([
      { contentId: aChapter().id, isFavorited: true },
      { contentId: aChapter().id, isBookmarked: true },
    ]);
    // Leaving may save the place once more: let it reach this test's server, not the next one's.
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});

describe('the reader, for a visitor and without access', () => {
  it('lets a visitor read an OPEN chapter without saving anything, and offers sign-in', async () => {
    const server = readerServer({ signedIn: false });
    renderWithTrpc({ path: '/read/chapters/the-theme', routes });
    expect(await screen.findByText('Paragraph 1 of the chapter.')).toBeInTheDocument();
    expect(screen.getAllByText(/^Paragraph \d+ of the chapter\.$/)).toHaveLength(PARAGRAPHS);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fread%2Fchapters%2Fthe-theme');
    expect(screen.queryByRole('button', { name: 'Favorite' })).toBeNull();
    await scrollToPosition(3);
    expect(server.callsTo('progress.content')).toEqual([]);
    expect(server.callsTo('progress.recordContent')).toEqual([]);
  });

  it('locks the text when the entitlement check says no', async () => {
    const server = readerServer({ hasAccess: false, chapter: aChapter({ accessType: 'PREMIUM' }) });
    renderWithTrpc({ path: '/read/chapters/the-theme', routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Theme' })).toBeInTheDocument();
    expect(screen.getByText('Locked')).toBeInTheDocument();
    expect(screen.getByText('Your account does not include access to this chapter.')).toBeInTheDocument();
    expect(screen.getByText('Who is John Galt?')).toBeInTheDocument();
    expect(screen.queryByText('Paragraph 1 of the chapter.')).toBeNull();
    expect(server.callsTo('progress.recordContent')).toEqual([]);
  });

  it('says so when there is no such chapter', async () => {
    const server = readerServer();
    server.procedure('chapters.bySlug', () => {
      throw new ProcedureError('NOT_FOUND', 404);
    });
    renderWithTrpc({ path: '/read/chapters/nothing', routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chapter not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the library' })).toHaveAttribute('href', '/library');
  });
});
