/** Books at the spec's paths (spec 001 §3, §7) against a real server and database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { startLibraryServer, type Member, slug, patch, del } from '../support/library';
import type { TestServer } from '../support/server';

let server: TestServer, editor: Member, admin: Member, member: Member, visitor: ApiClient;
beforeAll(async () => ({ server, editor, admin, member, visitor } = await startLibraryServer()));
afterAll(async () => server.close());

async function createBook(fields: Record<string, unknown> = {}, api: ApiClient = editor) {
  const res = await api.post('/api/books', { title: 'Atlas Shrugged', slug: slug(), formats: ['PAPERBACK'], ...fields });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.book;
}

describe('POST /api/books', () => {
  it('creates a book with the spec defaults and answers it in the spec shape', async () => {
    const s = slug('atlas');
    const res = await editor.post('/api/books', {
      title: 'Atlas Shrugged',
      slug: s,
      formats: ['PAPERBACK', 'EBOOK'],
      description: 'A mystery story about a man who stopped the motor of the world.',
      tableOfContents: JSON.stringify([{ part: 'Non-Contradiction', chapters: 10 }]),
      faq: JSON.stringify([{ q: 'Who is John Galt?', a: 'Read on.' }]),
      pricing: '{"paperback":1999}',
      // Dropped on save (spec 001 §3 Book).
      id: '00000000-0000-0000-0000-000000000001',
      contentId: 'nope',
      createdAt: '2000-01-01T00:00:00Z',
      updatedAt: '2000-01-01T00:00:00Z',
      classroomAccess: [{ code: 'X' }],
      orderItems: [{ id: 1 }],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const book = res.json.book;
    expect(res.json.success).toBe(true);
    expect(book.id).not.toBe('00000000-0000-0000-0000-000000000001');
    expect(book.contentId).toBe(book.id);
    expect(book).toMatchObject({
      type: 'FICTION',
      language: 'en',
      bookType: 'FICTION',
      formats: ['PAPERBACK', 'EBOOK'],
      tableOfContents: [{ part: 'Non-Contradiction', chapters: 10 }],
      faq: [{ q: 'Who is John Galt?', a: 'Read on.' }],
      pricing: { paperback: 1999 },
      newVersion: false,
      themes: [],
    });
    expect(book.content).toMatchObject({ type: 'BOOK', title: 'Atlas Shrugged', slug: s, status: 'DRAFT', published: false, publishedAt: null, accessType: 'OPEN', featured: false, tags: [] });
    expect(book.createdAt).toBe(book.content.createdAt);
    expect(book).not.toHaveProperty('classroomAccess');
    expect(book).not.toHaveProperty('orderItems');
  });

  it('takes bookType, and JSON values as well as JSON strings', async () => {
    const book = await createBook({ bookType: 'NON_FICTION', tableOfContents: [{ title: 'The Objectivist Ethics' }] });
    expect(book.type).toBe('NON_FICTION');
    expect(book.tableOfContents).toEqual([{ title: 'The Objectivist Ethics' }]);
  });

  it.each([
    [{ slug: 'ok-slug', formats: ['PAPERBACK'] }, 'title', 'Title is required'],
    [{ title: '   ', slug: 'ok-slug', formats: ['PAPERBACK'] }, 'title', 'Title is required'],
    [{ title: 'T', formats: ['PAPERBACK'] }, 'slug', 'Slug is required'],
    [{ title: 'T', slug: 'Atlas Shrugged', formats: ['PAPERBACK'] }, 'slug', 'Slug must contain only lowercase letters, numbers, and hyphens'],
    [{ title: 'T', slug: 'atlas_shrugged', formats: ['PAPERBACK'] }, 'slug', 'Slug must contain only lowercase letters, numbers, and hyphens'],
    [{ title: 'T', slug: 'list', formats: ['PAPERBACK'] }, 'slug', 'This slug is reserved for a route; please choose another'],
    [{ title: 'T', slug: 'id', formats: ['PAPERBACK'] }, 'slug', 'This slug is reserved for a route; please choose another'],
    [{ title: 'T', slug: 'ok-slug' }, 'formats', 'At least one format is required'],
    [{ title: 'T', slug: 'ok-slug', formats: [] }, 'formats', 'At least one format is required'],
    [{ title: 'T', slug: 'ok-slug', formats: ['PAPERBACK'], tableOfContents: '{not json' }, 'tableOfContents', 'tableOfContents must be valid JSON'],
    [{ title: 'T', slug: 'ok-slug', formats: ['PAPERBACK'], bookType: 'POEM' }, 'bookType', 'Book type must be one of FICTION, NON_FICTION'],
    [{ title: 'T', slug: 'ok-slug', formats: ['PAPERBACK'], rating: 6 }, 'rating', 'Must be at most 5'],
    [{ title: 'T', slug: 'ok-slug', formats: ['PAPERBACK'], totalPages: 0 }, 'totalPages', 'Total pages must be a positive whole number'],
  ])('refuses %j: %s "%s"', async (payload, path, message) => {
    const res = await editor.post('/api/books', payload);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json.errors).toContainEqual({ path, message });
  });

  it('refuses a slug another book has (409 SLUG_TAKEN)', async () => {
    const book = await createBook();
    const res = await editor.post('/api/books', { title: 'Again', slug: book.content.slug, formats: ['EBOOK'] });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ success: false, code: 'SLUG_TAKEN', message: 'A book with this slug already exists' });
  });

  it('answers 401 without a session and 403 to a member', async () => {
    const payload = { title: 'T', slug: slug(), formats: ['PAPERBACK'] };
    expect((await visitor.post('/api/books', payload)).status).toBe(401);
    const forbidden = await member.post('/api/books', payload);
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.code).toBe('FORBIDDEN');
  });

  it('publishes on creation with status PUBLISHED (or published true), stamping publishedAt', async () => {
    const a = await createBook({ status: 'PUBLISHED' });
    expect(a.content).toMatchObject({ status: 'PUBLISHED', published: true });
    expect(Date.parse(a.content.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    const b = await createBook({ published: true });
    expect(b.content).toMatchObject({ status: 'PUBLISHED', published: true });
    const clash = await editor.post('/api/books', { title: 'T', slug: slug(), formats: ['PAPERBACK'], status: 'DRAFT', published: true });
    expect(clash.status).toBe(422);
    expect(clash.json.code).toBe('PUBLISHED_STATUS_MISMATCH');
  });
});

describe('GET /api/books and /api/books/list', () => {
  const tag = `tag-${Date.now().toString(36)}`;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    for (let i = 0; i < 12; i++) {
      const book = await createBook({ title: `Listed ${i}`, tags: [tag], status: i < 11 ? 'PUBLISHED' : 'DRAFT', featured: i % 4 === 0 });
      ids[i] = book.id;
    }
  });

  it('lists published books by default, with paging fields and limit 100', async () => {
    const res = await visitor.get(`/api/books?tag=${tag}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, total: 11, page: 1, limit: 100, totalPages: 1 });
    expect(res.json.books).toHaveLength(11);
    expect(res.json.books.every((b: { content: { published: boolean } }) => b.content.published)).toBe(true);
    expect(res.json.books.map((b: { id: string }) => b.id)).not.toContain(ids[11]);
  });

  it('filters by featured and pages with limit and page', async () => {
    const featured = await visitor.get(`/api/books?tag=${tag}&featured=true`);
    expect(featured.json.books.map((b: { id: string }) => b.id).sort()).toEqual([ids[0], ids[4], ids[8]].sort());
    const page2 = await visitor.get(`/api/books?tag=${tag}&limit=5&page=2`);
    expect(page2.json).toMatchObject({ total: 11, page: 2, limit: 5, totalPages: 3 });
    expect(page2.json.books).toHaveLength(5);
    const page3 = await visitor.get(`/api/books?tag=${tag}&limit=5&page=3`);
    expect(page3.json.books).toHaveLength(1);
  });

  it('shows drafts only to editors: asking for them is 401 without a session, 403 to a member', async () => {
    expect((await visitor.get(`/api/books?tag=${tag}&published=false`)).status).toBe(401);
    expect((await member.get(`/api/books?tag=${tag}&published=false`)).status).toBe(403);
    expect((await member.get(`/api/books?tag=${tag}&status=DRAFT`)).status).toBe(403);
    const drafts = await editor.get(`/api/books?tag=${tag}&published=false`);
    expect(drafts.status).toBe(200);
    expect(drafts.json.books.map((b: { id: string }) => b.id)).toEqual([ids[11]]);
    const byStatus = await editor.get(`/api/books?tag=${tag}&status=DRAFT`);
    expect(byStatus.json.books.map((b: { id: string }) => b.id)).toEqual([ids[11]]);
  });

  it('/list pages by 10 by default and answers success, books, page, limit, total, totalPages', async () => {
    const res = await visitor.get(`/api/books/list?filter[tag]=${tag}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['books', 'limit', 'page', 'success', 'total', 'totalPages']);
    expect(res.json).toMatchObject({ success: true, page: 1, limit: 10, total: 11, totalPages: 2 });
    expect(res.json.books).toHaveLength(10);
  });

  it('/list shows editors every status, ignores ALL and empty filters, and refuses unknown ones', async () => {
    const all = await editor.get(`/api/books/list?filter[tag]=${tag}&filter[status]=ALL&filter[featured]=&limit=50`);
    expect(all.json.total).toBe(12);
    const drafts = await editor.get(`/api/books/list?filter[tag]=${tag}&filter[status]=DRAFT`);
    expect(drafts.json.books.map((b: { id: string }) => b.id)).toEqual([ids[11]]);
    const unknown = await editor.get(`/api/books/list?filter[colour]=red`);
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Unknown filter: colour');
  });

  it('refuses a limit above 100 and a page below 1', async () => {
    const big = await visitor.get('/api/books/list?limit=101');
    expect(big.status).toBe(400);
    expect(big.json.message).toBe('Limit must be between 1 and 100');
    const zero = await visitor.get('/api/books?page=0');
    expect(zero.status).toBe(400);
    expect(zero.json.message).toBe('Page must be at least 1');
  });

  it('ignores catalogue filters whose value is ALL or empty', async () => {
    const res = await visitor.get(`/api/books?tag=${tag}&featured=ALL&status=&creatorId=ALL&search=`);
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(11);
  });

  it('/list searches, and adds relations with includeRelations', async () => {
    const word = `Quodlibet${Date.now().toString(36).replace(/\d/g, 'q')}`;
    const book = await createBook({ title: `${word} Reconsidered`, status: 'PUBLISHED', tags: [tag] });
    const found = await visitor.get(`/api/books/list?search=${word.slice(0, 7).toLowerCase()}&includeRelations=true`);
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ success: true, total: 1, page: 1, limit: 10, totalPages: 1 });
    expect(found.json.books[0]).toMatchObject({ id: book.id, chapters: [], essays: [], creators: [], mediaAssets: [], relatedContent: [] });
    const plain = await visitor.get(`/api/books/list?search=${word}`);
    expect(plain.json.books[0]).not.toHaveProperty('chapters');
    const catalogue = await visitor.get(`/api/books?search=${word}&includeRelations=true`);
    expect(catalogue.json.books[0]).toMatchObject({ id: book.id, chapters: [], essays: [] });
    expect((await editor.request('DELETE', `/api/books/id/${book.id}`)).status).toBe(200);
  });

  it('searches titles with prefix matching', async () => {
    const unique = `Zyzzogeton${Date.now().toString(36)}`;
    const book = await createBook({ title: `${unique} and the Virtue of Reason`, status: 'PUBLISHED' });
    const res = await visitor.get(`/api/books?search=${encodeURIComponent(unique.slice(0, 8).toLowerCase())}%20virt`);
    expect(res.json.books.map((b: { id: string }) => b.id)).toContain(book.id);
    const none = await visitor.get(`/api/books?search=${unique}%20nothingmatcheshere`);
    expect(none.json.books).toEqual([]);
  });
});

describe('GET /api/books/id/{id} and /api/books/{slug}', () => {
  it('reads a published book by id and by slug; /list and /id are routes, not slugs', async () => {
    const book = await createBook({ status: 'PUBLISHED' });
    const byId = await visitor.get(`/api/books/id/${book.id}`);
    expect(byId.status).toBe(200);
    expect(byId.json.book.id).toBe(book.id);
    const bySlug = await visitor.get(`/api/books/${book.content.slug}`);
    expect(bySlug.json.book.id).toBe(book.id);
    expect(bySlug.json.book).not.toHaveProperty('chapters');
  });

  it('answers the envelope NOT_FOUND for a missing, malformed or draft book (to non-editors)', async () => {
    for (const path of ['/api/books/id/6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11', '/api/books/id/not-a-uuid', '/api/books/no-such-book']) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(404);
      expect(res.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const draft = await createBook();
    expect((await visitor.get(`/api/books/id/${draft.id}`)).status).toBe(404);
    expect((await member.get(`/api/books/${draft.content.slug}`)).status).toBe(404);
    expect((await editor.get(`/api/books/id/${draft.id}`)).status).toBe(200);
  });

  it('includes chapters, essays, creators, media assets and related content with includeRelations', async () => {
    const book = await createBook({ status: 'PUBLISHED', title: 'The Fountainhead' });
    const second = await editor.post('/api/chapters', { title: 'Howard Roark', slug: slug('ch'), bookId: book.id, orderIndex: 2, status: 'PUBLISHED', contentText: 'Howard Roark laughed.' });
    expect(second.status, JSON.stringify(second.json)).toBe(201);
    const first = await editor.post('/api/chapters', { title: 'Peter Keating', slug: slug('ch'), bookId: book.id, orderIndex: 1, status: 'PUBLISHED', contentText: 'Peter Keating.' });
    const draft = await editor.post('/api/chapters', { title: 'Draft chapter', slug: slug('ch'), bookId: book.id, orderIndex: 3 });
    expect(draft.status).toBe(201);
    const essay = await editor.post('/api/essays', { title: 'The Soul of an Individualist', slug: slug('essay'), status: 'PUBLISHED', books: [{ bookId: book.id, orderIndex: 1 }] });
    expect(essay.status, JSON.stringify(essay.json)).toBe(201);

    const res = await visitor.get(`/api/books/id/${book.id}?includeRelations=true`);
    expect(res.status).toBe(200);
    expect(res.json.book.chapters.map((c: { title: string }) => c.title)).toEqual(['Peter Keating', 'Howard Roark']);
    expect(res.json.book.chapters.map((c: { orderIndex: number }) => c.orderIndex)).toEqual([1, 2]);
    expect(res.json.book.essays.map((e: { id: string }) => e.id)).toEqual([essay.json.item.id]);
    expect(res.json.book).toMatchObject({ creators: [], mediaAssets: [], relatedContent: [] });
    const editorView = await editor.get(`/api/books/${book.content.slug}?includeRelations=true`);
    expect(editorView.json.book.chapters).toHaveLength(3);

    const chapters = await visitor.get(`/api/books/${book.content.slug}/chapters`);
    expect(chapters.status).toBe(200);
    expect(chapters.json.chapters.map((c: { title: string }) => c.title)).toEqual(['Peter Keating', 'Howard Roark']);
    expect(chapters.json.chapters[0]).toMatchObject({ bookId: book.id, orderIndex: 1, contentText: 'Peter Keating.', previousChapter: null, nextChapter: { id: second.json.item.id } });
    expect(chapters.json.chapters[1]).toMatchObject({ previousChapter: { id: first.json.item.id }, nextChapter: null });
    const essays = await visitor.get(`/api/books/${book.content.slug}/essays`);
    expect(essays.json.essays.map((e: { id: string }) => e.id)).toEqual([essay.json.item.id]);
    expect((await visitor.get('/api/books/no-such-book/chapters')).status).toBe(404);
    expect((await visitor.get('/api/books/no-such-book/essays')).json).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it("keeps a draft book's chapters and essays from visitors and members", async () => {
    const book = await createBook();
    await editor.post('/api/chapters', { title: 'Hidden', slug: slug('ch'), bookId: book.id, orderIndex: 0, status: 'PUBLISHED' });
    for (const api of [visitor, member]) {
      expect((await api.get(`/api/books/${book.content.slug}/chapters`)).status).toBe(404);
      expect((await api.get(`/api/books/${book.content.slug}/essays`)).status).toBe(404);
    }
    const mine = await editor.get(`/api/books/${book.content.slug}/chapters`);
    expect(mine.json.chapters.map((c: { title: string }) => c.title)).toEqual(['Hidden']);
  });

  it("gives the spec's messages for a blank id or slug at the REST paths", async () => {
    const byId = await visitor.get('/api/books/id/%20');
    expect(byId.status).toBe(400);
    expect(byId.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Book ID is required' });
    const bySlug = await visitor.get('/api/books/%20');
    expect(bySlug.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Book slug is required' });
    expect((await visitor.get('/api/books/%20/chapters')).json.message).toBe('Book slug is required');
    expect((await patch(editor, '/api/books/id/%20', { title: 'X' })).json.message).toBe('Book ID is required');
    expect((await del(editor, '/api/books/id/%20')).json.message).toBe('Book ID is required');
  });
});

describe('PATCH and DELETE /api/books/id/{id}', () => {
  it('changes only the fields sent, and keeps published and publishedAt with the status', async () => {
    const book = await createBook({ summary: 'Kept' });
    const res = await patch(editor, `/api/books/id/${book.id}`, { title: 'The Virtue of Selfishness', bookType: 'NON_FICTION', faq: '[]', id: 'ignored-in-body' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.book).toMatchObject({ id: book.id, type: 'NON_FICTION', summary: 'Kept', faq: [] });
    expect(res.json.book.content).toMatchObject({ title: 'The Virtue of Selfishness', slug: book.content.slug });

    const published = await patch(editor, `/api/books/id/${book.id}`, { status: 'PUBLISHED' });
    expect(published.json.book.content).toMatchObject({ status: 'PUBLISHED', published: true });
    const at = published.json.book.content.publishedAt;
    expect(at).not.toBeNull();
    const edited = await patch(editor, `/api/books/id/${book.id}`, { subtitle: 'A New Concept of Egoism' });
    expect(edited.json.book.content.publishedAt).toBe(at);
    const unpublished = await patch(editor, `/api/books/id/${book.id}`, { published: false });
    expect(unpublished.json.book.content).toMatchObject({ status: 'DRAFT', published: false, publishedAt: null });
  });

  it('refuses a move the lifecycle does not allow (422) and bad fields (400)', async () => {
    const book = await createBook({ status: 'PUBLISHED' });
    const res = await patch(editor, `/api/books/id/${book.id}`, { status: 'REVIEW' });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', message: 'Content cannot move from PUBLISHED to REVIEW' });
    const bad = await patch(editor, `/api/books/id/${book.id}`, { slug: 'Not A Slug', formats: [] });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual(expect.arrayContaining([{ path: 'slug', message: 'Slug must contain only lowercase letters, numbers, and hyphens' }, { path: 'formats', message: 'At least one format is required' }]));
  });

  it('answers 401, 403 and 404 as it should', async () => {
    const book = await createBook();
    expect((await patch(visitor, `/api/books/id/${book.id}`, { title: 'X' })).status).toBe(401);
    expect((await patch(member, `/api/books/id/${book.id}`, { title: 'X' })).status).toBe(403);
    expect((await patch(editor, '/api/books/id/6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11', { title: 'X' })).status).toBe(404);
    expect((await del(member, `/api/books/id/${book.id}`)).status).toBe(403);
    expect((await del(visitor, `/api/books/id/${book.id}`)).status).toBe(401);
  });

  it('deletes a book with its chapters; a second delete is 404', async () => {
    const book = await createBook({ status: 'PUBLISHED' });
    const chapter = await editor.post('/api/chapters', { title: 'One', slug: slug('ch'), bookId: book.id, orderIndex: 0 });
    const res = await del(admin, `/api/books/id/${book.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, id: book.id });
    expect((await editor.get(`/api/books/id/${book.id}`)).status).toBe(404);
    expect((await editor.get(`/api/chapters/id/${chapter.json.item.id}`)).status).toBe(404);
    expect((await del(admin, `/api/books/id/${book.id}`)).json.code).toBe('NOT_FOUND');
  });

  it('a chapter id is not a book id', async () => {
    const book = await createBook({ status: 'PUBLISHED' });
    const chapter = await editor.post('/api/chapters', { title: 'One', slug: slug('ch'), bookId: book.id, orderIndex: 0, status: 'PUBLISHED' });
    expect((await visitor.get(`/api/books/id/${chapter.json.item.id}`)).status).toBe(404);
    expect((await del(editor, `/api/books/id/${chapter.json.item.id}`)).status).toBe(404);
  });
});

describe('the OpenAPI document and tRPC', () => {
  it('lists every books path in full', async () => {
    const doc = await visitor.get('/api/openapi.json');
    for (const path of ['/api/books', '/api/books/list', '/api/books/id/{id}', '/api/books/{slug}', '/api/books/{slug}/chapters', '/api/books/{slug}/essays']) expect(doc.json.paths).toHaveProperty([path]);
    expect(Object.keys(doc.json.paths['/api/books/id/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
  });

  it('gives the spec messages for a missing id or slug through tRPC', async () => {
    const byId = await visitor.get(`/trpc/books.byId?input=${encodeURIComponent(JSON.stringify({ id: '' }))}`);
    expect(byId.status).toBe(400);
    expect(byId.json.error.message).toBe('Book ID is required');
    const bySlug = await visitor.get(`/trpc/books.bySlug?input=${encodeURIComponent(JSON.stringify({}))}`);
    expect(bySlug.json.error.message).toBe('Book slug is required');
  });
});
