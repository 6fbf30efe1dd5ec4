/**
 * After a content change, the cached queries for content, creators, creator content, media assets and
 * related items are refreshed (spec 002 §7): by their tRPC query keys, so every page that shows them
 * (the library, a creator's page, the reader) reads them again; unrelated caches stay.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentChangeKeys, refreshAfterContentChange } from '../../../web/src/lib/content/queries';
import { createTestTrpc, fakeAdminServer, preloadAdminPages, renderAdmin, trpcInput, trpcOk, where } from './admin-fixtures';

beforeAll(preloadAdminPages, 60_000);

const BOOK_ID = '6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11';
const CREATOR_ID = '0c1b2f3e-1111-4c8a-9d1e-6f0d5d1c2a22';

/** One cached answer under each kind of key the library's pages use, and a few that are not content. */
function seedCaches(setup: ReturnType<typeof createTestTrpc>) {
  const { queryClient, trpc } = setup;
  const content = [
    trpc.books.bySlug.queryKey({ slug: 'anthem', includeRelations: true }),
    trpc.books.chapters.queryKey({ slug: 'anthem' }),
    trpc.chapters.listPage.queryKey({ page: 1, limit: 10, sort: undefined, includeRelations: false, filter: {} }),
    trpc.courses.children.queryKey({ slug: 'foundations' }),
    trpc.library.search.queryKey({ q: 'anthem' }),
    trpc.creators.bySlug.queryKey({ slug: 'ayn-rand' }),
    trpc.creators.content.queryKey({ slug: 'ayn-rand', page: 1, limit: 10 }),
    trpc.media.pathKey(),
    trpc.progress.pathKey(),
  ];
  const other = [trpc.account.pathKey(), ['app-config'], ['account', 'methods']];
  for (const key of [...content, ...other]) queryClient.setQueryData(key, { cached: true });
  return { content, other };
}

describe('the refresh after a content change', () => {
  it('covers every content type, the library, creators with their content, media assets, access answers and progress', () => {
    const { trpc } = createTestTrpc();
    const keys = contentChangeKeys(trpc).map((key) => JSON.stringify(key));
    for (const router of ['books', 'chapters', 'essays', 'excerpts', 'lexiconTerms', 'courses', 'lessons', 'playlists', 'lectures', 'interviews', 'clips', 'artifacts', 'discussions', 'tracks', 'library', 'creators', 'media', 'entitlements', 'progress']) {
      expect(keys).toContain(JSON.stringify([[router]]));
    }
  });

  it('marks those caches stale and leaves the others', async () => {
    const setup = createTestTrpc();
    const { content, other } = seedCaches(setup);
    await refreshAfterContentChange(setup.queryClient, setup.trpc);
    for (const key of content) expect(setup.queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    for (const key of other) expect(setup.queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(false);
  });
});

const bookAnswer = (status = 'DRAFT') => ({
  book: {
    id: BOOK_ID,
    contentId: BOOK_ID,
    type: 'FICTION',
    bookType: 'FICTION',
    language: 'en',
    formats: ['PAPERBACK'],
    content: { id: BOOK_ID, type: 'BOOK', title: 'Anthem', slug: 'anthem', status, published: status === 'PUBLISHED', publishedAt: null, accessType: 'OPEN', tags: [], contributors: [], featured: false, updatedAt: '2026-03-01T00:00:00.000Z' },
    chapters: [],
    creators: [{ creatorId: CREATOR_ID, name: 'Ayn Rand', slug: 'ayn-rand', imageUrl: null, role: 'AUTHOR', orderIndex: 0 }],
    relatedContent: [],
  },
});

describe('the editor', { timeout: 30_000 }, () => {
  it('saves a change, then refreshes the caches a creator’s page and the library read', async () => {
    const server = fakeAdminServer();
    server.on('GET /trpc/books.byId', trpcOk(bookAnswer()));
    server.on('POST /trpc/books.update', (call) => trpcOk({ book: { ...bookAnswer().book, subtitle: (trpcInput(call) as { subtitle: string }).subtitle } }));
    const setup = createTestTrpc();
    const { content } = seedCaches(setup);
    const user = userEvent.setup();
    renderAdmin(`/admin/content/book/${BOOK_ID}`, undefined, setup);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anthem' })).toBeInTheDocument();
    // The credit came with the answer: the creator's name shows in their row.
    expect(screen.getByRole('combobox', { name: /^Creator 1/ })).toHaveValue('Ayn Rand');
    await user.type(screen.getByRole('textbox', { name: 'Subtitle' }), 'A novelette');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    const [update] = server.callsTo('POST /trpc/books.update');
    expect(trpcInput(update!)).toMatchObject({ id: BOOK_ID, title: 'Anthem', subtitle: 'A novelette', creators: [{ creatorId: CREATOR_ID, role: 'AUTHOR', orderIndex: 0 }] });
    for (const key of content) expect(setup.queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    // The item itself is read again.
    await waitFor(() => expect(server.callsTo('GET /trpc/books.byId').length).toBeGreaterThanOrEqual(2));
  });

  it('publishes through the lifecycle, and refreshes', async () => {
    const server = fakeAdminServer();
    let status = 'DRAFT';
    server.on('GET /trpc/books.byId', () => trpcOk(bookAnswer(status)));
    server.on('POST /trpc/books.update', (call) => {
      status = (trpcInput(call) as { status: string }).status;
      return trpcOk(bookAnswer(status));
    });
    const setup = createTestTrpc();
    const { content } = seedCaches(setup);
    const user = userEvent.setup();
    renderAdmin(`/admin/content/book/${BOOK_ID}`, undefined, setup);
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    // The button pressed is gone: the focus waits on the panel's heading.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Status' })).toHaveFocus());
    expect(trpcInput(server.callsTo('POST /trpc/books.update')[0]!)).toEqual({ id: BOOK_ID, status: 'PUBLISHED' });
    for (const key of content) expect(setup.queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('deletes after confirmation, then refreshes and goes back to the list', async () => {
    const server = fakeAdminServer();
    server.on('GET /trpc/books.byId', trpcOk(bookAnswer()));
    server.on('POST /trpc/books.delete', trpcOk({ id: BOOK_ID }));
    const setup = createTestTrpc();
    const { content } = seedCaches(setup);
    const user = userEvent.setup();
    renderAdmin(`/admin/content/book/${BOOK_ID}`, undefined, setup);
    await user.click(await screen.findByRole('button', { name: 'Delete book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Anthem”?' });
    expect(dialog).toHaveTextContent('This removes the book from the library for good.');
    expect(server.callsTo('POST /trpc/books.delete')).toEqual([]);
    await user.click(screen.getAllByRole('button', { name: 'Delete book' }).at(-1)!);
    await waitFor(() => expect(where.path).toBe('/admin/content'));
    expect(trpcInput(server.callsTo('POST /trpc/books.delete')[0]!)).toEqual({ id: BOOK_ID });
    await waitFor(() => {
      for (const key of content) expect(setup.queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    });
  });
});
