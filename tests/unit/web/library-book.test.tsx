import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookPage } from '../../../web/src/features/library/BookPage';
import { aMediaAsset, aRecord, aSummary, elapse, notFound, renderLibrary, serverError, settle, where } from './library-fixtures';

const routes = [{ path: 'library/books/:slug', element: <BookPage /> }];

const content = aRecord({ title: 'Atlas Shrugged', subtitle: 'A novel', author: 'Ayn Rand', description: 'The mind on strike.', tags: ['fiction', 'ethics'] });

function aBook(overrides: Record<string, unknown> = {}, record = content) {
  return {
    id: record.id,
    contentId: record.id,
    type: 'FICTION',
    content: record,
    isbn: null,
    publisher: 'Random House',
    publicationDate: '1957-10-10',
    totalPages: 1168,
    language: 'en',
    formats: ['PAPERBACK', 'EBOOK'],
    newVersion: false,
    purchaseLink: 'https://books.example.test/atlas',
    bookType: 'FICTION',
    tableOfContents: [{ part: 'Part One: Non-Contradiction' }, { part: 'Part Two: Either-Or' }],
    background: null,
    summary: 'Dagny Taggart fights to keep her railroad running.',
    excerpt: null,
    whyRead: null,
    themes: ['reason', 'individualism'],
    characters: [],
    authorBio: null,
    faq: '[{"question":"Who is John Galt?","answer":"The question the novel sets out to answer."}]',
    essaysOverview: null,
    rating: 4.6,
    pricing: { currency: 'USD', paperback: 2200 },
    chapters: [aSummary('CHAPTER', 'The Theme', 1, { slug: 'atlas-shrugged-chapter-1', description: 'Eddie Willers walks to work.' }), aSummary('CHAPTER', 'The Chain', 2, { slug: 'atlas-shrugged-chapter-2' })],
    essays: [aSummary('ESSAY', 'The Objectivist Ethics', 1, { slug: 'the-objectivist-ethics' })],
    creators: [{ creatorId: 'c-1', name: 'Ayn Rand', slug: 'ayn-rand', imageUrl: null, role: 'AUTHOR', orderIndex: 0 }],
    mediaAssets: [],
    relatedContent: [{ ...aSummary('BOOK', 'The Fountainhead', 0, { slug: 'the-fountainhead' }), relationType: 'RELATED' }],
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...overrides,
  };
}

