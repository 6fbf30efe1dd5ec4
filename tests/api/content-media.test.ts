/** The media library at the spec's paths (spec 001 §7 Media) and video progress, against a real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { startLibraryServer, type Member, patch, del } from '../support/library';
import type { TestServer } from '../support/server';

let server: TestServer, editor: Member, member: Member, visitor: ApiClient;
let publishedBook: { id: string };
let draftBook: { id: string };
beforeAll(async () => {
  ({ server, editor, member, visitor } = await startLibraryServer());
  publishedBook = (await editor.post('/api/books', { title: 'Philosophy: Who Needs It', slug: `pwni-${Date.now()}`, formats: ['PAPERBACK'], status: 'PUBLISHED' })).json.book;
  draftBook = (await editor.post('/api/books', { title: 'Draft', slug: `draft-${Date.now()}`, formats: ['PAPERBACK'] })).json.book;
});
afterAll(async () => server.close());

async function createAsset(fields: Record<string, unknown> = {}) {
  const res = await editor.post('/api/media', { type: 'VIDEO', url: 'https://cdn.example.org/lecture.mp4', duration: 3600, ...fields });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.mediaAsset;
}

describe('POST, PATCH and DELETE /api/media', () => {
  it('creates an asset with every field, downloadOptions and subtitles as JSON strings or values', async () => {
    const res = await editor.post('/api/media', {
      type: 'VIDEO',
      contentId: publishedBook.id,
      url: 'https://cdn.example.org/v.mp4',
      altText: 'Ayn Rand speaking',
      caption: 'Ford Hall Forum, 1961',
      credit: 'ARI Archives',
      width: 1920,
      height: 1080,
      fileSize: 123456789,
      mimeType: 'video/mp4',
      duration: 3000,
      thumbnailUrl: 'https://cdn.example.org/v.jpg',
      videoStreamId: 'stream-1',
      audioStreamId: 'audio-1',
      isStreamable: true,
      isDownloadable: true,
      downloadOptions: JSON.stringify([{ quality: '1080p', url: 'https://cdn.example.org/v-1080.mp4' }]),
      transcript: 'Transcript…',
      subtitles: [{ lang: 'en', url: 'https://cdn.example.org/v.en.vtt' }],
      id: 'dropped',
      content: { title: 'dropped' },
      videoProgress: [{ position: 1 }],
      createdAt: '2000-01-01T00:00:00Z',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.mediaAsset).toMatchObject({
      type: 'VIDEO',
      contentId: publishedBook.id,
      width: 1920,
      fileSize: 123456789,
      isStreamable: true,
      downloadOptions: [{ quality: '1080p', url: 'https://cdn.example.org/v-1080.mp4' }],
      subtitles: [{ lang: 'en', url: 'https://cdn.example.org/v.en.vtt' }],
    });
    expect(res.json.mediaAsset.id).not.toBe('dropped');
    expect(res.json.mediaAsset).not.toHaveProperty('content');
    expect(res.json.mediaAsset.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it.each([
    [{}, 'type', 'Type is required'],
    [{ type: 'HOLOGRAM' }, 'type', 'Type must be one of VIDEO, IMAGE, AUDIO, DOCUMENT'],
    [{ type: 'IMAGE', width: 0 }, 'width', 'Width must be a positive whole number'],
    [{ type: 'IMAGE', height: -5 }, 'height', 'Height must be a positive whole number'],
    [{ type: 'IMAGE', fileSize: 1.5 }, 'fileSize', 'File size must be a positive whole number'],
    [{ type: 'VIDEO', duration: 0 }, 'duration', 'Duration must be a positive whole number'],
    [{ type: 'IMAGE', thumbnailUrl: 'not a url' }, 'thumbnailUrl', 'Thumbnail must be a valid URL'],
    [{ type: 'VIDEO', downloadOptions: '{oops' }, 'downloadOptions', 'downloadOptions must be valid JSON'],
  ])('refuses %j: %s "%s"', async (payload, path, message) => {
    const res = await editor.post('/api/media', payload);
    expect(res.status).toBe(400);
    expect(res.json.errors).toContainEqual({ path, message });
  });

  it('needs media.manage: 401 without a session, 403 for a member', async () => {
    expect((await visitor.post('/api/media', { type: 'IMAGE' })).status).toBe(401);
    expect((await member.post('/api/media', { type: 'IMAGE' })).status).toBe(403);
    const asset = await createAsset();
    expect((await patch(member, `/api/media/${asset.id}`, { caption: 'x' })).status).toBe(403);
    expect((await del(member, `/api/media/${asset.id}`)).status).toBe(403);
  });

  it('changes only the fields sent, and deletes', async () => {
    const asset = await createAsset({ caption: 'Before' });
    const res = await patch(editor, `/api/media/${asset.id}`, { altText: 'After', subtitles: '{"en":"x.vtt"}' });
    expect(res.status).toBe(200);
    expect(res.json.mediaAsset).toMatchObject({ caption: 'Before', altText: 'After', subtitles: { en: 'x.vtt' }, duration: 3600 });
    expect((await del(editor, `/api/media/${asset.id}`)).json).toEqual({ success: true, id: asset.id });
    expect((await editor.get(`/api/media/${asset.id}`)).status).toBe(404);
    expect((await patch(editor, `/api/media/${asset.id}`, { caption: 'x' })).json.code).toBe('NOT_FOUND');
  });

  it('associates with content and disassociates', async () => {
    const asset = await createAsset();
    const attached = await patch(editor, `/api/media/${asset.id}/content/${publishedBook.id}`);
    expect(attached.status).toBe(200);
    expect(attached.json.mediaAsset.contentId).toBe(publishedBook.id);
    const ofBook = await visitor.get(`/api/media/content/${publishedBook.id}`);
    expect(ofBook.json.mediaAssets.map((m: { id: string }) => m.id)).toContain(asset.id);
    const book = await visitor.get(`/api/books/id/${publishedBook.id}?includeRelations=true`);
    expect(book.json.book.mediaAssets.map((m: { id: string }) => m.id)).toContain(asset.id);
    const detached = await del(editor, `/api/media/${asset.id}/content`);
    expect(detached.json.mediaAsset.contentId).toBeNull();
    expect((await patch(editor, `/api/media/${asset.id}/content/6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11`)).status).toBe(404);
    expect((await patch(member, `/api/media/${asset.id}/content/${publishedBook.id}`)).status).toBe(403);
  });
});

describe('GET /api/media, /api/media/list, /api/media/{id}', () => {
  it('lists by type and content with paging (page size 10, at most 100)', async () => {
    for (let i = 0; i < 3; i++) await createAsset({ type: 'AUDIO', contentId: publishedBook.id });
    const res = await visitor.get(`/api/media?type=AUDIO&contentId=${publishedBook.id}&limit=2`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(res.json.mediaAssets).toHaveLength(2);
    expect(res.json.mediaAssets.every((m: { type: string }) => m.type === 'AUDIO')).toBe(true);
    const list = await visitor.get(`/api/media/list?contentId=${publishedBook.id}&type=ALL`);
    expect(list.json.limit).toBe(10);
    const tooMany = await visitor.get('/api/media?limit=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toBe('Limit must be between 1 and 100');
  });

  it('pages, and refuses bad list input with the envelope', async () => {
    const stamp = Date.now().toString(36);
    const book = (await editor.post('/api/books', { title: 'Paged', slug: `paged-${stamp}`, formats: ['EBOOK'], status: 'PUBLISHED' })).json.book;
    for (let i = 0; i < 3; i++) await createAsset({ type: 'DOCUMENT', contentId: book.id, caption: `Page ${i}` });
    const second = await visitor.get(`/api/media/list?contentId=${book.id}&limit=2&page=2`);
    expect(second.json).toMatchObject({ success: true, total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(second.json.mediaAssets).toHaveLength(1);
    const searched = await visitor.get(`/api/media?contentId=${book.id}&search=page%201`);
    expect(searched.json.mediaAssets.map((m: { caption: string }) => m.caption)).toEqual(['Page 1']);
    for (const [query, message] of [
      ['type=HOLOGRAM', 'Type must be one of VIDEO, IMAGE, AUDIO, DOCUMENT'],
      ['page=0', 'Page must be at least 1'],
      ['limit=0', 'Limit must be between 1 and 100'],
      ['contentId=nope', 'Content ID must be a content id'],
    ]) {
      const res = await visitor.get(`/api/media?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    }
  });

  it('answers NOT_FOUND and the required-id messages at the item paths', async () => {
    const missing = '6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11';
    for (const path of [`/api/media/${missing}`, '/api/media/not-a-uuid', `/api/media/content/${missing}`]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(404);
      expect(res.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await member.get(`/api/media/${missing}/with-progress`)).status).toBe(404);
    expect((await visitor.get('/api/media/content/%20')).json.message).toBe('Content ID is required');
    expect((await visitor.get('/api/media/%20')).json.message).toBe('Media asset ID is required');
    expect((await del(editor, `/api/media/${missing}`)).status).toBe(404);
    expect((await del(editor, `/api/media/${missing}/content`)).status).toBe(404);
    const asset = await createAsset({ contentId: publishedBook.id });
    expect((await del(visitor, `/api/media/${asset.id}/content`)).status).toBe(401);
    expect((await del(member, `/api/media/${asset.id}/content`)).status).toBe(403);
    expect((await patch(visitor, `/api/media/${asset.id}/content/${publishedBook.id}`)).status).toBe(401);
  });

  it('hides assets of unpublished content and unattached ones from visitors and members', async () => {
    const hidden = await createAsset({ contentId: draftBook.id });
    const loose = await createAsset();
    const shown = await createAsset({ contentId: publishedBook.id });
    expect((await visitor.get(`/api/media/${hidden.id}`)).status).toBe(404);
    expect((await member.get(`/api/media/${loose.id}`)).status).toBe(404);
    expect((await visitor.get(`/api/media/${shown.id}`)).json.mediaAsset.id).toBe(shown.id);
    expect((await editor.get(`/api/media/${hidden.id}`)).status).toBe(200);
    expect((await visitor.get(`/api/media/content/${draftBook.id}`)).status).toBe(404);
    const ids = (await visitor.get('/api/media/list?limit=100')).json.mediaAssets.map((m: { id: string }) => m.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(loose.id);
  });
});

describe('video progress and the with-progress reads', () => {
  it('records progress, and joins the member’s own progress to the asset', async () => {
    const asset = await createAsset({ contentId: publishedBook.id, type: 'VIDEO' });
    const other = await createAsset({ contentId: publishedBook.id, type: 'VIDEO' });
    const first = await member.post('/api/progress/video', { mediaAssetId: asset.id, position: 120, duration: 3600 });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.videoProgress).toMatchObject({ mediaAssetId: asset.id, position: 120, duration: 3600, completed: false });
    const one = await member.get(`/api/media/${asset.id}/with-progress`);
    expect(one.json.mediaAsset.videoProgress).toEqual([{ position: 120, duration: 3600, completed: false, lastWatchedAt: expect.any(String) }]);
    const list = await member.get(`/api/media/with-progress?contentId=${publishedBook.id}&type=VIDEO&limit=100`);
    const byId = new Map(list.json.mediaAssets.map((m: { id: string; videoProgress: unknown[] }) => [m.id, m.videoProgress]));
    expect(byId.get(asset.id)).toHaveLength(1);
    expect(byId.get(other.id)).toEqual([]);
    // Another member sees none of it.
    expect((await editor.get(`/api/media/${asset.id}/with-progress`)).json.mediaAsset.videoProgress).toEqual([]);
    const done = await member.post('/api/progress/video', { mediaAssetId: asset.id, position: 3500, duration: 3600 });
    expect(done.json.videoProgress.completed).toBe(true);
    expect((await member.get(`/api/progress/video/${asset.id}`)).json.videoProgress).toMatchObject({ position: 3500, completed: true });
  });

  it('needs a session for with-progress and progress, and checks the input', async () => {
    const asset = await createAsset({ contentId: publishedBook.id });
    expect((await visitor.get('/api/media/with-progress')).status).toBe(401);
    expect((await visitor.get(`/api/media/${asset.id}/with-progress`)).status).toBe(401);
    expect((await visitor.post('/api/progress/video', { mediaAssetId: asset.id, position: 1, duration: 2 })).status).toBe(401);
    const missing = await member.post('/api/progress/video', { position: 1, duration: 2 });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Media asset ID is required');
    const negative = await member.post('/api/progress/video', { mediaAssetId: asset.id, position: -1, duration: 2 });
    expect(negative.json.errors).toContainEqual({ path: 'position', message: 'Position must be 0 or more' });
    const negativeDuration = await member.post('/api/progress/video', { mediaAssetId: asset.id, position: 1, duration: -2 });
    expect(negativeDuration.json.errors).toContainEqual({ path: 'duration', message: 'Duration must be 0 or more' });
    expect((await member.post('/api/progress/video', { mediaAssetId: '6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11', position: 1, duration: 2 })).status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('lists every media path of spec 001 §7', async () => {
    const doc = await visitor.get('/api/openapi.json');
    const expected: [string, string][] = [
      ['/api/media', 'get'], ['/api/media/list', 'get'], ['/api/media/{id}', 'get'], ['/api/media/content/{contentId}', 'get'],
      ['/api/media/with-progress', 'get'], ['/api/media/{id}/with-progress', 'get'], ['/api/media', 'post'], ['/api/media/{id}', 'patch'],
      ['/api/media/{id}', 'delete'], ['/api/media/{mediaAssetId}/content/{contentId}', 'patch'], ['/api/media/{mediaAssetId}/content', 'delete'],
    ];
    for (const [path, method] of expected) expect(doc.json.paths[path], `${method} ${path}`).toHaveProperty(method);
  });
});
