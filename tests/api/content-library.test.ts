/**
 * The rest of the library against a real server: every other content type on the books pattern,
 * creators, content progress, full-text search and the entitlement check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { signedIn } from '../support/members';
import { startLibraryServer, type Member, nextNumber, slug, patch, del } from '../support/library';
import type { TestServer } from '../support/server';

let server: TestServer, editor: Member, member: Member, visitor: ApiClient;
beforeAll(async () => ({ server, editor, member, visitor } = await startLibraryServer()));
afterAll(async () => server.close());

async function create(plural: string, fields: Record<string, unknown>) {
  const res = await editor.post(`/api/${plural}`, { slug: slug(plural), status: 'PUBLISHED', ...fields });
  expect(res.status, `${plural}: ${JSON.stringify(res.json)}`).toBe(201);
  return res.json.item ?? res.json.book ?? res.json.creator;
}

describe('courses and lessons', () => {
  it('keeps a course’s lessons in order, with their defaults and rules', async () => {
    const course = await create('courses', { title: 'Introduction to Objectivism', overview: 'Eight lessons on the essentials.' });
    expect(course).toMatchObject({ type: 'COURSE', sequential: false, objectives: [] });
    const two = await create('lessons', { title: 'Ethics', overview: 'The virtue of selfishness.', courseId: course.id, orderIndex: 2, durationMinutes: 45 });
    const one = await create('lessons', { title: 'Metaphysics', overview: 'Existence exists.', courseId: course.id, orderIndex: 1, durationMinutes: 40 });
    const lessons = await visitor.get(`/api/courses/${course.slug}/lessons`);
    expect(lessons.status).toBe(200);
    expect(lessons.json.items.map((l: { id: string }) => l.id)).toEqual([one.id, two.id]);
    const read = await visitor.get(`/api/lessons/${one.slug}`);
    expect(read.json.item).toMatchObject({ courseId: course.id, previous: null, next: { id: two.id } });
    const withChildren = await visitor.get(`/api/courses/id/${course.id}?includeRelations=true`);
    expect(withChildren.json.item.children.lessons.map((l: { orderIndex: number }) => l.orderIndex)).toEqual([1, 2]);

    const clash = await editor.post('/api/lessons', { title: 'Again', slug: slug('l'), overview: 'o', courseId: course.id, orderIndex: 1 });
    expect(clash.status).toBe(409);
    expect(clash.json.code).toBe('ORDER_TAKEN');
    const noCourse = await editor.post('/api/lessons', { title: 'Lost', slug: slug('l'), overview: 'o', courseId: '6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11', orderIndex: 1 });
    expect(noCourse.status).toBe(400);
    expect(noCourse.json).toMatchObject({ code: 'REFERENCE_NOT_FOUND', errors: [{ path: 'courseId', message: 'Course not found' }] });
    const wrongParent = await editor.post('/api/lessons', { title: 'Lost', slug: slug('l'), overview: 'o', courseId: one.id, orderIndex: 1 });
    expect(wrongParent.json.errors).toEqual([{ path: 'courseId', message: 'Course not found' }]);
    for (const [payload, path, message] of [
      [{ title: 'L', slug: slug('l'), courseId: course.id, orderIndex: 3 }, 'overview', 'Lesson overview is required'],
      [{ title: 'L', slug: slug('l'), overview: 'o', orderIndex: 3 }, 'courseId', 'Course is required'],
      [{ title: 'L', slug: slug('l'), overview: 'o', courseId: course.id, orderIndex: 0 }, 'orderIndex', 'Order index must be a whole number, 1 or more'],
      [{ title: 'L', slug: slug('l'), overview: 'o', courseId: course.id, orderIndex: 3, durationMinutes: 0 }, 'durationMinutes', 'Lesson duration must be a positive whole number'],
    ] as const) {
      const res = await editor.post('/api/lessons', payload);
      expect(res.status, message).toBe(400);
      expect(res.json.errors).toContainEqual({ path, message });
    }
  });
});

describe('playlists, lectures, lexicon terms, excerpts, essays, discussions, tracks, clips, artifacts, interviews', () => {
  it('answers each type at its paths with its defaults', async () => {
    const playlist = await create('playlists', { title: 'Ford Hall Forum', overview: 'Lectures 1961-1981' });
    const lecture = await create('lectures', { title: 'America’s Persecuted Minority', overview: 'Big business.', playlistId: playlist.id, orderIndex: 0, originalDate: '1961-12-17' });
    expect(lecture).toMatchObject({ playlistId: playlist.id, originalDate: '1961-12-17' });
    expect((await visitor.get(`/api/playlists/${playlist.slug}/lectures`)).json.items.map((l: { id: string }) => l.id)).toEqual([lecture.id]);

    const term = await create('lexicon-terms', { title: 'Egoism', term: 'Egoism', normalizedTerm: `egoism-${nextNumber()}`, firstLetter: 'E', relatedTerms: ['Selfishness'] });
    const excerpt = await create('excerpts', { title: 'On egoism', excerpt: 'The achievement of his own happiness is man’s highest moral purpose.', bookTitle: 'The Virtue of Selfishness', pageNumber: 27, lexiconTerms: [{ lexiconTermId: term.id, orderIndex: 0 }] });
    expect(excerpt.lexiconTerms).toEqual([{ lexiconTermId: term.id, orderIndex: 0 }]);
    expect((await visitor.get(`/api/lexicon-terms/${term.slug}/excerpts`)).json.items.map((e: { id: string }) => e.id)).toEqual([excerpt.id]);

    const discussion = await create('discussions', { title: 'Reading group', overview: 'Monthly.' });
    expect(discussion).toMatchObject({ isVirtual: true, currentParticipants: 0 });
    const essay = await create('essays', { title: 'The Objectivist Ethics', discussions: [{ discussionId: discussion.id, orderIndex: 1 }] });
    expect((await visitor.get(`/api/discussions/${discussion.slug}/essays`)).json.items.map((e: { id: string }) => e.id)).toEqual([essay.id]);
    const badLink = await editor.post('/api/essays', { title: 'X', slug: slug('e'), discussions: [{ discussionId: discussion.id, orderIndex: 0 }] });
    expect(badLink.json.errors).toContainEqual({ path: 'discussions.0.orderIndex', message: 'Order index must be at least 1' });

    const track = await create('tracks', { title: 'Start here', overview: 'A path.', items: [{ contentId: essay.id, orderIndex: 1 }, { contentId: lecture.id, orderIndex: 0, isRequired: false }] });
    expect(track).toMatchObject({ sequential: true });
    expect(track.items).toEqual([{ contentId: lecture.id, orderIndex: 0, description: null, isRequired: false }, { contentId: essay.id, orderIndex: 1, description: null, isRequired: true }]);

    const clip = await create('clips', { title: 'On altruism', overview: 'Two minutes.', durationSeconds: 120, sourceContentId: lecture.id });
    expect(clip).toMatchObject({ clipType: 'STANDALONE', sourceContentId: lecture.id });
    const badClip = await editor.post('/api/clips', { title: 'X', slug: slug('c'), overview: 'o', durationSeconds: -1 });
    expect(badClip.json.errors).toContainEqual({ path: 'durationSeconds', message: 'Clip duration must be a whole number of seconds, 0 or more' });

    const artifact = await create('artifacts', { title: 'Manuscript page', overview: 'A page of the Atlas Shrugged manuscript.' });
    expect(artifact).toMatchObject({ isRestricted: true, isDigitized: false });
    const noOverview = await editor.post('/api/artifacts', { title: 'X', slug: slug('a') });
    expect(noOverview.json.errors).toContainEqual({ path: 'overview', message: 'Artifact overview is required' });

    const interview = await create('interviews', { title: 'Playboy interview', overview: 'With Alvin Toffler, 1964.', interviewDate: '1964-03-01', interviewer: 'Alvin Toffler' });
    expect(interview).toMatchObject({ interviewDate: '1964-03-01', mainTopics: [] });
    const list = await visitor.get('/api/interviews/list?filter[status]=ALL');
    expect(list.json).toMatchObject({ success: true, page: 1, limit: 10 });
    expect(list.json.items.map((i: { id: string }) => i.id)).toContain(interview.id);
  });

  it('needs the lexicon term rules and the parent-type checks', async () => {
    const res = await editor.post('/api/lexicon-terms', { title: 'X', slug: slug('t'), term: 'Reason', normalizedTerm: 'reason', firstLetter: 'RE' });
    expect(res.json.errors).toContainEqual({ path: 'firstLetter', message: 'First letter must be a single character' });
    const chapter = await editor.post('/api/chapters', { title: 'X', slug: slug('ch'), orderIndex: 0 });
    expect(chapter.json.errors).toContainEqual({ path: 'bookId', message: 'Book is required' });
  });

  it('writes need content.edit; drafts are not found by others', async () => {
    expect((await visitor.post('/api/essays', { title: 'X', slug: slug('e') })).status).toBe(401);
    expect((await member.post('/api/essays', { title: 'X', slug: slug('e') })).status).toBe(403);
    const draft = await editor.post('/api/essays', { title: 'Draft essay', slug: slug('e') });
    expect(draft.json.item.status).toBe('DRAFT');
    expect((await member.get(`/api/essays/id/${draft.json.item.id}`)).status).toBe(404);
    expect((await patch(member, `/api/essays/id/${draft.json.item.id}`, { title: 'Y' })).status).toBe(403);
    expect((await del(editor, `/api/essays/id/${draft.json.item.id}`)).status).toBe(200);
  });
});

describe('type filters and sorting', () => {
  it('lists the lexicon A-Z by first letter, books by type and format, lessons in course order', async () => {
    const stamp = Date.now().toString(36);
    const terms = [];
    for (const term of ['Zeal', 'Zest', 'Zeno']) terms.push(await create('lexicon-terms', { title: term, term, normalizedTerm: `${term.toLowerCase()}-${stamp}`, firstLetter: 'Z', tags: [`lex-${stamp}`] }));
    const z = await visitor.get(`/api/lexicon-terms?firstLetter=z&sort=title&tag=lex-${stamp}`);
    expect(z.json.items.map((t: { term: string }) => t.term)).toEqual(['Zeal', 'Zeno', 'Zest']);
    expect((await visitor.get(`/api/lexicon-terms/list?filter[firstLetter]=Q&filter[tag]=lex-${stamp}`)).json.total).toBe(0);
    const bad = await visitor.get('/api/lexicon-terms/list?filter[firstLetter]=ZZ');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('First letter must be a single character');

    const tag = `bt-${stamp}`;
    const novel = await create('books', { title: 'Novel', formats: ['PAPERBACK'], tags: [tag] });
    const treatise = await create('books', { title: 'Treatise', formats: ['EBOOK', 'AUDIOBOOK'], bookType: 'NON_FICTION', tags: [tag] });
    expect((await visitor.get(`/api/books/list?filter[tag]=${tag}&filter[bookType]=NON_FICTION`)).json.books.map((b: { id: string }) => b.id)).toEqual([treatise.id]);
    expect((await visitor.get(`/api/books?tag=${tag}&formats=PAPERBACK`)).json.books.map((b: { id: string }) => b.id)).toEqual([novel.id]);
    expect((await visitor.get(`/api/books/list?filter[tag]=${tag}&filter[firstLetter]=A`)).json.message).toBe('Unknown filter: firstLetter');

    const course = await create('courses', { title: 'Order', overview: 'o' });
    const third = await create('lessons', { title: 'A third', overview: 'o', courseId: course.id, orderIndex: 3 });
    const first = await create('lessons', { title: 'B first', overview: 'o', courseId: course.id, orderIndex: 1 });
    const ordered = await visitor.get(`/api/lessons/list?filter[courseId]=${course.id}&sort=order`);
    expect(ordered.json.items.map((l: { id: string }) => l.id)).toEqual([first.id, third.id]);
    const byTitle = await visitor.get(`/api/lessons?courseId=${course.id}&sort=title`);
    expect(byTitle.json.items.map((l: { id: string }) => l.id)).toEqual([third.id, first.id]);
    expect((await visitor.get('/api/lessons?sort=random')).json.message).toBe('Sort must be one of newest, title, order');
  });
});

describe('creators', () => {
  it('creates, credits, reads and lists creators', async () => {
    const s = slug('ayn-rand');
    const res = await editor.post('/api/creators', { name: 'Ayn Rand', slug: s, email: 'ayn@example.org', imageUrl: 'https://cdn.example.org/rand.jpg', expertise: ['philosophy', 'fiction'] });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const creator = res.json.creator;
    expect(creator).toMatchObject({ name: 'Ayn Rand', slug: s, featured: false, expertise: ['philosophy', 'fiction'] });
    const book = await create('books', { title: 'We the Living', formats: ['PAPERBACK'], creators: [{ creatorId: creator.id, role: 'AUTHOR', orderIndex: 0 }] });
    const credited = await visitor.get(`/api/books/id/${book.id}?includeRelations=true`);
    expect(credited.json.book.creators).toEqual([{ creatorId: creator.id, name: 'Ayn Rand', slug: s, imageUrl: 'https://cdn.example.org/rand.jpg', role: 'AUTHOR', orderIndex: 0 }]);
    const byCreator = await visitor.get(`/api/books?creatorId=${creator.id}`);
    expect(byCreator.json.books.map((b: { id: string }) => b.id)).toEqual([book.id]);
    const content = await visitor.get(`/api/creators/${s}/content`);
    expect(content.json.content.map((c: { id: string }) => c.id)).toEqual([book.id]);
    expect((await visitor.get(`/api/creators/id/${creator.id}`)).json.creator.id).toBe(creator.id);
    expect((await visitor.get('/api/creators/list?search=ayn')).json.creators.map((c: { id: string }) => c.id)).toContain(creator.id);
    const unknown = await editor.post('/api/books', { title: 'X', slug: slug('b'), formats: ['EBOOK'], creators: [{ creatorId: '6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11' }] });
    expect(unknown.json.errors).toEqual([{ path: 'creators.0.creatorId', message: 'Creator not found' }]);
    const named = await editor.post('/api/creators', { name: `Leonard Peikoff ${nextNumber()}` });
    expect(named.json.creator.slug).toMatch(/^leonard-peikoff-\d+$/);
  });

  it('checks the spec 002 §5 Creator rules and permissions', async () => {
    for (const [payload, path, message] of [
      [{}, 'name', 'Name is required'],
      [{ name: 'X', slug: 'Not Valid' }, 'slug', 'Slug must contain only lowercase letters, numbers, and hyphens'],
      [{ name: 'X', email: 'nope' }, 'email', 'Valid email is required'],
      [{ name: 'X', imageUrl: 'nope' }, 'imageUrl', 'Valid image URL is required'],
    ] as const) {
      const res = await editor.post('/api/creators', payload);
      expect(res.status).toBe(400);
      expect(res.json.errors).toContainEqual({ path, message });
    }
    const association = await editor.post('/api/books', { title: 'X', slug: slug('b'), formats: ['EBOOK'], creators: [{ creatorId: '6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11', orderIndex: -1 }] });
    expect(association.json.errors).toContainEqual({ path: 'creators.0.orderIndex', message: 'Order index must be at least 0' });
    expect((await member.post('/api/creators', { name: 'X' })).status).toBe(403);
    expect((await visitor.get('/api/creators/nobody-here')).status).toBe(404);
  });
});

describe('content progress', () => {
  it('records and reads a member’s progress, merging writes from two tabs', async () => {
    const book = await create('books', { title: 'Anthem', formats: ['EBOOK'] });
    const chapter = await create('chapters', { title: 'Part One', bookId: book.id, orderIndex: 0 });
    const api = await signedIn(server);
    const writes = await Promise.all(Array.from({ length: 10 }, (_, i) => api.post('/api/progress/content', { contentId: chapter.id, position: i * 10, percentage: i * 5, timeSpent: 15, newSession: i === 0 })));
    expect(writes.every((w) => w.status === 200)).toBe(true);
    const read = await api.get(`/api/progress/content/${chapter.id}`);
    expect(read.json.progress).toMatchObject({ contentId: chapter.id, status: 'IN_PROGRESS', totalTimeSpent: 150, sessionCount: 1 });
    const done = await api.post('/api/progress/content', { contentId: chapter.id, percentage: 100, rating: 5, isBookmarked: true });
    expect(done.json.progress).toMatchObject({ status: 'COMPLETED', rating: 5, isBookmarked: true });
    expect(done.json.progress.completedAt).not.toBeNull();
    const list = await api.get('/api/progress');
    expect(list.json).toMatchObject({ success: true, page: 1, limit: 20, total: 1, totalPages: 1 });
    expect(list.json.progress[0]).toMatchObject({ contentId: chapter.id, content: { id: chapter.id, title: 'Part One', type: 'CHAPTER' } });
    expect((await member.get(`/api/progress/content/${chapter.id}`)).json.progress).toBeNull();
  });

  it('checks the spec 002 §5 Progress rules', async () => {
    const book = await create('books', { title: 'Ideal', formats: ['EBOOK'] });
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'contentId', 'Content ID is required'],
      [{ contentId: book.id, percentage: 101 }, 'percentage', 'Percentage must be between 0 and 100'],
      [{ contentId: book.id, percentage: -1 }, 'percentage', 'Percentage must be between 0 and 100'],
      [{ contentId: book.id, rating: 0 }, 'rating', 'Rating must be between 1 and 5'],
      [{ contentId: book.id, rating: 6 }, 'rating', 'Rating must be between 1 and 5'],
      [{ contentId: book.id, position: -1 }, 'position', 'Position must be 0 or more'],
      [{ contentId: book.id, duration: -1 }, 'duration', 'Duration must be 0 or more'],
      [{ contentId: book.id, timeSpent: -1 }, 'timeSpent', 'Time spent must be 0 or more'],
    ];
    for (const [payload, path, message] of cases) {
      const res = await member.post('/api/progress/content', payload);
      expect(res.status, message).toBe(400);
      expect(res.json.errors).toContainEqual({ path, message });
    }
    for (const [query, message] of [['page=0', 'Page must be at least 1'], ['limit=0', 'Limit must be between 1 and 100'], ['limit=101', 'Limit must be between 1 and 100']]) {
      const res = await member.get(`/api/progress?${query}`);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect((await visitor.post('/api/progress/content', { contentId: book.id })).status).toBe(401);
    expect((await visitor.get('/api/progress')).status).toBe(401);
    const draft = await editor.post('/api/books', { title: 'Draft', slug: slug('b'), formats: ['EBOOK'] });
    expect((await member.post('/api/progress/content', { contentId: draft.json.book.id })).status).toBe(404);
  });
});

describe('search', () => {
  it('ranks, matches prefixes across types and filters by type, tag and creator; drafts stay hidden', async () => {
    const word = `galtian${Date.now().toString(36).replace(/\d/g, 'x')}`;
    const writer = (await editor.post('/api/creators', { name: `Essayist ${word}` })).json.creator;
    const book = await create('books', { title: `The ${word} Strike`, formats: ['EBOOK'], tags: ['fiction'] });
    const essay = await create('essays', { title: 'Motive power', contentText: `A long essay in which the ${word} theme returns.`, tags: ['ethics'], creators: [{ creatorId: writer.id }] });
    await editor.post('/api/essays', { title: `${word} draft`, slug: slug('e') });
    const all = await visitor.get(`/api/content/search?q=${word.slice(0, 9)}`);
    expect(all.status).toBe(200);
    expect(all.json.results.map((r: { id: string }) => r.id)).toEqual([book.id, essay.id]);
    expect(all.json.results[0].rank).toBeGreaterThan(all.json.results[1].rank);
    expect((await visitor.get(`/api/content/search?q=${word}&type=ESSAY`)).json.results.map((r: { id: string }) => r.id)).toEqual([essay.id]);
    expect((await visitor.get(`/api/content/search?q=${word}&tag=fiction`)).json.results.map((r: { id: string }) => r.id)).toEqual([book.id]);
    expect((await visitor.get(`/api/content/search?q=${word}&creatorId=${writer.id}`)).json.results.map((r: { id: string }) => r.id)).toEqual([essay.id]);
    expect((await visitor.get(`/api/content/search?q=${word}&type=ALL&tag=&creatorId=`)).json.total).toBe(2);
    const paged = await visitor.get(`/api/content/search?q=${word}&limit=1&page=2`);
    expect(paged.json).toMatchObject({ total: 2, page: 2, limit: 1, totalPages: 2, results: [{ id: essay.id }] });
    expect((await visitor.get(`/api/content/search?q=${word}&page=3&limit=1`)).json).toMatchObject({ total: 2, results: [] });
    expect((await editor.get(`/api/content/search?q=${word}`)).json.total).toBe(3);
    const empty = await visitor.get('/api/content/search?q=');
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Search text is required');
    expect((await visitor.get('/api/content/search?q=%21%21%21')).json).toMatchObject({ results: [], total: 0 });
  });
});

describe('GET /api/entitlements/content/{id}', () => {
  it('opens OPEN content to everyone, MEMBERS content to members, and restricted artifacts to staff only', async () => {
    const open = await create('books', { title: 'Open', formats: ['EBOOK'] });
    const members = await create('books', { title: 'Members', formats: ['EBOOK'], accessType: 'MEMBERS' });
    const premium = await create('books', { title: 'Premium', formats: ['EBOOK'], accessType: 'PREMIUM' });
    const artifact = await create('artifacts', { title: 'Letter', overview: 'A letter.' });
    const check = async (api: ApiClient, id: string) => {
      const res = await api.get(`/api/entitlements/content/${id}`);
      expect(res.status).toBe(200);
      return res.json.hasAccess;
    };
    expect(await check(visitor, open.id)).toBe(true);
    expect(await check(member, open.id)).toBe(true);
    expect(await check(visitor, members.id)).toBe(false);
    expect(await check(member, members.id)).toBe(true);
    expect(await check(member, premium.id)).toBe(false);
    expect(await check(editor, premium.id)).toBe(true);
    expect(await check(member, artifact.id)).toBe(false);
    expect(await check(editor, artifact.id)).toBe(true);
    const revoked = new ApiClient(server.url, { authorization: 'Bearer not-a-real-token' });
    expect(await check(revoked, members.id)).toBe(false);
    expect((await visitor.get('/api/entitlements/content/6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11')).status).toBe(404);
  });
});
