/**
 * The content editor: every type's form shows the shared schema's messages word for word (spec 002
 * §5 Content, each type's '{Type} overview is required' among them), starts from the type defaults of
 * spec 002 §3, sends what the server's schema reads, and shows the server's refusals.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPES, TYPE_LABELS, type ContentType } from '../../../domain/content/constants';
import { contentFormSchema, contentFormSections, defaultValues, linkLists, newLinkRow, valuesFromItem } from '../../../web/src/features/admin/content-form';
import { typeSlug } from '../../../web/src/features/admin/content-types';
import { fakeAdminServer, preloadAdminPages, renderAdmin, trpcError, trpcInput, trpcOk, where } from './admin-fixtures';

beforeAll(preloadAdminPages, 60_000);

const BOOK_ID = '6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11';
const NEW_ID = '0c1b2f3e-1111-4c8a-9d1e-6f0d5d1c2a22';

/** The messages an empty form of each type gives, besides 'Title is required' and 'Slug is required'. */
const REQUIRED_MESSAGES: Record<ContentType, string[]> = {
  BOOK: ['At least one format is required'],
  CHAPTER: ['Book is required', 'Order index is required'],
  ESSAY: [],
  EXCERPT: ['Excerpt text is required'],
  LEXICON_TERM: ['Term is required', 'Normalized term is required', 'First letter is required'],
  COURSE: ['Course overview is required'],
  LESSON: ['Course is required', 'Order index is required', 'Lesson overview is required'],
  PLAYLIST: ['Playlist overview is required'],
  LECTURE: ['Playlist is required', 'Order index is required', 'Lecture overview is required'],
  INTERVIEW: ['Interview overview is required'],
  CLIP: ['Clip overview is required'],
  ARTIFACT: ['Artifact overview is required'],
  DISCUSSION: ['Discussion overview is required'],
  TRACK: ['Track overview is required'],
};

const messagesOf = (type: ContentType, values: Record<string, unknown>) => {
  const result = contentFormSchema(type).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the type defaults of spec 002 §3', () => {
  it.each(CONTENT_TYPES)('%s starts OPEN, not featured, with empty lists and no status in the form', (type) => {
    const values = defaultValues(type);
    expect(values).toMatchObject({ accessType: 'OPEN', featured: false, tags: [], contributors: [], creators: [], relations: [], title: '', slug: '' });
    expect(values).not.toHaveProperty('status');
  });

  it('gives each type its own defaults', () => {
    expect(defaultValues('BOOK')).toMatchObject({ language: 'en', bookType: 'FICTION', formats: [], newVersion: false });
    expect(defaultValues('CLIP')).toMatchObject({ clipType: 'STANDALONE' });
    expect(defaultValues('ARTIFACT')).toMatchObject({ isRestricted: true, isDigitized: false });
    expect(defaultValues('DISCUSSION')).toMatchObject({ isVirtual: true, currentParticipants: 0 });
    expect(defaultValues('TRACK')).toMatchObject({ sequential: true, items: [] });
    expect(defaultValues('COURSE')).toMatchObject({ sequential: false });
    const steps = linkLists('TRACK').find((list) => list.name === 'items')!;
    expect(newLinkRow(steps, [])).toEqual({ contentId: '', orderIndex: 0, description: '', isRequired: true });
    expect(newLinkRow(steps, [{ orderIndex: 4 }])).toMatchObject({ orderIndex: 5, isRequired: true });
    const books = linkLists('ESSAY').find((list) => list.name === 'books')!;
    expect(newLinkRow(books, [])).toEqual({ bookId: '', orderIndex: 1 });
  });

  it('puts the parent it is created under in its place', () => {
    expect(defaultValues('CHAPTER', BOOK_ID)).toMatchObject({ bookId: BOOK_ID });
    expect(defaultValues('LESSON', BOOK_ID)).toMatchObject({ courseId: BOOK_ID });
    expect(defaultValues('LECTURE', BOOK_ID)).toMatchObject({ playlistId: BOOK_ID });
    expect(defaultValues('EXCERPT', BOOK_ID)).toMatchObject({ lexiconTerms: [{ lexiconTermId: BOOK_ID, orderIndex: 0 }] });
    expect(contentFormSections('CHAPTER')[1]!.fields[0]).toMatchObject({ name: 'bookId', label: 'Book', widget: 'reference', target: 'BOOK', required: true });
    expect(contentFormSections('EXCERPT')[1]!.fields.find((f) => f.name === 'excerpt')).toMatchObject({ label: 'Excerpt text', required: true });
  });
});

