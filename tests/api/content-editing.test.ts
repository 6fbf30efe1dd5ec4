/**
 * Changing and deleting the library's records against a real server: creators at
 * /api/creators/id/{id}, every type other than books at /api/{plural}/id/{id} (books have their own
 * file), a media asset's dropped fields, and the entitlement check's required id.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { startLibraryServer, type Member, nextNumber, slug, patch, del } from '../support/library';
import type { TestServer } from '../support/server';

let server: TestServer, editor: Member, member: Member, visitor: ApiClient;
beforeAll(async () => ({ server, editor, member, visitor } = await startLibraryServer()));
afterAll(async () => server.close());

async function created(path: string, fields: Record<string, unknown>) {
  const res = await editor.post(path, fields);
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(201);
  return res.json.item ?? res.json.book ?? res.json.creator ?? res.json.mediaAsset;
}

describe('PATCH and DELETE /api/creators/id/{id}', () => {
  const newCreator = (fields: Record<string, unknown> = {}) => created('/api/creators', { name: 'Tara Smith', slug: slug('tara-smith'), organization: 'UT Austin', ...fields });

  it('changes only the fields sent', async () => {
    const creator = await newCreator({ bio: 'Philosopher.' });
    const res = await patch(editor, `/api/creators/id/${creator.id}`, { title: 'Professor', featured: true, id: randomUUID() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ success: true, creator: { id: creator.id, name: 'Tara Smith', bio: 'Philosopher.', organization: 'UT Austin', title: 'Professor', featured: true, createdAt: creator.createdAt } });
    expect((await visitor.get(`/api/creators/id/${creator.id}`)).json.creator).toEqual(res.json.creator);
  });

  it('deletes a creator and their credits; a second delete is 404', async () => {
    const creator = await newCreator();
    const book = await created('/api/books', { title: 'Credited', slug: slug('credited'), formats: ['EBOOK'], status: 'PUBLISHED', creators: [{ creatorId: creator.id, role: 'AUTHOR', orderIndex: 0 }] });
    const res = await del(editor, `/api/creators/id/${creator.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, id: creator.id });
    expect((await visitor.get(`/api/creators/id/${creator.id}`)).status).toBe(404);
    expect((await visitor.get(`/api/books/id/${book.id}?includeRelations=true`)).json.book.creators).toEqual([]);
    expect((await del(editor, `/api/creators/id/${creator.id}`)).json).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers 401 without a session, 403 to a member, 404 for an unknown or malformed id', async () => {
    const creator = await newCreator();
    for (const [api, status] of [[visitor, 401], [member, 403]] as const) {
      expect((await patch(api, `/api/creators/id/${creator.id}`, { name: 'X' })).status).toBe(status);
      expect((await del(api, `/api/creators/id/${creator.id}`)).status).toBe(status);
    }
    expect((await member.request('PATCH', `/api/creators/id/${creator.id}`, { name: 'X' })).json.code).toBe('FORBIDDEN');
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const changed = await patch(editor, `/api/creators/id/${id}`, { name: 'X' });
      expect(changed.status).toBe(404);
      expect(changed.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect((await del(editor, `/api/creators/id/${id}`)).status).toBe(404);
    }
    expect((await visitor.get(`/api/creators/id/${creator.id}`)).json.creator.name).toBe('Tara Smith');
  });

  it('checks what is sent with the spec 002 §5 Creator messages, and the slug is unique', async () => {
    const creator = await newCreator();
    for (const [payload, path, message] of [
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ slug: 'Not Valid' }, 'slug', 'Slug must contain only lowercase letters, numbers, and hyphens'],
      [{ email: 'nope' }, 'email', 'Valid email is required'],
      [{ imageUrl: 'nope' }, 'imageUrl', 'Valid image URL is required'],
    ] as const) {
      const res = await patch(editor, `/api/creators/id/${creator.id}`, payload);
      expect(res.status, message).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(res.json.errors).toContainEqual({ path, message });
    }
    const other = await newCreator();
    const taken = await patch(editor, `/api/creators/id/${creator.id}`, { slug: other.slug });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: 'SLUG_TAKEN', message: 'A creator with this slug already exists' });
    expect((await patch(editor, '/api/creators/id/%20', { name: 'X' })).json).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Creator ID is required' });
    expect((await del(editor, '/api/creators/id/%20')).json.message).toBe('Creator ID is required');
  });
});

describe('PATCH and DELETE /api/{type}/id/{id} for every type other than books', () => {
  let parents: { bookId: string; courseId: string; playlistId: string };
  beforeAll(async () => {
    parents = {
      bookId: (await created('/api/books', { title: 'Parent book', slug: slug('parent'), formats: ['EBOOK'] })).id,
      courseId: (await created('/api/courses', { title: 'Parent course', slug: slug('parent'), overview: 'o' })).id,
      playlistId: (await created('/api/playlists', { title: 'Parent playlist', slug: slug('parent'), overview: 'o' })).id,
    };
  });

  // Each type's path, label and the least a new item needs (its parent for chapters, lessons and lectures).
  const TYPES: [plural: string, label: string, fields: () => Record<string, unknown>][] = [
    ['chapters', 'Chapter', () => ({ bookId: parents.bookId, orderIndex: nextNumber() })],
    ['essays', 'Essay', () => ({})],
    ['excerpts', 'Excerpt', () => ({ excerpt: 'Quoted words.' })],
    ['lexicon-terms', 'Lexicon term', () => ({ term: 'Term', normalizedTerm: slug('term'), firstLetter: 'T' })],
    ['courses', 'Course', () => ({ overview: 'Kept overview' })],
    ['lessons', 'Lesson', () => ({ overview: 'Kept overview', courseId: parents.courseId, orderIndex: nextNumber() + 1 })],
    ['playlists', 'Playlist', () => ({ overview: 'Kept overview' })],
    ['lectures', 'Lecture', () => ({ overview: 'Kept overview', playlistId: parents.playlistId, orderIndex: nextNumber() })],
    ['interviews', 'Interview', () => ({ overview: 'Kept overview' })],
    ['clips', 'Clip', () => ({ overview: 'Kept overview' })],
    ['artifacts', 'Artifact', () => ({ overview: 'Kept overview' })],
    ['discussions', 'Discussion', () => ({ overview: 'Kept overview' })],
    ['tracks', 'Track', () => ({ overview: 'Kept overview' })],
  ];
  const make = (plural: string, fields: () => Record<string, unknown>) => created(`/api/${plural}`, { title: 'Before', slug: slug(plural), description: 'Kept description', ...fields() });

  it.each(TYPES)('%s: changes only the fields sent, then deletes; a second delete is 404', async (plural, _label, fields) => {
    const item = await make(plural, fields);
    const res = await patch(editor, `/api/${plural}/id/${item.id}`, { title: 'After', tags: ['changed'], id: randomUUID(), createdAt: '2000-01-01T00:00:00.000Z' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.item).toMatchObject({ ...item, title: 'After', tags: ['changed'], updatedAt: expect.any(String) });
    expect((await editor.get(`/api/${plural}/id/${item.id}`)).json.item).toMatchObject({ title: 'After', description: 'Kept description', slug: item.slug });
    const gone = await del(editor, `/api/${plural}/id/${item.id}`);
    expect(gone.json).toEqual({ success: true, id: item.id });
    expect((await editor.get(`/api/${plural}/id/${item.id}`)).status).toBe(404);
    expect((await del(editor, `/api/${plural}/id/${item.id}`)).json).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it.each(TYPES)('%s: 401 without a session, 403 for a plain member, 404 for an unknown id, "%s ID is required" for a blank one', async (plural, label, fields) => {
    const item = await make(plural, fields);
    expect((await patch(visitor, `/api/${plural}/id/${item.id}`, { title: 'X' })).status).toBe(401);
    const forbidden = await patch(member, `/api/${plural}/id/${item.id}`, { title: 'X' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.code).toBe('FORBIDDEN');
    expect((await del(member, `/api/${plural}/id/${item.id}`)).status).toBe(403);
    const missing = randomUUID();
    expect((await patch(editor, `/api/${plural}/id/${missing}`, { title: 'X' })).json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await del(editor, `/api/${plural}/id/${missing}`)).status).toBe(404);
    expect((await patch(editor, `/api/${plural}/id/%20`, { title: 'X' })).json).toMatchObject({ code: 'VALIDATION_ERROR', message: `${label} ID is required` });
    expect((await editor.get(`/api/${plural}/id/${item.id}`)).json.item.title).toBe('Before');
  });

  it('an item of another type is not found at a type’s paths', async () => {
    const essay = await make('essays', () => ({}));
    expect((await patch(editor, `/api/interviews/id/${essay.id}`, { title: 'X' })).status).toBe(404);
    expect((await del(editor, `/api/clips/id/${essay.id}`)).status).toBe(404);
    expect((await editor.get(`/api/essays/id/${essay.id}`)).json.item.title).toBe('Before');
  });
});

describe('PATCH /api/media/{id}', () => {
  it('drops id, content, videoProgress, createdAt and updatedAt from the body (spec 001 §3 Media asset)', async () => {
    const asset = await created('/api/media', { type: 'VIDEO', url: 'https://media.example.org/v.mp4', caption: 'Before' });
    const other = randomUUID();
    const res = await patch(editor, `/api/media/${asset.id}`, {
      caption: 'After',
      id: other,
      content: { id: randomUUID(), title: 'Not this' },
      videoProgress: [{ position: 10, duration: 20, completed: true }],
      createdAt: '2000-01-01T00:00:00.000Z',
      updatedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.mediaAsset).toMatchObject({ id: asset.id, caption: 'After', url: 'https://media.example.org/v.mp4', contentId: null, createdAt: asset.createdAt });
    expect(res.json.mediaAsset.updatedAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(res.json.mediaAsset).not.toHaveProperty('content');
    expect(res.json.mediaAsset).not.toHaveProperty('videoProgress');
    expect((await editor.get(`/api/media/${asset.id}`)).json.mediaAsset).toEqual(res.json.mediaAsset);
    expect((await editor.get(`/api/media/${other}`)).status).toBe(404);
    expect((await editor.get(`/api/media/${asset.id}/with-progress`)).json.mediaAsset.videoProgress).toEqual([]);
  });
});

describe('GET /api/entitlements/content/{id}', () => {
  it('needs an id: "Content ID is required", at the REST path and through tRPC', async () => {
    const res = await visitor.get('/api/entitlements/content/%20');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Content ID is required' });
    const trpc = await visitor.get(`/trpc/entitlements.content?input=${encodeURIComponent(JSON.stringify({ id: '' }))}`);
    expect(trpc.status).toBe(400);
    expect(trpc.json.error.message).toBe('Content ID is required');
  });
});
