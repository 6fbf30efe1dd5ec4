import { lazy } from 'react';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { HomePage } from '../../../web/src/features/home/HomePage';
import { ContentPage } from '../../../web/src/features/library/ContentPage';
import { CoursePage } from '../../../web/src/features/library/CoursePage';
import { CreatorPage } from '../../../web/src/features/library/CreatorPage';
import { LexiconPage } from '../../../web/src/features/library/LexiconPage';
import { LexiconTermPage } from '../../../web/src/features/library/LexiconTermPage';
import { PlaylistPage } from '../../../web/src/features/library/PlaylistPage';
import { aMediaAsset, aRecord, aSummary, elapse, notFound, pageOf, renderLibrary, settle, where } from './library-fixtures';

const asset = (id: string, contentId: string, type: 'VIDEO' | 'AUDIO' | 'IMAGE') => aMediaAsset({ id, type, contentId, url: `https://cdn.example.test/${id}`, duration: 1800 });

describe('the library’s item pages', { timeout: 20_000 }, () => {
  it('a course lists its lessons in order, each linked to its page', async () => {
    const course = { ...aRecord({ type: 'COURSE', title: 'Introduction to Objectivism', difficulty: 'BEGINNER' }), overview: 'Five short lessons.', objectives: ['Name the five branches'], durationMinutes: 150, sequential: true, promotional: null };
    const lessons = [aSummary('LESSON', 'Metaphysics', 1, { slug: 'lesson-1' }), aSummary('LESSON', 'Epistemology', 2, { slug: 'lesson-2' })];
    await renderLibrary('/library/courses/introduction-to-objectivism', [{ path: 'library/courses/:slug', element: <CoursePage /> }], undefined, {
      'courses.bySlug': { item: { ...course, children: { lessons } } },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Introduction to Objectivism');
    expect(screen.getByText('2 hours 30 minutes')).toBeInTheDocument();
    expect(screen.getByText('Beginner')).toBeInTheDocument();
    expect(screen.getByText('Take the lessons in order: each builds on the one before.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Lessons' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Lesson 1Metaphysics', 'Lesson 2Epistemology']);
    expect(within(list).getByRole('link', { name: 'Epistemology' })).toHaveAttribute('href', '/library/lessons/lesson-2');
    expect(screen.getByRole('link', { name: 'Start the course' })).toHaveAttribute('href', '/library/lessons/lesson-1');
    expect(within(screen.getByRole('region', { name: 'What you will learn' })).getByText('Name the five branches')).toBeInTheDocument();
  });

  it('a playlist links lectures with a recording to the player and the others to their pages', async () => {
    const playlist = { ...aRecord({ type: 'PLAYLIST', title: 'Ford Hall Forum Lectures' }), overview: 'Talks in Boston.', topics: ['politics'], durationMinutes: null, sequential: false };
    const recorded = aSummary('LECTURE', 'Big Business', 0, { slug: 'lecture-1' });
    const plain = aSummary('LECTURE', 'The Intellectual Bankruptcy of Our Age', 1, { slug: 'lecture-2' });
    const { server } = await renderLibrary('/library/playlists/ford-hall', [{ path: 'library/playlists/:slug', element: <PlaylistPage /> }], undefined, {
      'playlists.bySlug': { item: { ...playlist, children: { lectures: [recorded, plain] } } },
      'media.byContent': (input: Record<string, unknown> | undefined) => ({ mediaAssets: input?.contentId === recorded.id ? [asset('a-1', recorded.id, 'IMAGE'), asset('a-2', recorded.id, 'AUDIO')] : [] }),
    });
    await settle();
    expect(server.callsTo('media.byContent').map((c) => c.input?.contentId)).toEqual([recorded.id, plain.id]);
    const list = screen.getByRole('list', { name: 'Lectures' });
    expect(within(list).getByRole('link', { name: 'Big Business' })).toHaveAttribute('href', '/watch/a-2');
    expect(within(list).getByText('Audio')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'The Intellectual Bankruptcy of Our Age' })).toHaveAttribute('href', '/library/lectures/lecture-2');
  });

  it('the lexicon lists terms A-Z under their letters, links the letters with terms and disables the others', async () => {
    const term = (title: string, letter: string) => ({ ...aRecord({ type: 'LEXICON_TERM', title, slug: `lexicon-${title.toLowerCase()}` }), term: title, normalizedTerm: title.toLowerCase(), firstLetter: letter, relatedTerms: [] });
    const { server, user } = await renderLibrary('/library/lexicon', [{ path: 'library/lexicon', element: <LexiconPage /> }], undefined, {
      'library.facets': { types: [], tags: [], letters: [{ letter: 'E', count: 2 }, { letter: 'R', count: 1 }] },
      'lexiconTerms.listPage': (input: Record<string, unknown> | undefined) =>
        (input?.filter as { firstLetter?: string }).firstLetter === 'R' ? pageOf([term('Reason', 'R')], { limit: 100 }) : pageOf([term('Egoism', 'E'), term('Ethics', 'E'), term('Reason', 'R')], { limit: 100 }),
    });
    expect(server.lastInput('lexiconTerms.listPage')).toEqual({ sort: 'title', limit: 100, page: 1, includeRelations: false, filter: {} });
    const letters = screen.getByRole('navigation', { name: 'Terms by first letter' });
    expect(within(letters).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(within(letters).getByRole('link', { name: 'Terms starting with E' })).toHaveAttribute('href', '/library/lexicon?letter=E');
    expect(within(letters).getByRole('link', { name: 'A: no terms' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(letters).getByRole('link', { name: 'A: no terms' })).not.toHaveAttribute('href');
    expect(screen.getByRole('heading', { level: 3, name: 'E' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'E' })).getAllByRole('link').map((a) => a.textContent)).toEqual(['Egoism', 'Ethics']);
    expect(screen.getByRole('link', { name: 'Reason' })).toHaveAttribute('href', '/library/lexicon/lexicon-reason');

    await user.click(within(letters).getByRole('link', { name: 'Terms starting with R' }));
    await settle();
    expect(where.path).toBe('/library/lexicon?letter=R');
    expect(server.lastInput('lexiconTerms.listPage')).toMatchObject({ filter: { firstLetter: 'R' } });
    expect(within(letters).getByRole('link', { name: 'Terms starting with R' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Egoism' })).not.toBeInTheDocument();
  });

  it('a lexicon letter without terms says so and offers all terms', async () => {
    await renderLibrary('/library/lexicon?letter=Q', [{ path: 'library/lexicon', element: <LexiconPage /> }], undefined, { 'lexiconTerms.listPage': pageOf([], { limit: 100 }) });
    expect(screen.getByRole('status')).toHaveTextContent('No terms start with Q yet.');
    expect(screen.getByRole('link', { name: 'Show all terms' })).toHaveAttribute('href', '/library/lexicon');
  });

  it('a lexicon term shows its excerpts with their sources and analysis', async () => {
    const reason = { ...aRecord({ type: 'LEXICON_TERM', title: 'Reason', slug: 'lexicon-reason' }), term: 'Reason', normalizedTerm: 'reason', firstLetter: 'R', relatedTerms: ['Objectivity'], pointsToTerm: null };
    const excerpt = { ...aRecord({ type: 'EXCERPT', title: 'Reason and survival', slug: 'excerpt-reason' }), excerpt: 'Reason is man’s basic means of survival.', workTitle: null, bookTitle: 'The Virtue of Selfishness', pageNumber: 23, analysis: 'Why reason guides action.' };
    await renderLibrary('/library/lexicon/lexicon-reason', [{ path: 'library/lexicon/:slug', element: <LexiconTermPage /> }], undefined, {
      'lexiconTerms.bySlug': { item: reason },
      'lexiconTerms.children': { items: [excerpt] },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Reason');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Library/Lexicon terms/Reason');
    expect(screen.getByText('Reason is man’s basic means of survival.')).toBeInTheDocument();
    expect(screen.getByText('The Virtue of Selfishness').closest('figcaption')).toHaveTextContent('The Virtue of Selfishness, page 23');
    expect(screen.getByText('Why reason guides action.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Related terms' })).getByText('Objectivity')).toBeInTheDocument();
  });

  it('a creator shows their bio and their content, page by page', async () => {
    const creator = { id: 'c-1', name: 'Ayn Rand', slug: 'ayn-rand', email: null, bio: 'Novelist and philosopher.', title: 'Novelist', organization: null, expertise: ['fiction'], imageUrl: null, creatorType: 'PERSON', featured: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
    const { server } = await renderLibrary('/creators/ayn-rand?page=2', [{ path: 'creators/:slug', element: <CreatorPage /> }], undefined, {
      'creators.content': { creator, content: [aRecord({ title: 'The Fountainhead' })], total: 13, page: 2, limit: 12, totalPages: 2 },
    });
    expect(server.lastInput('creators.content')).toEqual({ slug: 'ayn-rand', page: 2, limit: 12 });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ayn Rand');
    expect(screen.getByText('Novelist and philosopher.')).toBeInTheDocument();
    expect(screen.getByText('13 items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The Fountainhead' })).toHaveAttribute('href', '/library/books/the-fountainhead');
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/creators/ayn-rand');
  });

  it('an item of another type: its facts and texts; the work itself and its player wait for access', async () => {
    const lesson = {
      ...aRecord({ type: 'LESSON', title: 'Metaphysics', slug: 'lesson-1' }),
      overview: 'Existence exists.',
      transcript: 'The full transcript.',
      durationMinutes: 30,
      orderIndex: 1,
      objectives: ['State the axioms'],
      keyPoints: [],
      courseId: 'course-1',
      mediaAssets: [asset('v-1', 'x', 'VIDEO')],
      previous: null,
      next: aSummary('LESSON', 'Epistemology', 2, { slug: 'lesson-2' }),
    };
    let open = true;
    const routes = [{ path: 'library/:type/:slug', element: <ContentPage /> }];
    const { server } = await renderLibrary('/library/lessons/lesson-1', routes, undefined, {
      'lessons.bySlug': { item: lesson },
      'entitlements.content': () => ({ hasAccess: open }),
    });
    expect(server.lastInput('lessons.bySlug')).toEqual({ slug: 'lesson-1', includeRelations: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Metaphysics');
    expect(screen.getByText('30 minutes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch' })).toHaveAttribute('href', '/watch/v-1');
    expect(screen.getByText('The full transcript.')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Previous and next' })).getByRole('link', { name: /Epistemology/ })).toHaveAttribute('href', '/library/lessons/lesson-2');
    expect(screen.queryByText('Locked')).not.toBeInTheDocument();

    open = false;
    const locked = await renderLibrary('/library/lessons/lesson-1', routes, undefined, { 'lessons.bySlug': { item: { ...lesson, accessType: 'STAFF' } }, 'entitlements.content': () => ({ hasAccess: open }) });
    expect(locked.container).toHaveTextContent('This lesson is open to staff only.');
    expect(within(locked.container).queryByRole('link', { name: 'Watch' })).not.toBeInTheDocument();
    expect(within(locked.container).queryByText('The full transcript.')).not.toBeInTheDocument();
    expect(within(locked.container).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('an unknown type or a missing item is not found', async () => {
    const routes = [{ path: 'library/:type/:slug', element: <ContentPage /> }];
    await renderLibrary('/library/novels/atlas', routes);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    const view = await renderLibrary('/library/essays/gone', routes, undefined, { 'essays.bySlug': notFound('Essay not found') });
    expect(within(view.container).getByRole('heading', { level: 1 })).toHaveTextContent('Essay not found');
  });
});

describe('the home page’s library', { timeout: 20_000 }, () => {
  // The app shell gives HomePage its library part lazily (app/routes.tsx); loaded here first, its import resolves at once under the fake clock.
  const LibraryHome = lazy(() => import('../../../web/src/features/library/LibraryHome'));
  beforeAll(async () => {
    await import('../../../web/src/features/library/LibraryHome');
  });
  const featured = [aRecord({ title: 'Atlas Shrugged', featured: true }), aRecord({ type: 'COURSE', title: 'Introduction to Objectivism', featured: true })];

  it('shows a visitor the featured items and no suggestions', async () => {
    const { server } = await renderLibrary('/', [{ index: true, element: <HomePage library={<LibraryHome />} /> }], undefined, { 'library.list': pageOf(featured) });
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to the Objectivism Learning Platform');
    expect(within(screen.getByRole('region', { name: 'Featured in the library' })).getByRole('link', { name: 'Atlas Shrugged' })).toBeInTheDocument();
    expect(server.lastInput('library.list')).toMatchObject({ filter: { featured: true }, limit: 8 });
    expect(screen.queryByRole('region', { name: 'Recommended for you' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Continue where you left off' })).not.toBeInTheDocument();
    expect(server.callsTo('library.recommendations')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Browse the whole library' })).toHaveAttribute('href', '/library');
  });

  it('shows a signed-in member where they left off and suggestions', async () => {
    const progress = {
      contentId: 'p-1',
      status: 'IN_PROGRESS',
      percentage: 40,
      position: 1200,
      duration: null,
      totalTimeSpent: 300,
      sessionCount: 2,
      rating: null,
      isFavorited: false,
      isBookmarked: false,
      wasDismissed: false,
      discoverySource: null,
      metadata: {},
      startedAt: '2026-02-01T00:00:00.000Z',
      completedAt: null,
      lastAccessedAt: '2026-02-02T00:00:00.000Z',
      updatedAt: '2026-02-02T00:00:00.000Z',
      content: { ...aSummary('CHAPTER', 'The Theme', 1, { slug: 'atlas-shrugged-chapter-1' }), orderIndex: undefined },
    };
    const { server } = await renderLibrary('/', [{ index: true, element: <HomePage library={<LibraryHome />} /> }], (_s, auth) => auth.signedIn(), {
      'library.list': pageOf(featured),
      'library.recommendations': { items: [aRecord({ type: 'ESSAY', title: 'The Objectivist Ethics' })] },
      'progress.list': { progress: [progress], total: 1, page: 1, limit: 6, totalPages: 1 },
    });
    await settle();
    await elapse(100);
    expect(server.lastInput('library.recommendations')).toEqual({ limit: 4 });
    expect(within(screen.getByRole('region', { name: 'Recommended for you' })).getByRole('link', { name: 'The Objectivist Ethics' })).toHaveAttribute('href', '/library/essays/the-objectivist-ethics');
    expect(screen.getByRole('heading', { name: 'Continue where you left off' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /The Theme/ })).toHaveAttribute('href', '/read/chapters/atlas-shrugged-chapter-1');
    expect(within(screen.getByRole('region', { name: 'Featured in the library' })).getByRole('link', { name: 'Atlas Shrugged' })).toBeInTheDocument();
  });
});
