/** "Continue where you left off" on the dashboard, and /my-library. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContinueSection } from '../../../web/src/lib/progress/ContinueSection';
import { MyLibraryPage } from '../../../web/src/features/progress/MyLibraryPage';
import { aUser } from './auth-fixtures';
import { anEntry, fakeTrpcServer, listOf, ProcedureError, renderWithTrpc } from './progress-fixtures';

const continueRoutes = [{ path: '/dashboard', element: <ContinueSection /> }];

describe('ContinueSection', () => {
  it('lists the items in progress, most recent first as the server orders them, each linking to where to resume', async () => {
    const server = fakeTrpcServer();
    server.auth.signedIn(aUser());
    server.procedure('progress.list', () =>
      listOf([
        anEntry({ contentId: 'c1', type: 'LESSON', slug: 'lesson-1', title: 'Metaphysics', percentage: 37.5, metadata: { mediaAssetId: 'm1' } }),
        anEntry({ contentId: 'c2', type: 'CHAPTER', slug: 'atlas-1', title: 'The Theme', percentage: 60 }),
        anEntry({ contentId: 'c3', type: 'COURSE', slug: 'intro', title: 'Introduction', percentage: 10 }),
      ]),
    );
    renderWithTrpc({ path: '/dashboard', routes: continueRoutes });
    const region = await screen.findByRole('region', { name: 'Continue where you left off' });
    const links = await within(region).findAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['LessonMetaphysics, 38% done. Watch · 38%', '/watch/m1'],
      ['ChapterThe Theme, 60% done. Read · 60%', '/read/chapters/atlas-1'],
      ['CourseIntroduction, 10% done. Open · 10%', '/library/courses/intro'],
    ]);
    expect(server.callsTo('progress.list')[0]!.input).toEqual({ status: 'IN_PROGRESS', limit: 6, page: 1 });
  });

  it('says so when nothing is in progress', async () => {
    const server = fakeTrpcServer();
    server.auth.signedIn(aUser());
    server.procedure('progress.list', () => listOf([]));
    renderWithTrpc({ path: '/dashboard', routes: continueRoutes });
    expect(await screen.findByText(/Nothing in progress yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'library' })).toHaveAttribute('href', '/library');
  });

  it('shows loading, then a failure with a way to try again', async () => {
    const server = fakeTrpcServer();
    server.auth.signedIn(aUser());
    let fail = true;
    server.procedure('progress.list', () => {
      if (fail) throw new ProcedureError('INTERNAL_SERVER_ERROR', 500);
      return listOf([anEntry({ contentId: 'c2', type: 'ESSAY', slug: 'mans-rights', title: 'Man’s Rights' })]);
    });
    renderWithTrpc({ path: '/dashboard', routes: continueRoutes });
    expect(await screen.findByText('Loading what you were reading and watching…')).toBeInTheDocument();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('We could not load what you were reading and watching.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Man’s Rights/ })).toHaveAttribute('href', '/read/essays/mans-rights');
  }, 15_000);

  it('renders nothing for a visitor, and asks nothing', async () => {
    const server = fakeTrpcServer();
    renderWithTrpc({ path: '/dashboard', routes: [{ path: '/dashboard', element: <><ContinueSection /><p>Page</p></> }] });
    expect(await screen.findByText('Page')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Continue where you left off' })).toBeNull();
    expect(server.callsTo('progress.list')).toEqual([]);
  });
});

describe('MyLibraryPage', () => {
  it('lists favorites and bookmarks separately, with empty states, and removes an item from a list', async () => {
    const server = fakeTrpcServer();
    server.auth.signedIn(aUser());
    let favorited = true;
    server.procedure('progress.list', (input) => {
      const query = input as { isFavorited?: boolean; isBookmarked?: boolean };
      if (query.isFavorited) return listOf(favorited ? [anEntry({ contentId: 'c1', type: 'CHAPTER', slug: 'atlas-1', title: 'The Theme', isFavorited: true })] : []);
      return listOf([]);
    });
    server.procedure('progress.recordContent', (input) => {
      expect(input).toEqual({ contentId: 'c1', isFavorited: false });
      favorited = false;
      return { progress: { ...anEntry({ contentId: 'c1', type: 'CHAPTER', slug: 'atlas-1', title: 'The Theme' }), content: undefined } };
    });
    renderWithTrpc({ path: '/my-library', routes: [{ path: '/my-library', element: <MyLibraryPage /> }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'My library' })).toBeInTheDocument();
    const favorites = screen.getByRole('region', { name: /^Favorites/ });
    expect(await within(favorites).findByRole('link', { name: 'The Theme' })).toHaveAttribute('href', '/read/chapters/atlas-1');
    expect(within(favorites).getByText('40% done')).toBeInTheDocument();
    const bookmarks = screen.getByRole('region', { name: 'Bookmarks' });
    expect(await within(bookmarks).findByText(/No bookmarks yet\./)).toBeInTheDocument();

    await userEvent.click(within(favorites).getByRole('button', { name: 'Remove from favorites: The Theme' }));
    expect(await within(favorites).findByText(/No favorites yet\./)).toBeInTheDocument();
  });
});
