/**
 * Access and visibility on the server (domain/content/README.md "Who sees what", "Access"): every
 * read withholds the body of what the caller may not open and says `locked`, by the same rules as
 * GET /api/entitlements/content/{id}; children are never more open than their parents; a draft
 * parent's published children are private everywhere; a chapter's neighbours are previousChapter
 * and nextChapter; relations of a page come out as they do item by item; "continue where you left
 * off" agrees with its total. One server of its own, so the lists and totals are this file's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiAnswer } from '../support/client';
import { signedIn } from '../support/members';
import { startLibraryServer, type Member, runStamp, slug, patch } from '../support/library';
import type { TestServer } from '../support/server';

let server: TestServer, editor: Member, member: Member, visitor: ApiClient;
beforeAll(async () => ({ server, editor, member, visitor } = await startLibraryServer()));
afterAll(async () => server.close());

const ids = (items: { id: string }[]) => items.map((i) => i.id);
const trpc = (api: ApiClient, procedure: string, input: unknown) => api.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);

async function create(plural: string, fields: Record<string, unknown>) {
  const res = await editor.post(`/api/${plural}`, { slug: slug(plural), status: 'PUBLISHED', ...fields });
  expect(res.status, `${plural}: ${JSON.stringify(res.json)}`).toBe(201);
  return res.json.item ?? res.json.book;
}

const ok = (res: ApiAnswer) => {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
};
const hasAccess = async (api: ApiClient, id: string) => ok(await api.get(`/api/entitlements/content/${id}`)).hasAccess as boolean;

describe('the body of what the caller may not open is withheld, on every read', () => {
  const tag = `gated-${runStamp}`;
  // Each gated type with its body (domain/content/details.ts BODY_FIELDS), MEMBERS only, under OPEN parents.
  let cases: { plural: string; item: { id: string; slug: string }; body: Record<string, unknown> }[];
  let lesson: { id: string; slug: string };
  let asset: { id: string };

  beforeAll(async () => {
    const book = await create('books', { title: 'Open book', formats: ['EBOOK'] });
    const course = await create('courses', { title: 'Open course', overview: 'o' });
    const playlist = await create('playlists', { title: 'Open playlist', overview: 'o' });
    const term = await create('lexicon-terms', { title: 'Egoism', term: 'Egoism', normalizedTerm: `egoism-${runStamp}`, firstLetter: 'E' });
    const members = { accessType: 'MEMBERS', tags: [tag], description: 'What it is about.' };
    const made = async (plural: string, fields: Record<string, unknown>, body: Record<string, unknown>) => ({ plural, item: await create(plural, { ...members, ...fields, ...body }), body });
    cases = [
      await made('chapters', { title: 'Chapter', bookId: book.id, orderIndex: 1 }, { contentText: 'The chapter text.' }),
      await made('essays', { title: 'Essay', books: [{ bookId: book.id, orderIndex: 1 }] }, { contentText: 'The essay text.', references: [{ title: 'A source' }], footnotes: [{ n: 1, text: 'A note' }] }),
      await made('excerpts', { title: 'Excerpt', lexiconTerms: [{ lexiconTermId: term.id, orderIndex: 0 }] }, { excerpt: 'The quoted words.', analysis: 'What they mean.' }),
      await made('lessons', { title: 'Lesson', overview: 'o', courseId: course.id, orderIndex: 1 }, { transcript: 'The lesson transcript.' }),
      await made('lectures', { title: 'Lecture', overview: 'o', playlistId: playlist.id, orderIndex: 0 }, { transcript: 'The lecture transcript.' }),
      await made('interviews', { title: 'Interview', overview: 'o' }, { transcript: 'The interview transcript.' }),
      await made('clips', { title: 'Clip', overview: 'o' }, { transcript: 'The clip transcript.' }),
      await made('artifacts', { title: 'Letter', overview: 'o', isRestricted: false }, { transcription: 'The letter transcribed.' }),
      await made('discussions', { title: 'Discussion', overview: 'o' }, { zoomLink: 'https://zoom.example.org/j/1' }),
    ];
    lesson = cases.find((c) => c.plural === 'lessons')!.item;
    const res = await editor.post('/api/media', {
      type: 'VIDEO', contentId: lesson.id, url: 'https://media.example.org/lesson.mp4', caption: 'The lesson on video', thumbnailUrl: 'https://media.example.org/lesson.jpg', duration: 600,
      videoStreamId: 'stream-1', audioStreamId: 'audio-1', isDownloadable: true, downloadOptions: [{ quality: '720p', url: 'https://media.example.org/lesson-720.mp4' }], transcript: 'Spoken words.', subtitles: [{ lang: 'en', url: 'https://media.example.org/lesson.vtt' }],
    });
    expect(res.status).toBe(201);
    asset = res.json.mediaAsset;
  });

  const withheld = (body: Record<string, unknown>) => Object.fromEntries(Object.keys(body).map((k) => [k, null]));

  it('answers a visitor the catalogue entry with the body null and locked, a member the whole item, by slug, id and tRPC', async () => {
    for (const { plural, item, body } of cases) {
      for (const path of [`/api/${plural}/${item.slug}`, `/api/${plural}/id/${item.id}`]) {
        const locked = ok(await visitor.get(path)).item;
        expect(locked, path).toMatchObject({ id: item.id, title: expect.any(String), description: 'What it is about.', accessType: 'MEMBERS', locked: true, ...withheld(body) });
        expect(ok(await member.get(path)).item, path).toMatchObject({ locked: false, ...body });
      }
      expect(await hasAccess(visitor, item.id)).toBe(false);
      expect(await hasAccess(member, item.id)).toBe(true);
    }
    const viaTrpc = await trpc(visitor, 'chapters.bySlug', { slug: cases[0]!.item.slug });
    expect(viaTrpc.json.result.data.item).toMatchObject({ locked: true, contentText: null });
  });

  it('withholds the body in lists and in a parent’s children', async () => {
    for (const { plural, item, body } of cases) {
      for (const path of [`/api/${plural}?tag=${tag}`, `/api/${plural}/list?filter[tag]=${tag}`]) {
        const items = ok(await visitor.get(path)).items;
        expect(items, path).toEqual([expect.objectContaining({ id: item.id, locked: true, ...withheld(body) })]);
        expect(ok(await member.get(path)).items[0], path).toMatchObject({ locked: false, ...body });
      }
    }
    const book = ok(await visitor.get(`/api/chapters/id/${cases[0]!.item.id}`)).item.bookId as string;
    const bookSlug = ok(await visitor.get(`/api/books/id/${book}`)).book.content.slug as string;
    expect(ok(await visitor.get(`/api/books/${bookSlug}/chapters`)).chapters).toEqual([expect.objectContaining({ locked: true, contentText: null })]);
    expect(ok(await visitor.get(`/api/books/${bookSlug}/essays`)).essays).toEqual([expect.objectContaining({ locked: true, contentText: null, references: null, footnotes: null })]);
    expect(ok(await member.get(`/api/books/${bookSlug}/essays`)).essays).toEqual([expect.objectContaining({ locked: false, contentText: 'The essay text.' })]);
    const course = ok(await visitor.get(`/api/lessons/id/${lesson.id}`)).item.courseId as string;
    const courseSlug = ok(await visitor.get(`/api/courses/id/${course}`)).item.slug as string;
    expect(ok(await visitor.get(`/api/courses/${courseSlug}/lessons`)).items).toEqual([expect.objectContaining({ locked: true, transcript: null })]);
  });

  it('withholds what plays a media asset (address, streams, downloads, transcript, subtitles), keeping what describes it', async () => {
    const playable = { url: 'https://media.example.org/lesson.mp4', videoStreamId: 'stream-1', audioStreamId: 'audio-1', transcript: 'Spoken words.' };
    const hidden = { url: null, videoStreamId: null, audioStreamId: null, downloadOptions: null, transcript: null, subtitles: null };
    const described = { id: asset.id, type: 'VIDEO', caption: 'The lesson on video', thumbnailUrl: 'https://media.example.org/lesson.jpg', duration: 600, isDownloadable: true };
    expect(ok(await visitor.get(`/api/media/${asset.id}`)).mediaAsset).toMatchObject({ ...described, ...hidden, locked: true });
    expect(ok(await visitor.get(`/api/media/content/${lesson.id}`)).mediaAssets).toEqual([expect.objectContaining({ ...hidden, locked: true })]);
    expect(ok(await visitor.get(`/api/media?contentId=${lesson.id}`)).mediaAssets).toEqual([expect.objectContaining({ ...hidden, locked: true })]);
    expect(ok(await visitor.get(`/api/media/list?contentId=${lesson.id}`)).mediaAssets).toEqual([expect.objectContaining({ ...hidden, locked: true })]);
    expect(ok(await visitor.get(`/api/lessons/id/${lesson.id}?includeRelations=true`)).item.mediaAssets).toEqual([expect.objectContaining({ ...hidden, locked: true })]);
    expect(ok(await member.get(`/api/media/${asset.id}`)).mediaAsset).toMatchObject({ ...playable, locked: false });
    expect(ok(await member.get(`/api/media/${asset.id}/with-progress`)).mediaAsset).toMatchObject({ ...playable, locked: false, videoProgress: [] });
    expect(ok(await member.get(`/api/media/with-progress?contentId=${lesson.id}`)).mediaAssets).toEqual([expect.objectContaining({ ...playable, locked: false })]);
    const trpcAnswer = await trpc(visitor, 'media.byId', { id: asset.id });
    expect(trpcAnswer.json.result.data.mediaAsset).toMatchObject({ ...hidden, locked: true });
  });

  it('keeps a restricted artifact’s transcription and media to staff, and a PREMIUM item’s media from a member', async () => {
    const restricted = await create('artifacts', { title: 'Manuscript', overview: 'A page.', transcription: 'Handwritten words.' });
    for (const api of [visitor, member]) expect(ok(await api.get(`/api/artifacts/${restricted.slug}`)).item).toMatchObject({ locked: true, transcription: null, overview: 'A page.' });
    expect(ok(await editor.get(`/api/artifacts/${restricted.slug}`)).item).toMatchObject({ locked: false, transcription: 'Handwritten words.' });
    const premium = await create('interviews', { title: 'Premium interview', overview: 'o', accessType: 'PREMIUM', transcript: 'Paid words.' });
    const video = (await editor.post('/api/media', { type: 'VIDEO', contentId: premium.id, url: 'https://media.example.org/premium.mp4' })).json.mediaAsset;
    expect(ok(await member.get(`/api/media/${video.id}/with-progress`)).mediaAsset).toMatchObject({ url: null, locked: true });
    expect(ok(await member.get(`/api/interviews/${premium.slug}`)).item).toMatchObject({ transcript: null, locked: true });
    expect(await hasAccess(member, premium.id)).toBe(false);
  });

  it('never locks what is OPEN', async () => {
    const open = await create('interviews', { title: 'Open interview', overview: 'o', transcript: 'Free words.' });
    expect(ok(await visitor.get(`/api/interviews/${open.slug}`)).item).toMatchObject({ transcript: 'Free words.', locked: false });
  });
});

describe('children are never more open than their parents', () => {
  it('locks a PREMIUM book’s OPEN chapter for a visitor and a member, via entitlements and via the reads', async () => {
    const book = await create('books', { title: 'Premium book', formats: ['EBOOK'], accessType: 'PREMIUM' });
    const chapter = await create('chapters', { title: 'Open chapter', bookId: book.id, orderIndex: 1, contentText: 'Premium words.' });
    expect(chapter.accessType).toBe('OPEN');
    for (const api of [visitor, member]) {
      expect(await hasAccess(api, chapter.id)).toBe(false);
      expect(ok(await api.get(`/api/chapters/${chapter.slug}`)).item).toMatchObject({ locked: true, contentText: null });
      expect(ok(await api.get(`/api/books/${book.content.slug}/chapters`)).chapters).toEqual([expect.objectContaining({ id: chapter.id, locked: true, contentText: null })]);
    }
    expect(await hasAccess(editor, chapter.id)).toBe(true);
    expect(ok(await editor.get(`/api/chapters/${chapter.slug}`)).item).toMatchObject({ locked: false, contentText: 'Premium words.' });
  });

  it('locks a MEMBERS parent’s OPEN children for visitors and opens them to members', async () => {
    const book = await create('books', { title: 'Members book', formats: ['EBOOK'], accessType: 'MEMBERS' });
    const course = await create('courses', { title: 'Members course', overview: 'o', accessType: 'MEMBERS' });
    const playlist = await create('playlists', { title: 'Members playlist', overview: 'o', accessType: 'MEMBERS' });
    const term = await create('lexicon-terms', { title: 'Reason', term: 'Reason', normalizedTerm: `reason-${runStamp}`, firstLetter: 'R', accessType: 'MEMBERS' });
    const children: [string, { id: string; slug: string }][] = [
      ['chapters', await create('chapters', { title: 'c', bookId: book.id, orderIndex: 1 })],
      ['essays', await create('essays', { title: 'e', books: [{ bookId: book.id, orderIndex: 1 }] })],
      ['lessons', await create('lessons', { title: 'l', overview: 'o', courseId: course.id, orderIndex: 1 })],
      ['lectures', await create('lectures', { title: 'l', overview: 'o', playlistId: playlist.id, orderIndex: 0 })],
      ['excerpts', await create('excerpts', { title: 'x', excerpt: 'Reason is man’s means of survival.', lexiconTerms: [{ lexiconTermId: term.id, orderIndex: 0 }] })],
    ];
    for (const [plural, child] of children) {
      expect(await hasAccess(visitor, child.id), plural).toBe(false);
      expect(ok(await visitor.get(`/api/${plural}/id/${child.id}`)).item.locked, plural).toBe(true);
      expect(await hasAccess(member, child.id), plural).toBe(true);
      expect(ok(await member.get(`/api/${plural}/id/${child.id}`)).item.locked, plural).toBe(false);
    }
  });

  it('takes the strictest of several parents: an essay in an OPEN book and a PREMIUM book is PREMIUM', async () => {
    const open = await create('books', { title: 'Open anthology', formats: ['EBOOK'] });
    const premium = await create('books', { title: 'Premium anthology', formats: ['EBOOK'], accessType: 'PREMIUM' });
    const essay = await create('essays', { title: 'Shared essay', contentText: 'Words.', books: [{ bookId: open.id, orderIndex: 1 }, { bookId: premium.id, orderIndex: 1 }] });
    expect(await hasAccess(member, essay.id)).toBe(false);
    expect(ok(await member.get(`/api/books/${open.content.slug}/essays`)).essays).toEqual([expect.objectContaining({ id: essay.id, locked: true, contentText: null })]);
  });
});

describe('a draft parent’s published children are private everywhere', () => {
  const word = `hiddenword${runStamp.replace(/\d/g, 'x')}`;
  const tag = `hidden-${runStamp}`;
  let book: { id: string; content: { slug: string } };
  let chapter: { id: string; slug: string };
  let essay: { id: string; slug: string };
  let asset: { id: string };

  beforeAll(async () => {
    book = (await editor.post('/api/books', { title: 'Unfinished book', slug: slug('draft-book'), formats: ['EBOOK'] })).json.book;
    chapter = await create('chapters', { title: `The ${word} chapter`, bookId: book.id, orderIndex: 1, contentText: `Text with ${word}.`, tags: [tag] });
    essay = await create('essays', { title: `The ${word} essay`, contentText: 'Words.', tags: [tag], books: [{ bookId: book.id, orderIndex: 1 }] });
    asset = (await editor.post('/api/media', { type: 'IMAGE', contentId: chapter.id, url: 'https://media.example.org/hidden.png' })).json.mediaAsset;
  });

  const seen = async (api: ApiClient) => ({
    chapter: (await api.get(`/api/chapters/${chapter.slug}`)).status,
    chapterById: (await api.get(`/api/chapters/id/${chapter.id}`)).status,
    essay: (await api.get(`/api/essays/${essay.slug}`)).status,
    record: (await api.get(`/api/content/id/${chapter.id}`)).status,
    chapters: ids(ok(await api.get(`/api/chapters?tag=${tag}`)).items),
    chaptersTotal: ok(await api.get(`/api/chapters/list?filter[tag]=${tag}`)).total,
    everything: ids(ok(await api.get(`/api/content?filter[tag]=${tag}`)).items),
    search: ids(ok(await api.get(`/api/content/search?q=${word}`)).results),
    entitlement: (await api.get(`/api/entitlements/content/${chapter.id}`)).status,
    media: (await api.get(`/api/media/${asset.id}`)).status,
    mediaOfChapter: (await api.get(`/api/media/content/${chapter.id}`)).status,
    tagged: ok(await api.get('/api/content/facets')).tags.some((t: { tag: string }) => t.tag === tag),
  });

  it('hides them from visitors and members: item reads, lists, search, entitlements, media and facets', async () => {
    const hidden = { chapter: 404, chapterById: 404, essay: 404, record: 404, chapters: [], chaptersTotal: 0, everything: [], search: [], entitlement: 404, media: 404, mediaOfChapter: 404, tagged: false };
    expect(await seen(visitor)).toEqual(hidden);
    expect(await seen(member)).toEqual(hidden);
    expect((await member.post('/api/progress/content', { contentId: chapter.id, position: 1 })).status).toBe(404);
    expect((await member.get(`/api/progress/content/${chapter.id}`)).status).toBe(404);
    expect((await member.post('/api/progress/video', { mediaAssetId: asset.id, position: 1, duration: 2 })).status).toBe(404);
    // The whole list's total (read from the database's counts) agrees with its items.
    const all = ok(await visitor.get('/api/content?limit=100'));
    expect(all.total).toBe(all.items.length);
    expect(ids(all.items)).not.toContain(chapter.id);
    expect(ok(await visitor.get('/api/chapters/list?limit=100')).total).toBe(ok(await visitor.get('/api/chapters/list?limit=100')).items.length);
  });

  it('shows them to editors, and to everyone once the book is published', async () => {
    const shown = { chapter: 200, chapterById: 200, essay: 200, record: 200, chapters: [chapter.id], chaptersTotal: 1, everything: [essay.id, chapter.id], search: expect.arrayContaining([chapter.id, essay.id]), entitlement: 200, media: 200, mediaOfChapter: 200, tagged: true };
    expect(await seen(editor)).toEqual(shown);
    expect(ok(await patch(editor, `/api/books/id/${book.id}`, { status: 'PUBLISHED' })).book.content.published).toBe(true);
    expect(await seen(visitor)).toEqual(shown);
    expect((await member.post('/api/progress/content', { contentId: chapter.id, position: 1 })).status).toBe(200);
    // Unpublished again, it is private again: the children follow their parent both ways.
    expect(ok(await patch(editor, `/api/books/id/${book.id}`, { status: 'DRAFT' })).book.content.published).toBe(false);
    expect((await visitor.get(`/api/chapters/${chapter.slug}`)).status).toBe(404);
    expect(ok(await visitor.get(`/api/content/search?q=${word}`)).total).toBe(0);
  });

  it('shows an essay again once it is no longer linked to the draft book', async () => {
    const loose = await create('essays', { title: 'Moved essay', tags: [`${tag}-moved`], books: [{ bookId: book.id, orderIndex: 2 }] });
    expect((await visitor.get(`/api/essays/${loose.slug}`)).status).toBe(404);
    ok(await patch(editor, `/api/essays/id/${loose.id}`, { books: [] }));
    expect(ok(await visitor.get(`/api/essays/${loose.slug}`)).item.id).toBe(loose.id);
    expect(ids(ok(await visitor.get(`/api/content?filter[tag]=${tag}-moved`)).items)).toEqual([loose.id]);
  });
});

describe('a chapter’s neighbours are previousChapter and nextChapter (spec 002 §3)', () => {
  it('answers them on every chapter read; lessons keep previous and next', async () => {
    const book = await create('books', { title: 'Sequence', formats: ['EBOOK'] });
    const one = await create('chapters', { title: 'One', bookId: book.id, orderIndex: 1 });
    const two = await create('chapters', { title: 'Two', bookId: book.id, orderIndex: 2 });
    for (const path of [`/api/chapters/${one.slug}`, `/api/chapters/id/${one.id}`]) {
      const item = ok(await visitor.get(path)).item;
      expect(item, path).toMatchObject({ previousChapter: null, nextChapter: { id: two.id, slug: two.slug, title: 'Two', orderIndex: 2 } });
      expect(item, path).not.toHaveProperty('previous');
      expect(item, path).not.toHaveProperty('next');
    }
    expect((await trpc(visitor, 'chapters.bySlug', { slug: two.slug })).json.result.data.item).toMatchObject({ previousChapter: { id: one.id }, nextChapter: null });
    expect(ok(await visitor.get(`/api/books/${book.content.slug}/chapters`)).chapters.map((c: { previousChapter: { id: string } | null }) => c.previousChapter?.id ?? null)).toEqual([null, one.id]);
    const course = await create('courses', { title: 'Sequence course', overview: 'o' });
    const lesson = await create('lessons', { title: 'Only', overview: 'o', courseId: course.id, orderIndex: 1 });
    expect(ok(await visitor.get(`/api/lessons/${lesson.slug}`)).item).toMatchObject({ previous: null, next: null });
  });
});

describe('relations of a whole page (includeRelations)', () => {
  it('answers each item of a page as it answers the item on its own', async () => {
    const tag = `related-${runStamp}`;
    const author = (await editor.post('/api/creators', { name: 'Leonard Peikoff', slug: slug('peikoff') })).json.creator;
    const editorOf = (await editor.post('/api/creators', { name: 'Harry Binswanger', slug: slug('binswanger') })).json.creator;
    const books: { id: string }[] = [];
    for (let i = 0; i < 4; i++) {
      books.push(
        await create('books', {
          title: `Related ${i}`,
          formats: ['EBOOK'],
          tags: [tag],
          accessType: i === 3 ? 'PREMIUM' : 'OPEN',
          creators: i % 2 ? [{ creatorId: author.id, role: 'AUTHOR', orderIndex: 0 }, { creatorId: editorOf.id, role: 'EDITOR', orderIndex: 1 }] : [{ creatorId: editorOf.id, role: 'AUTHOR', orderIndex: 0 }],
          relations: i > 0 ? [{ relatedContentId: books[i - 1]!.id, relationType: 'FOLLOW_UP', orderIndex: 0 }] : [],
        }),
      );
      for (let c = 0; c < i; c++) await create('chapters', { title: `Chapter ${c}`, bookId: books[i]!.id, orderIndex: c + 1 });
      await create('essays', { title: `Essay of ${i}`, books: [{ bookId: books[i]!.id, orderIndex: 1 }] });
      await editor.post('/api/media', { type: 'VIDEO', contentId: books[i]!.id, url: `https://media.example.org/${i}.mp4`, caption: `Video ${i}` });
    }
    for (const api of [visitor, member, editor]) {
      const page = ok(await api.get(`/api/books?tag=${tag}&includeRelations=true`)).books;
      expect(page).toHaveLength(4);
      for (const book of page) expect(book).toEqual(ok(await api.get(`/api/books/id/${book.id}?includeRelations=true`)).book);
      const listPage = ok(await api.get(`/api/books/list?filter[tag]=${tag}&includeRelations=true&limit=2&page=2`)).books;
      for (const book of listPage) expect(book).toEqual(ok(await api.get(`/api/books/id/${book.id}?includeRelations=true`)).book);
    }
    const premium = ok(await visitor.get(`/api/books?tag=${tag}&includeRelations=true`)).books.find((b: { id: string }) => b.id === books[3]!.id);
    expect(premium).toMatchObject({ locked: true, mediaAssets: [expect.objectContaining({ url: null, locked: true })], chapters: expect.any(Array) });
    expect(premium.chapters).toHaveLength(3);

    const course = await create('courses', { title: 'Related course', overview: 'o', tags: [tag] });
    for (let l = 1; l <= 3; l++) await create('lessons', { title: `Lesson ${l}`, overview: 'o', courseId: course.id, orderIndex: l });
    const courses = ok(await visitor.get(`/api/courses?tag=${tag}&includeRelations=true`)).items;
    expect(courses).toEqual([ok(await visitor.get(`/api/courses/id/${course.id}?includeRelations=true`)).item]);
    expect(courses[0].children.lessons.map((l: { title: string }) => l.title)).toEqual(['Lesson 1', 'Lesson 2', 'Lesson 3']);
  });
});

describe('GET /api/progress', () => {
  it('drops entries on content unpublished since, from the items and from the total alike', async () => {
    const reader = await signedIn(server);
    const kept = await create('essays', { title: 'Kept' });
    const unpublished = await create('essays', { title: 'Unpublished later' });
    const book = await create('books', { title: 'Withdrawn book', formats: ['EBOOK'] });
    const chapter = await create('chapters', { title: 'In a withdrawn book', bookId: book.id, orderIndex: 1 });
    for (const item of [kept, unpublished, chapter]) expect((await reader.post('/api/progress/content', { contentId: item.id, position: 1, percentage: 10 })).status).toBe(200);
    expect(ok(await reader.get('/api/progress')).total).toBe(3);

    ok(await patch(editor, `/api/essays/id/${unpublished.id}`, { status: 'DRAFT' }));
    ok(await patch(editor, `/api/books/id/${book.id}`, { status: 'ARCHIVED' }));
    const list = ok(await reader.get('/api/progress'));
    expect(list).toMatchObject({ total: 1, page: 1, limit: 20, totalPages: 1 });
    expect(list.progress.map((p: { contentId: string }) => p.contentId)).toEqual([kept.id]);
    expect(list.progress[0].content).toMatchObject({ id: kept.id, title: 'Kept', type: 'ESSAY', status: 'PUBLISHED' });
    expect(ok(await reader.get('/api/progress?limit=1&page=2'))).toMatchObject({ total: 1, progress: [], totalPages: 1 });
    // Editors still see their progress on what they may see.
    for (const item of [kept, unpublished]) await editor.post('/api/progress/content', { contentId: item.id, position: 1 });
    expect(ok(await editor.get('/api/progress')).total).toBe(2);
  });
});
