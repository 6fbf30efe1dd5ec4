/**
 * The library browser's reads on the content repository (facets, recommendations) held to one
 * contract on embedded PGlite and, when TEST_DATABASE_URL is set, PostgreSQL. A fresh database per
 * backend, so the counts are this file's alone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresCreators } from '../../adapters/postgres/content-creators';
import { postgresProgress } from '../../adapters/postgres/content-progress';
import { postgresContent } from '../../adapters/postgres/content-repository';
import type { DatabaseHandle } from '../../adapters/postgres/database';
import type { NewContent } from '../../application/ports/content-repository';
import type { ContentType } from '../../domain/content/constants';
import { detailsWithDefaults, searchableText, sharedWithDefaults, type ContentShared } from '../../domain/content/model';
import { databaseTargets } from '../support/database';

const T0 = new Date('2030-03-04T05:06:07.891Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);

function published(type: ContentType, shared: Partial<ContentShared>, details: Record<string, unknown> = {}, extra: Partial<NewContent> = {}): NewContent {
  const s = sharedWithDefaults({ title: 'Untitled', slug: `${type.toLowerCase().replace('_', '-')}-${randomUUID().slice(0, 8)}`, ...shared });
  const d = detailsWithDefaults(type, details);
  return { type, shared: s, status: 'PUBLISHED', publishedAt: T0, details: d, links: {}, searchText: searchableText(type, s, d), creators: [], relations: [], ...extra };
}

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

      const visible = await content().facets(['PUBLISHED']);
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
      const all = await content().facets();
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
  });
}