describe('the shared schema speaks for the form', () => {
  it.each(CONTENT_TYPES)('an empty %s gives the spec’s messages', (type) => {
    const messages = messagesOf(type, defaultValues(type));
    expect(messages).toMatchObject({ title: 'Title is required', slug: 'Slug is required' });
    expect(Object.values(messages).sort()).toEqual(['Slug is required', 'Title is required', ...REQUIRED_MESSAGES[type]].sort());
  });

  it('checks each rule of spec 002 §5 Content with its message', () => {
    const valid = (type: ContentType, extra: Record<string, unknown>) => ({ ...defaultValues(type), title: 'T', slug: 't', overview: 'O', ...extra });
    expect(messagesOf('BOOK', valid('BOOK', { formats: ['PAPERBACK'], slug: 'Not A Slug' }))).toEqual({ slug: 'Slug must contain only lowercase letters, numbers, and hyphens' });
    expect(messagesOf('CHAPTER', valid('CHAPTER', { bookId: BOOK_ID, orderIndex: -1 }))).toEqual({ orderIndex: 'Order index must be a whole number, 0 or more' });
    expect(messagesOf('CLIP', valid('CLIP', { durationSeconds: -5 }))).toEqual({ durationSeconds: 'Clip duration must be a whole number of seconds, 0 or more' });
    expect(messagesOf('LESSON', valid('LESSON', { courseId: BOOK_ID, orderIndex: 1, durationMinutes: 0 }))).toEqual({ durationMinutes: 'Lesson duration must be a positive whole number' });
    expect(messagesOf('LEXICON_TERM', valid('LEXICON_TERM', { term: 'Egoism', normalizedTerm: 'egoism', firstLetter: 'EG' }))).toEqual({ firstLetter: 'First letter must be a single character' });
    expect(messagesOf('ESSAY', valid('ESSAY', { books: [{ bookId: BOOK_ID, orderIndex: 0 }] }))).toEqual({ 'books.0.orderIndex': 'Order index must be at least 1' });
    expect(messagesOf('ESSAY', valid('ESSAY', { discussions: [{ discussionId: '', orderIndex: 1 }] }))).toEqual({ 'discussions.0.discussionId': 'Discussion is required' });
    expect(messagesOf('BOOK', valid('BOOK', { formats: ['PAPERBACK'], faq: '{not json' }))).toEqual({ faq: 'faq must be valid JSON' });
    expect(messagesOf('DISCUSSION', valid('DISCUSSION', { zoomLink: 'zoom' }))).toEqual({ zoomLink: 'Zoom link must be a valid URL' });
  });

  it('loads an item back into the same values (a book’s shared fields under `content`, JSON as text)', () => {
    const book = {
      id: BOOK_ID,
      contentId: BOOK_ID,
      type: 'NON_FICTION',
      bookType: 'NON_FICTION',
      language: 'en',
      formats: ['EBOOK'],
      faq: [{ q: 'Why?', a: 'Because.' }],
      totalPages: 300,
      content: { id: BOOK_ID, title: 'Anthem', slug: 'anthem', subtitle: null, status: 'DRAFT', accessType: 'MEMBERS', tags: ['fiction'], featured: true },
      creators: [{ creatorId: NEW_ID, name: 'Ayn Rand', slug: 'ayn-rand', imageUrl: null, role: 'AUTHOR', orderIndex: 0 }],
      relatedContent: [],
    };
    const values = valuesFromItem('BOOK', book);
    expect(values).toMatchObject({ title: 'Anthem', slug: 'anthem', subtitle: '', bookType: 'NON_FICTION', accessType: 'MEMBERS', featured: true, tags: ['fiction'], formats: ['EBOOK'], totalPages: 300, publicationDate: null, creators: [{ creatorId: NEW_ID, role: 'AUTHOR', orderIndex: 0 }] });
    expect(JSON.parse(values.faq as string)).toEqual(book.faq);
    expect(messagesOf('BOOK', values)).toEqual({});
  });
});

