/**
 * The library browser's reads on the content repository (facets, recommendations) held to one
 * contract on embedded PGlite and, when TEST_DATABASE_URL is set, PostgreSQL. A fresh database per
 * backend, so the counts are this file's alone.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresCreators } from '../../adapters/postgres/content/creators';
import { postgresProgress } from '../../adapters/postgres/content/progress';
import { postgresContent } from '../../adapters/postgres/content/repository';
import type { DatabaseHandle } from '../../adapters/postgres/database';
import type { ContentChange, NewContent } from '../../application/ports/content-repository';
import type { ContentStatus, ContentType } from '../../domain/content/constants';
import { at, published, T0 } from '../support/content-items';
import { databaseTargets } from '../support/database';

for (const target of await databaseTargets()) {
  describe(`library browsing [${target.name}]`, () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ handle, drop } = await target.make());
      await handle.migrate();
    }, 60_000);
    afterAll(async () => drop());

    const content = () => postgresContent(handle.db);
    async function create(item: NewContent, when = T0) {
      const result = await content().create(item, when);
      if (!result.ok) throw new Error(`create refused: ${result.reason}`);
      return result.item;
    }

    it('counts by type, tag and lexicon letter, with the statuses asked for', async () => {
      await create(published('BOOK', { title: 'Atlas Shrugged', tags: ['fiction', 'ethics'] }, { formats: ['PAPERBACK'] }));
      await create(published('ESSAY', { title: 'The Objectivist Ethics', tags: ['ethics'] }));
      await create({ ...published('ESSAY', { title: 'Draft', tags: ['draft-only'] }), status: 'DRAFT', publishedAt: null });
      await create(published('LEXICON_TERM', { title: 'Egoism' }, { term: 'Egoism', normalizedTerm: 'egoism', firstLetter: 'E' }));
      await create(published('LEXICON_TERM', { title: 'Reason' }, { term: 'Reason', normalizedTerm: 'reason', firstLetter: 'r' }));

      const visible = await content().facets('public');
      expect(visible.types).toEqual([
        { type: 'BOOK', count: 1 },
        { type: 'ESSAY', count: 1 },
        { type: 'LEXICON_TERM', count: 2 },
      ]);
      expect(visible.tags).toEqual([
        { tag: 'ethics', count: 2 },
        { tag: 'fiction', count: 1 },
      ]);
      expect(visible.letters).toEqual([
        { letter: 'E', count: 1 },
        { letter: 'R', count: 1 },
      ]);
      const all = await content().facets('everything');
      expect(all.types).toContainEqual({ type: 'ESSAY', count: 2 });
      expect(all.tags).toContainEqual({ tag: 'draft-only', count: 1 });
    });

    it('recommends unstarted works most alike to what the member started', async () => {
      const { id: userId } = await handle.db.insertInto('users').values({ email: `r.${randomUUID().slice(0, 8)}@example.org`, created_at: T0, updated_at: T0 }).returning('id').executeTakeFirstOrThrow();
      const author = await postgresCreators(handle.db).create({ name: 'Ayn Rand', slug: `ayn-rand-${randomUUID().slice(0, 8)}`, email: null, bio: null, title: null, organization: null, expertise: [], imageUrl: null, creatorType: null, featured: false }, T0);
      if (author === 'slug_taken') throw new Error('creator slug taken');
      const credit = [{ creatorId: author.id, role: 'AUTHOR' as const, orderIndex: 0 }];
      const novel = await create(published('BOOK', { title: 'The Fountainhead', tags: ['architecture'] }, { formats: ['EBOOK'] }, { creators: credit }), at(1));
      const chapter = await create(published('CHAPTER', { title: 'Peter Keating' }, { bookId: novel.id, orderIndex: 1 }), at(2));
      const sameTag = await create(published('COURSE', { title: 'Buildings', tags: ['architecture'] }, { overview: 'o' }), at(3));
      const sameAuthor = await create(published('INTERVIEW', { title: 'Playboy' }, { overview: 'o' }, { creators: credit }), at(4));
      const featured = await create(published('PLAYLIST', { title: 'Lectures', featured: true }, { overview: 'o' }), at(5));
      const newest = await create(published('TRACK', { title: 'Start here' }, { overview: 'o' }), at(6));
      const hidden = await create({ ...published('TRACK', { title: 'Draft track', tags: ['architecture'] }, { overview: 'o' }), status: 'DRAFT', publishedAt: null }, at(7));
      const types: ContentType[] = ['BOOK', 'COURSE', 'INTERVIEW', 'PLAYLIST', 'TRACK'];
      const ours = (items: { id: string }[]) => items.map((i) => i.id).filter((id) => [novel, sameTag, sameAuthor, featured, newest, hidden].some((c) => c.id === id));

      const before = await content().recommendedFor({ userId, types, statuses: ['PUBLISHED'], limit: 24 });
      expect(before.findIndex((i) => i.id === featured.id)).toBeLessThan(before.findIndex((i) => i.id === newest.id));
      expect(before.some((i) => i.id === hidden.id)).toBe(false);

      await postgresProgress(handle.db).recordContent(userId, chapter.id, { position: 5, impliedStatus: 'IN_PROGRESS' }, at(10));
      const after = await content().recommendedFor({ userId, types, statuses: ['PUBLISHED'], limit: 24 });
      expect(ours(after).slice(0, 2)).toEqual([sameAuthor.id, sameTag.id]);
      expect(ours(after)).not.toContain(novel.id);
      expect(after[0]).toMatchObject({ id: sameAuthor.id, type: 'INTERVIEW', title: 'Playboy' });
      expect(await content().recommendedFor({ userId, types: [], limit: 5 })).toEqual([]);
    });

    it('keeps what the public sees (items with unpublished parents, counts by type and tag) exact through every kind of write', async () => {
      const change = (id: string, status: ContentStatus, extra: Partial<ContentChange> = {}) =>
        content().update(id, { shared: {}, status, publishedAt: status === 'PUBLISHED' ? T0 : null, details: {}, links: {}, searchText: '', bodyText: '', creators: undefined, relations: undefined, ...extra }, T0);
      // What the public sees, worked out from the links themselves rather than from the kept column and counts.
      const fromScratch = async () => {
        const publicIds = new Set(
          (
            await sql<{ id: string }>`
              select c.id from content c where c.published and not exists (
                select 1 from (
                  select content_id as child, book_id as parent from chapters
                  union all select content_id, course_id from lessons
                  union all select content_id, playlist_id from lectures
                  union all select essay_id, book_id from book_essays
                  union all select excerpt_id, lexicon_term_id from lexicon_term_excerpts
                ) l join content p on p.id = l.parent where l.child = c.id and not p.published)`.execute(handle.db)
          ).rows.map((r) => r.id),
        );
        const { rows } = await sql<{ id: string; type: string; tags: string[]; published: boolean }>`select id, type, tags, published from content`.execute(handle.db);
        const types = new Map<string, number>();
        const tags = new Map<string, number>();
        for (const row of rows.filter((r) => publicIds.has(r.id))) {
          types.set(row.type, (types.get(row.type) ?? 0) + 1);
          for (const tag of row.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1);
        }
        return {
          hidden: (await sql<{ id: string }>`select id from content where published and parent_unpublished order by id`.execute(handle.db)).rows.map((r) => r.id),
          expectedHidden: rows.filter((r) => r.published && !publicIds.has(r.id)).map((r) => r.id).sort(),
          types: [...types].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type)),
          tags: [...tags].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)),
          chapters: types.get('CHAPTER') ?? 0,
          everything: publicIds.size,
        };
      };
      const check = async () => {
        const expected = await fromScratch();
        const facets = await content().facets('public');
        expect(facets.types).toEqual(expected.types);
        expect(facets.tags).toEqual(expected.tags);
        expect(expected.hidden).toEqual(expected.expectedHidden);
        expect((await content().list({ type: 'CHAPTER', statuses: ['PUBLISHED'], page: 1, limit: 1 })).total).toBe(expected.chapters);
        expect((await content().list({ statuses: ['PUBLISHED'], page: 1, limit: 1 })).total).toBe(expected.everything);
        const everything = await content().facets('everything');
        const { rows } = await sql<{ type: string; count: number }>`select type, count(*)::int as count from content group by type order by type`.execute(handle.db);
        expect(everything.types).toEqual(rows);
      };
      const tagged = (tags: string[]) => ({ tags });
      const book = await create({ ...published('BOOK', { title: 'Draft book', ...tagged(['novel']) }, { formats: ['EBOOK'] }), status: 'DRAFT', publishedAt: null });
      const other = await create(published('BOOK', { title: 'Published book' }, { formats: ['EBOOK'] }));
      const chapters = await Promise.all([1, 2].map((i) => create(published('CHAPTER', { title: `Chapter ${i}`, ...tagged(['novel', 'chapter']) }, { bookId: book.id, orderIndex: i }))));
      const essay = await create(published('ESSAY', { title: 'Linked essay', ...tagged(['essay']) }, {}, { links: { books: [{ bookId: book.id, orderIndex: 1 }, { bookId: other.id, orderIndex: 1 }] } }));
      const course = await create({ ...published('COURSE', { title: 'Draft course' }, { overview: 'o' }), status: 'DRAFT', publishedAt: null });
      const lesson = await create(published('LESSON', { title: 'Lesson', ...tagged(['lesson']) }, { overview: 'o', courseId: course.id, orderIndex: 1 }));
      const term = await create(published('LEXICON_TERM', { title: 'Term' }, { term: 'Term', normalizedTerm: `term-${randomUUID().slice(0, 8)}`, firstLetter: 'T' }));
      const excerpt = await create(published('EXCERPT', { title: 'Excerpt', ...tagged(['quote']) }, { excerpt: 'Words.' }, { links: { lexiconTerms: [{ lexiconTermId: term.id, orderIndex: 0 }] } }));
      await check();
      expect((await fromScratch()).hidden).toEqual([...chapters.map((c) => c.id), essay.id, lesson.id].sort());

      await change(book.id, 'PUBLISHED');
      await check();
      expect((await fromScratch()).hidden).toEqual([lesson.id]);
      await change(term.id, 'ARCHIVED');
      await check();
      await change(other.id, 'REVIEW');
      await check();
      // The essay leaves the unpublished book: it is public again.
      await change(essay.id, 'PUBLISHED', { links: { books: [{ bookId: book.id, orderIndex: 1 }] } });
      await check();
      // A lesson moved to a published course, and tags changed on a hidden chapter.
      const openCourse = await create(published('COURSE', { title: 'Open course' }, { overview: 'o' }));
      await change(lesson.id, 'PUBLISHED', { details: { courseId: openCourse.id } });
      await check();
      await change(book.id, 'DRAFT');
      await change(chapters[0]!.id, 'PUBLISHED', { shared: { tags: ['retagged'] } });
      await check();
      await change(chapters[1]!.id, 'ARCHIVED');
      await check();
      // Deleting the draft parent: its chapters go with it; the linked essay and the excerpt's term stay.
      expect(await content().delete(book.id)).toBe(true);
      await check();
      expect(await content().delete(term.id)).toBe(true);
      await check();
      expect((await fromScratch()).hidden).toEqual([]);
      expect((await content().byId(excerpt.id))!.links.lexiconTerms).toEqual([]);
    });

    it('never suggests what the public does not see: an essay of an unpublished book', async () => {
      const { id: userId } = await handle.db.insertInto('users').values({ email: `h.${randomUUID().slice(0, 8)}@example.org`, created_at: T0, updated_at: T0 }).returning('id').executeTakeFirstOrThrow();
      const draftBook = await create({ ...published('BOOK', { title: 'Unfinished' }, { formats: ['EBOOK'] }), status: 'DRAFT', publishedAt: null });
      const hidden = await create(published('ESSAY', { title: 'Inside the unfinished book', featured: true }, {}, { links: { books: [{ bookId: draftBook.id, orderIndex: 1 }] } }), at(100));
      const shown = await create(published('ESSAY', { title: 'On its own', featured: true }), at(99));
      const suggested = (await content().recommendedFor({ userId, types: ['ESSAY'], statuses: ['PUBLISHED'], limit: 24 })).map((i) => i.id);
      expect(suggested).toContain(shown.id);
      expect(suggested).not.toContain(hidden.id);
      expect((await content().recommendedFor({ userId, types: ['ESSAY'], limit: 24 })).map((i) => i.id)).toContain(hidden.id);
    });
  });
}
