/**
 * Browsing the library across types (the member-facing library client's reads): one list of every
 * type with search and filters, the facets its filters offer, and a member's recommendations.
 * One server of its own, so the counts are this file's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { startLibraryServer, type Member, slug } from '../support/library';
import type { TestServer } from '../support/server';

let server: TestServer, editor: Member, member: Member, visitor: ApiClient;
beforeAll(async () => ({ server, editor, member, visitor } = await startLibraryServer()));
afterAll(async () => server.close());

const ids = (res: { json: { items: { id: string }[] } }) => res.json.items.map((i) => i.id);

async function create(plural: string, fields: Record<string, unknown>) {
  const res = await editor.post(`/api/${plural}`, { slug: slug(plural), status: 'PUBLISHED', ...fields });
  expect(res.status, `${plural}: ${JSON.stringify(res.json)}`).toBe(201);
  return res.json.item ?? res.json.book ?? res.json.creator;
}

describe('the library across types', () => {
  let fountainhead: { id: string; slug: string };
  let essay: { id: string };
  let course: { id: string };
  let draft: { id: string };
  let rand: { id: string };

  beforeAll(async () => {
    rand = await create('creators', { name: 'Ayn Rand' });
    fountainhead = await create('books', { title: 'The Fountainhead', formats: ['PAPERBACK'], tags: ['fiction', 'architecture'], featured: true, creators: [{ creatorId: rand.id, role: 'AUTHOR', orderIndex: 0 }] });
    essay = await create('essays', { title: 'The Objectivist Ethics', contentText: 'Why man needs a code of values.', tags: ['ethics'], creators: [{ creatorId: rand.id, role: 'AUTHOR', orderIndex: 0 }] });
    course = await create('courses', { title: 'Introduction to Objectivism', overview: 'Five lessons.', tags: ['philosophy'] });
    const res = await editor.post('/api/books', { title: 'Unfinished draft', slug: slug('draft'), formats: ['EBOOK'], tags: ['fiction'] });
    draft = res.json.book;
  });

  it('GET /api/content lists every type, newest first, with search, filter[type], filter[tag] and filter[featured]', async () => {
    const all = await visitor.get('/api/content?limit=100');
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ success: true, page: 1, limit: 100, total: 3, totalPages: 1 });
    expect(ids(all)).toEqual([course.id, essay.id, fountainhead.id]);
    expect(all.json.items[2]).toMatchObject({ type: 'BOOK', title: 'The Fountainhead', tags: ['fiction', 'architecture'], featured: true, accessType: 'OPEN' });
    expect(ids(await visitor.get('/api/content?filter[type]=ESSAY'))).toEqual([essay.id]);
    expect(ids(await visitor.get('/api/content?filter[tag]=fiction'))).toEqual([fountainhead.id]);
    expect(ids(await visitor.get('/api/content?filter[featured]=true'))).toEqual([fountainhead.id]);
    expect(ids(await visitor.get('/api/content?search=objectiv'))).toEqual([course.id, essay.id]);
    expect(ids(await visitor.get('/api/content?filter[type]=ALL&filter[tag]='))).toHaveLength(3);
    const paged = await visitor.get('/api/content?limit=2&page=2');
    expect(paged.json).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(ids(paged)).toEqual([fountainhead.id]);
    expect((await editor.get('/api/content?limit=100')).json.total).toBe(4);
    expect(ids(await editor.get('/api/content?filter[status]=DRAFT'))).toEqual([draft.id]);
    expect((await visitor.get('/api/content?filter[status]=DRAFT')).status).toBe(401);
    const bad = await visitor.get('/api/content?filter[type]=NOVEL');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('VALIDATION_ERROR');
  });

  it('GET /api/content/facets counts visible items by type and by tag', async () => {
    const res = await visitor.get('/api/content/facets');
    expect(res.status).toBe(200);
    expect(res.json.types).toEqual([
      { type: 'BOOK', count: 1 },
      { type: 'COURSE', count: 1 },
      { type: 'ESSAY', count: 1 },
    ]);
    expect(res.json.tags).toEqual([
      { tag: 'architecture', count: 1 },
      { tag: 'ethics', count: 1 },
      { tag: 'fiction', count: 1 },
      { tag: 'philosophy', count: 1 },
    ]);
    expect(res.json.letters).toEqual([]);
    await create('lexicon-terms', { title: 'Egoism', term: 'Egoism', normalizedTerm: 'egoism', firstLetter: 'E' });
    await create('lexicon-terms', { title: 'Ethics', term: 'Ethics', normalizedTerm: 'ethics', firstLetter: 'e' });
    await create('lexicon-terms', { title: 'Reason', term: 'Reason', normalizedTerm: 'reason', firstLetter: 'R' });
    expect((await visitor.get('/api/content/facets')).json.letters).toEqual([
      { letter: 'E', count: 2 },
      { letter: 'R', count: 1 },
    ]);
    const asEditor = await editor.get('/api/content/facets');
    expect(asEditor.json.types).toContainEqual({ type: 'BOOK', count: 2 });
    expect(asEditor.json.tags[0]).toEqual({ tag: 'fiction', count: 2 });
  });

  it('GET /api/content/recommendations suggests unstarted works alike to what the member started', async () => {
    expect((await visitor.get('/api/content/recommendations')).status).toBe(401);
    // Nothing started: featured first, then newest.
    const fresh = await member.get('/api/content/recommendations');
    expect(fresh.status).toBe(200);
    expect(ids(fresh)).toEqual([fountainhead.id, course.id, essay.id]);

    // Reading a chapter of a novel by Rand: her essay (same creator) comes before the course, and the book itself drops out.
    const chapter = await create('chapters', { title: 'Peter Keating', bookId: fountainhead.id, orderIndex: 1, contentText: 'Howard Roark laughed.' });
    expect((await member.post('/api/progress/content', { contentId: chapter.id, position: 120, percentage: 10 })).status).toBe(200);
    const alike = await member.get('/api/content/recommendations?limit=6');
    expect(ids(alike)).toEqual([essay.id, course.id]);

    // Started and dismissed items are never suggested.
    await member.post('/api/progress/content', { contentId: course.id, wasDismissed: true });
    expect(ids(await member.get('/api/content/recommendations'))).toEqual([essay.id]);
    expect((await member.get('/api/content/recommendations?limit=25')).status).toBe(400);
  });
});