describe('a book’s page (/library/books/:slug)', { timeout: 20_000 }, () => {
  it('shows the cover, creators, facts, contents, chapters and essays to the reader, FAQ, pricing and related books', async () => {
    const { server } = await renderLibrary('/library/books/atlas-shrugged', routes, undefined, { 'books.bySlug': { book: aBook() } });
    expect(server.lastInput('books.bySlug')).toEqual({ slug: 'atlas-shrugged', includeRelations: true });
    expect(server.lastInput('entitlements.content')).toEqual({ id: content.id });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Atlas Shrugged');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Library/Books/Atlas Shrugged');
    expect(screen.getByText('A novel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ayn Rand' })).toHaveAttribute('href', '/creators/ayn-rand');
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByRole('link', { name: 'fiction' })).toHaveAttribute('href', '/library?tag=fiction');
    expect(screen.getByText('Random House')).toBeInTheDocument();
    expect(screen.getByText('October 10, 1957')).toBeInTheDocument();
    expect(screen.getByText('Paperback, E-book')).toBeInTheDocument();
    expect(screen.getByText('4.6 out of 5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start reading' })).toHaveAttribute('href', '/read/chapters/atlas-shrugged-chapter-1');
    expect(screen.getByRole('link', { name: /Buy the book/ })).toHaveAttribute('href', 'https://books.example.test/atlas');

    expect(within(screen.getByRole('region', { name: 'Table of contents' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Part One: Non-Contradiction', 'Part Two: Either-Or']);
    const chapters = screen.getByRole('list', { name: 'Chapters' });
    expect(within(chapters).getAllByRole('listitem')).toHaveLength(2);
    expect(within(chapters).getAllByRole('listitem')[0]).toHaveTextContent('Chapter 1The ThemeEddie Willers walks to work.');
    expect(within(chapters).getByRole('link', { name: 'The Chain' })).toHaveAttribute('href', '/read/chapters/atlas-shrugged-chapter-2');
    expect(within(screen.getByRole('list', { name: 'Essays' })).getByRole('link', { name: 'The Objectivist Ethics' })).toHaveAttribute('href', '/read/essays/the-objectivist-ethics');
    expect(screen.getByText('Who is John Galt?')).toBeInTheDocument();
    expect(screen.getByText('The question the novel sets out to answer.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Pricing' })).getByText('$22.00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Related' })).getByRole('link', { name: 'The Fountainhead' })).toHaveAttribute('href', '/library/books/the-fountainhead');
    expect(screen.queryByText('Locked')).not.toBeInTheDocument();
    // Sections without content are left out.
    expect(screen.queryByRole('heading', { name: 'Why read it' })).not.toBeInTheDocument();
  });

  it('shows a clear locked state when the entitlement check says no: chapters listed, not linked, and a way to sign in', async () => {
    const members = aRecord({ title: 'Atlas Shrugged', accessType: 'MEMBERS' });
    const { user } = await renderLibrary('/library/books/atlas-shrugged', routes, undefined, {
      'books.bySlug': { book: aBook({}, members) },
      'entitlements.content': { hasAccess: false },
    });
    const notice = screen.getByText('Locked').closest<HTMLElement>('[role="status"]')!;
    expect(notice).toHaveTextContent('Locked');
    expect(notice).toHaveTextContent('This book is for members. Sign in to open it.');
    expect(screen.getByText('· Members')).toBeInTheDocument();
    const chapters = screen.getByRole('list', { name: 'Chapters' });
    expect(within(chapters).queryAllByRole('link')).toHaveLength(0);
    expect(within(chapters).getByText('The Theme')).toBeInTheDocument();
    expect(within(chapters).getAllByText('(locked)')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Start reading' })).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('link', { name: 'Sign in' }));
    await settle();
    expect(where.path).toBe('/login?redirect=%2Flibrary%2Fbooks%2Fatlas-shrugged');
  });

  it('tells a signed-in member without the entitlement what the book needs, without a sign-in link', async () => {
    const premium = aRecord({ title: 'Atlas Shrugged', accessType: 'PREMIUM' });
    await renderLibrary('/library/books/atlas-shrugged', routes, (_server, auth) => auth.signedIn(), {
      'books.bySlug': { book: aBook({}, premium) },
      'entitlements.content': { hasAccess: false },
    });
    expect(screen.getByText('This book is part of the premium library, which your account does not include yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('answers a missing book with "Book not found" and a way back to the library: the 404 reads as null, asked once', async () => {
    const { server, queryClient } = await renderLibrary('/library/books/no-such-book', routes, undefined, { 'books.bySlug': notFound('Book not found') });
    await elapse(4_000);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Book not found');
    expect(screen.getByRole('link', { name: 'Browse the library' })).toHaveAttribute('href', '/library');
    const [lookup] = queryClient.getQueryCache().findAll({ queryKey: [['books', 'bySlug']] });
    expect(lookup?.state).toMatchObject({ status: 'success', data: null, error: null });
    expect(server.callsTo('books.bySlug')).toHaveLength(1);
  });

  it('counts a failed access check as no access: "Failed to check content access: 500", and Try again', async () => {
    let failing = true;
    const { user } = await renderLibrary('/library/books/atlas-shrugged', routes, undefined, {
      'books.bySlug': { book: aBook() },
      'entitlements.content': () => (failing ? serverError() : { hasAccess: true }),
    });
    // The transport retries the 5xx three times, a second apart, before the page hears of it.
    await elapse(4_000);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to check content access: 500Try again$/);
    expect(within(alert).getByText('Failed to check content access: 500')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start reading' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Chapters' })).queryAllByRole('link')).toHaveLength(0);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start reading' })).toBeInTheDocument();
  });

  it('names the status of a refused check too (a 404 is not retried)', async () => {
    await renderLibrary('/library/books/atlas-shrugged', routes, undefined, { 'books.bySlug': { book: aBook() }, 'entitlements.content': notFound() });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to check content access: 404');
    expect(screen.queryByRole('link', { name: 'Start reading' })).not.toBeInTheDocument();
  });

  it('lists the book’s media for those who may open it: video and audio to the player, images shown, documents linked', async () => {
    const media = [
      aMediaAsset({ id: 'v-1', type: 'VIDEO', caption: 'Atlas Shrugged: the film' }),
      aMediaAsset({ id: 'a-1', type: 'AUDIO', caption: null, url: 'https://cdn.example.test/audio/galt-speech.mp3' }),
      aMediaAsset({ id: 'i-1', type: 'IMAGE', caption: 'First edition', altText: 'The first edition’s cover', credit: 'Random House', url: 'https://cdn.example.test/img/first.jpg' }),
      aMediaAsset({ id: 'd-1', type: 'DOCUMENT', caption: 'Study guide', url: 'https://cdn.example.test/docs/guide.pdf' }),
    ];
    await renderLibrary('/library/books/atlas-shrugged', routes, undefined, { 'books.bySlug': { book: aBook({ mediaAssets: media }) } });
    const section = within(screen.getByRole('region', { name: 'Watch, listen and look' }));
    expect(section.getByRole('link', { name: 'Watch: Atlas Shrugged: the film' })).toHaveAttribute('href', '/watch/v-1');
    expect(section.getByRole('link', { name: 'Listen: galt-speech.mp3' })).toHaveAttribute('href', '/watch/a-1');
    expect(section.getByRole('img', { name: 'The first edition’s cover' })).toHaveAttribute('src', 'https://cdn.example.test/img/first.jpg');
    expect(section.getByText('First edition · Random House')).toBeInTheDocument();
    expect(section.getByRole('link', { name: /^Study guide ?\(document, opens in a new tab\)$/ })).toHaveAttribute('href', 'https://cdn.example.test/docs/guide.pdf');

    const locked = await renderLibrary('/library/books/atlas-shrugged', routes, undefined, {
      'books.bySlug': { book: aBook({ mediaAssets: media.map((m) => ({ ...m, url: null, locked: true })) }, aRecord({ title: 'Atlas Shrugged', accessType: 'MEMBERS' })) },
      'entitlements.content': { hasAccess: false },
    });
    expect(within(locked.container).queryByRole('region', { name: 'Watch, listen and look' })).not.toBeInTheDocument();
  });

  it('shows a failure with Try again when the book cannot be loaded', async () => {
    let failing = true;
    const { user } = await renderLibrary('/library/books/atlas-shrugged', routes, undefined, { 'books.bySlug': () => (failing ? serverError() : { book: aBook() }) });
    // The transport retries the 5xx three times, a second apart, before the page hears of it.
    await elapse(4_000);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load this book.');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Atlas Shrugged');
  });
});