describe('the new-content page', { timeout: 30_000 }, () => {
  it.each(CONTENT_TYPES)('shows every required message of a %s on an empty submit, and sends nothing', async (type) => {
    const server = fakeAdminServer();
    const user = userEvent.setup();
    renderAdmin(`/admin/content/new/${typeSlug(type)}`);
    const label = TYPE_LABELS[type].toLowerCase();
    expect(await screen.findByRole('heading', { level: 1, name: `New ${label}` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Create ${label}` }));
    for (const message of ['Title is required', 'Slug is required', ...REQUIRED_MESSAGES[type]]) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.filter((call) => call.method === 'POST' && call.path.startsWith('/trpc/'))).toEqual([]);
  });

  it('creates a book with its defaults, refreshes, and opens it', async () => {
    const server = fakeAdminServer();
    server.on('POST /trpc/books.create', (call) => trpcOk({ book: { ...(trpcInput(call) as object), id: NEW_ID, contentId: NEW_ID, content: { id: NEW_ID, title: 'Anthem', slug: 'anthem', status: 'DRAFT', publishedAt: null, updatedAt: '2026-03-01T00:00:00.000Z' } } }));
    server.on('GET /trpc/books.byId', trpcOk({ book: { id: NEW_ID, contentId: NEW_ID, bookType: 'FICTION', type: 'FICTION', formats: ['PAPERBACK'], language: 'en', content: { id: NEW_ID, title: 'Anthem', slug: 'anthem', status: 'DRAFT', publishedAt: null, accessType: 'OPEN', tags: [], updatedAt: '2026-03-01T00:00:00.000Z' }, chapters: [], creators: [], relatedContent: [] } }));
    const user = userEvent.setup();
    renderAdmin('/admin/content/new/book');
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Anthem');
    expect(screen.getByRole('textbox', { name: /^Slug/ })).toHaveValue('anthem');
    await user.click(screen.getByRole('checkbox', { name: 'Paperback' }));
    await user.click(screen.getByRole('button', { name: 'Create book' }));

    await waitFor(() => expect(where.path).toBe(`/admin/content/book/${NEW_ID}`));
    const [create] = server.callsTo('POST /trpc/books.create');
    expect(trpcInput(create!)).toMatchObject({ title: 'Anthem', slug: 'anthem', formats: ['PAPERBACK'], language: 'en', bookType: 'FICTION', accessType: 'OPEN', featured: false, newVersion: false, creators: [], relations: [] });
    expect(trpcInput(create!)).not.toHaveProperty('status');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anthem' })).toBeInTheDocument();
    expect(screen.getByText('Book created')).toBeInTheDocument();
  });

  it('shows the server’s refusal in a banner and under the field it names', async () => {
    const server = fakeAdminServer();
    server.on('POST /trpc/books.create', trpcError(409, 'CONFLICT', 'SLUG_TAKEN', 'A book with this slug already exists', [{ path: 'slug', message: 'This slug is taken' }]));
    const user = userEvent.setup();
    renderAdmin('/admin/content/new/book');
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Anthem');
    await user.click(screen.getByRole('checkbox', { name: 'Paperback' }));
    await user.click(screen.getByRole('button', { name: 'Create book' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('A book with this slug already exists');
    expect(screen.getByText('This slug is taken')).toBeInTheDocument();
    expect(where.path).toBe('/admin/content/new/book');
  });

  it('creates a chapter under its book, at the next free position', async () => {
    const server = fakeAdminServer();
    server.on('GET /trpc/books.byId', trpcOk({ book: { id: BOOK_ID, contentId: BOOK_ID, bookType: 'FICTION', type: 'FICTION', content: { id: BOOK_ID, title: 'Anthem', slug: 'anthem', status: 'PUBLISHED', publishedAt: null, updatedAt: '2026-03-01T00:00:00.000Z' }, chapters: [{ id: NEW_ID, type: 'CHAPTER', title: 'One', status: 'PUBLISHED', orderIndex: 0 }] } }));
    renderAdmin(`/admin/content/new/chapter?parent=${BOOK_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'New chapter' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Book/ })).toHaveValue('Anthem');
    expect(screen.getByRole('textbox', { name: /^Order index/ })).toHaveValue('1');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Anthem' })).toHaveAttribute('href', `/admin/content/book/${BOOK_ID}`);
  });

  it('says so for a type that does not exist', async () => {
    fakeAdminServer();
    renderAdmin('/admin/content/new/novel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unknown content type' })).toBeInTheDocument();
  });
});

describe('the creator form', { timeout: 30_000 }, () => {
  it('shows the spec’s creator messages (spec 002 §5 Creator)', async () => {
    const server = fakeAdminServer();
    const user = userEvent.setup();
    renderAdmin('/admin/creators/new');
    await user.click(await screen.findByRole('button', { name: 'Create creator' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'not-an-address');
    await user.type(screen.getByRole('textbox', { name: /^Image URL/ }), 'picture');
    await user.type(screen.getByRole('textbox', { name: /^Slug/ }), 'Ayn Rand');
    expect(await screen.findByText('Valid email is required')).toBeInTheDocument();
    expect(screen.getByText('Valid image URL is required')).toBeInTheDocument();
    expect(screen.getByText('Slug must contain only lowercase letters, numbers, and hyphens')).toBeInTheDocument();
    expect(server.callsTo('POST /trpc/creators.create')).toEqual([]);
  });
});
