/**
 * What the reader and the player rely on: any item's shared record by id (what a media asset
 * belongs to), and the progress writes they make (a visit, a favorite, scrolling, leaving, a
 * video's progress with the content it belongs to) read back by "continue where you left off".
 * One server of its own, so the members' lists are this file's alone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { signedIn } from '../support/members';
import { startLibraryServer, type Member, slug } from '../support/library';
import type { TestServer } from '../support/server';

let server: TestServer, editor: Member, visitor: ApiClient;
beforeAll(async () => ({ server, editor, visitor } = await startLibraryServer()));
afterAll(async () => server.close());

async function create(plural: string, fields: Record<string, unknown>) {
  const res = await editor.post(`/api/${plural}`, { slug: slug(plural), status: 'PUBLISHED', ...fields });
  expect(res.status, `${plural}: ${JSON.stringify(res.json)}`).toBe(201);
  return res.json.item ?? res.json.book;
}

describe('GET /api/content/id/{id}', () => {
  it('answers the shared record of a published item of any type, to visitors too', async () => {
    const course = await create('courses', { title: 'Logic', overview: 'Ten lessons.' });
    const lesson = await create('lessons', { title: 'Concepts', courseId: course.id, orderIndex: 1, overview: 'What a concept is.' });
    const res = await visitor.get(`/api/content/id/${lesson.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, item: { id: lesson.id, type: 'LESSON', slug: lesson.slug, title: 'Concepts', status: 'PUBLISHED', accessType: 'OPEN' } });
    // The shared record only: no type fields.
    expect(res.json.item.overview).toBeUndefined();
    const trpc = await fetch(`${server.url}/trpc/library.item?input=${encodeURIComponent(JSON.stringify({ id: lesson.id }))}`);
    expect(((await trpc.json()) as { result: { data: { item: unknown } } }).result.data.item).toMatchObject({ id: lesson.id, type: 'LESSON' });
  });

  it('is 404 for a draft unless the caller edits content, and for an unknown id', async () => {
    const draft = (await editor.post('/api/essays', { slug: slug('draft'), title: 'Unfinished' })).json.item;
    const member = await signedIn(server);
    expect((await visitor.get(`/api/content/id/${draft.id}`)).json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await member.get(`/api/content/id/${draft.id}`)).status).toBe(404);
    expect((await editor.get(`/api/content/id/${draft.id}`)).json.item).toMatchObject({ id: draft.id, status: 'DRAFT' });
    expect((await visitor.get(`/api/content/id/${randomUUID()}`)).status).toBe(404);
    expect((await visitor.get('/api/content/id/not-a-uuid')).status).toBe(404);
  });
});

describe('the progress the reader and the player write', () => {
  it('a read chapter, favorited along the way, is listed as in progress, most recent first', async () => {
    const book = await create('books', { title: 'We the Living', formats: ['EBOOK'] });
    const [one, two] = [await create('chapters', { title: 'One', bookId: book.id, orderIndex: 1, contentText: 'Petrograd.' }), await create('chapters', { title: 'Two', bookId: book.id, orderIndex: 2, contentText: 'Kira.' })];
    const member = await signedIn(server);
    // The reader: the visit, a favorite, the throttled saves while scrolling, the save on leaving.
    await member.post('/api/progress/content', { contentId: one.id, position: 0, percentage: 12.5, timeSpent: 0, newSession: true });
    await member.post('/api/progress/content', { contentId: one.id, isFavorited: true });
    await member.post('/api/progress/content', { contentId: one.id, position: 4.25, percentage: 48.2, timeSpent: 4 });
    await member.post('/api/progress/content', { contentId: two.id, position: 0, percentage: 20, timeSpent: 0, newSession: true });
    await member.post('/api/progress/content', { contentId: one.id, position: 6.5, percentage: 61, timeSpent: 7 });

    const list = await member.get('/api/progress?status=IN_PROGRESS&limit=6');
    expect(list.status).toBe(200);
    expect(list.json.progress.map((p: { contentId: string }) => p.contentId)).toEqual([one.id, two.id]);
    expect(list.json.progress[0]).toMatchObject({ status: 'IN_PROGRESS', position: 6.5, percentage: 61, totalTimeSpent: 11, sessionCount: 1, isFavorited: true, content: { type: 'CHAPTER', slug: one.slug, title: 'One' } });
    const favorites = await member.get('/api/progress?isFavorited=true');
    expect(favorites.json.progress.map((p: { contentId: string }) => p.contentId)).toEqual([one.id]);
    expect((await member.get('/api/progress?isBookmarked=true')).json).toMatchObject({ progress: [], total: 0 });
  });

  it('a video part-watched keeps its place and puts its lesson in progress with the asset to resume', async () => {
    const course = await create('courses', { title: 'Ethics', overview: 'Three lessons.' });
    const lesson = await create('lessons', { title: 'Values', courseId: course.id, orderIndex: 1, overview: 'Why values.' });
    const asset = (await editor.post('/api/media', { type: 'VIDEO', contentId: lesson.id, url: 'https://media.example.org/values.webm', mimeType: 'video/webm', duration: 12 })).json.mediaAsset;
    const member = await signedIn(server);

    await member.post('/api/progress/video', { mediaAssetId: asset.id, position: 4.2, duration: 12 });
    await member.post('/api/progress/content', { contentId: lesson.id, position: 4.2, duration: 12, percentage: 35, timeSpent: 4, newSession: true, metadata: { mediaAssetId: asset.id } });
    const withProgress = await member.get(`/api/media/${asset.id}/with-progress`);
    expect(withProgress.json.mediaAsset.videoProgress).toEqual([expect.objectContaining({ position: 4.2, duration: 12, completed: false })]);
    const [entry] = (await member.get('/api/progress?status=IN_PROGRESS')).json.progress;
    expect(entry).toMatchObject({ contentId: lesson.id, metadata: { mediaAssetId: asset.id }, content: { type: 'LESSON', slug: lesson.slug } });

    // Near the end the player reports completion; the lesson is then completed, not in progress.
    await member.post('/api/progress/video', { mediaAssetId: asset.id, position: 11.6, duration: 12, completed: true });
    await member.post('/api/progress/content', { contentId: lesson.id, position: 11.6, duration: 12, percentage: 100, timeSpent: 7, metadata: { mediaAssetId: asset.id } });
    expect((await member.get(`/api/progress/video/${asset.id}`)).json.videoProgress).toMatchObject({ completed: true });
    expect((await member.get('/api/progress?status=IN_PROGRESS')).json.total).toBe(0);
    // Watching again does not take completion back.
    await member.post('/api/progress/video', { mediaAssetId: asset.id, position: 2, duration: 12 });
    expect((await member.get(`/api/progress/video/${asset.id}`)).json.videoProgress).toMatchObject({ position: 2, completed: true });
  });
});
