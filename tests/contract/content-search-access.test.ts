/**
 * The repository's search holds bodies to the access policy (issue 11 §4; migrations/0011_search_access.ts),
 * on embedded PGlite and, when TEST_DATABASE_URL is set, PostgreSQL:
 * - for every combination of an item's access type, status, restriction and its parents' access
 *   types and statuses, and for every kind of caller, a word of the body finds the item exactly
 *   when application/content/access.ts lets the caller open it (the SQL locks and the policy agree);
 * - a prefix expands only to words the caller may match, so a gated word is never named in a
 *   caller's text query;
 * - lexemes are kept with the locks of the committed item, never those of a write half done;
 * - the migration moves the bodies of existing items out of the text everyone searches.
 */
import { randomUUID } from 'node:crypto';
import { CompiledQuery, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchQuery, postgresContent } from '../../adapters/postgres/content/repository';
import type { DatabaseHandle } from '../../adapters/postgres/database';
import { accessPolicy, accessTo, familyOf } from '../../application/content/access';
import type { AccessSource, BodyKeys } from '../../application/ports/content-access';
import type { NewContent } from '../../application/ports/content-repository';
import type { Actor } from '../../domain/auth/actor';
import { ACCESS_TYPES, type AccessType, type ContentStatus } from '../../domain/content/constants';
import type { ContentItem } from '../../domain/content/model';
import { searchWords } from '../../domain/content/search';
import { migrations } from '../../migrations';
import { draft, T0 } from '../support/content-items';
import { databaseTargets } from '../support/database';

const now = new Date('2030-01-01T00:00:00Z');
const actor = (roles: Actor['roles'], userId = randomUUID()): Actor => ({ userId, email: 'm@example.org', roles, sessionId: 's', signedInAt: now, verifiedAt: now });
/** A word of this test only, letters only (the stemmer keeps it whole). */
const aWord = (stem: string) => `${stem}${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}zq`;

for (const target of await databaseTargets()) {
  describe(`search and the access policy [${target.name}]`, () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ handle, drop } = await target.make());
      await handle.migrate();
    }, 60_000);
    afterAll(async () => drop());

    const content = () => postgresContent(handle.db);
    async function create(item: NewContent) {
      const result = await content().create(item, T0);
      if (!result.ok) throw new Error(`create refused: ${result.reason}`);
      return result.item;
    }
    const inStatus = (status: ContentStatus) => (status === 'PUBLISHED' ? { status, publishedAt: T0 } : { status, publishedAt: null });
    /** Everything the caller may match with these words, whatever its status (the editors' view), up to 1,000. */
    const found = async (words: string, bodyKeys: BodyKeys) => (await content().search({ searchWords: searchWords(words), bodyKeys, page: 1, limit: 1000 })).items.map((h) => h.id).sort();

    it('finds an item by a word of its body exactly when the policy lets the caller open it, for every combination', async () => {
      const body = aWord('lockedbody');
      const items: ContentItem[] = [];
      const statuses: ContentStatus[] = ['PUBLISHED', 'DRAFT'];
      for (const accessType of ACCESS_TYPES)
        for (const status of statuses) {
          items.push(await create({ ...draft('ESSAY', { title: 'Standalone essay', accessType }, { contentText: `About ${body}.` }), ...inStatus(status) }));
          for (const isRestricted of [true, false]) items.push(await create({ ...draft('ARTIFACT', { title: 'Letter', accessType }, { overview: 'A page.', isRestricted, transcription: `Of ${body}.` }), ...inStatus(status) }));
        }
      // Each parent's access type and status, each child's access type and status.
      let order = 0;
      for (const parentAccess of ACCESS_TYPES)
        for (const parentStatus of statuses) {
          const book = await create({ ...draft('BOOK', { title: 'Book', accessType: parentAccess }, { formats: ['EBOOK'] }), ...inStatus(parentStatus) });
          const term = await create({ ...draft('LEXICON_TERM', { title: 'Term', accessType: parentAccess }, { term: 'Term', normalizedTerm: `term-${randomUUID()}`, firstLetter: 'T' }), ...inStatus(parentStatus) });
          for (const accessType of ['OPEN', 'MEMBERS', 'PREMIUM', 'STAFF'] as AccessType[])
            for (const status of statuses) {
              items.push(await create({ ...draft('CHAPTER', { title: 'Chapter', accessType }, { bookId: book.id, orderIndex: order++, contentText: `Chapter on ${body}.` }), ...inStatus(status) }));
              items.push(await create({ ...draft('EXCERPT', { title: 'Excerpt', accessType }, { excerpt: `Quoting ${body}.` }, { links: { lexiconTerms: [{ lexiconTermId: term.id, orderIndex: 0 }] } }), ...inStatus(status) }));
            }
        }
      // The strictest of several parents.
      const open = await create({ ...draft('BOOK', { title: 'Open anthology' }, { formats: ['EBOOK'] }), ...inStatus('PUBLISHED') });
      const premium = await create({ ...draft('BOOK', { title: 'Premium anthology', accessType: 'PREMIUM' }, { formats: ['EBOOK'] }), ...inStatus('PUBLISHED') });
      items.push(await create({ ...draft('ESSAY', { title: 'Anthology essay' }, { contentText: `On ${body}.` }, { links: { books: [{ bookId: open.id, orderIndex: 1 }, { bookId: premium.id, orderIndex: 1 }] } }), ...inStatus('PUBLISHED') }));
      items.push(await create({ ...draft('ESSAY', { title: 'Open anthology essay' }, { contentText: `On ${body}.` }, { links: { books: [{ bookId: open.id, orderIndex: 2 }] } }), ...inStatus('PUBLISHED') }));

      const member = actor(['MEMBER']);
      const subscriber = actor(['MEMBER']);
      // A subscription: every PREMIUM item for the subscriber, as hasAccess and as bodyKeys alike.
      const subscription: AccessSource = {
        name: 'subscription',
        grants: async (who, item) => who.userId === subscriber.userId && item.accessType === 'PREMIUM',
        opensAll: async (who) => (who.userId === subscriber.userId ? ['PREMIUM', 'STAFF'] : []),
      };
      const callers: [string, Actor | null][] = [['a visitor', null], ['a member', member], ['a subscriber', subscriber], ['an editor', actor(['CONTENT_EDITOR'])], ['an administrator', actor(['ADMIN'])]];
      const hydrated = await content().byIds(items.map((i) => i.id));
      const family = await familyOf({ content: content() }, hydrated);
      const policy = accessPolicy([subscription]);
      for (const [name, caller] of callers) {
        const opens = await accessTo({ access: policy }, caller, hydrated, family);
        const expected = hydrated.filter((i) => opens.get(i.id)).map((i) => i.id).sort();
        const keys = await policy.bodyKeys(caller);
        expect(await found(body, keys), name).toEqual(expected);
        expect(await found(body.slice(0, -4), keys), `${name}, by a prefix`).toEqual(expected);
      }
      // The policy's answers are not all alike, so the comparison above can fail.
      expect(hydrated.filter((i) => family.parentsOf(i).length > 0).length).toBeGreaterThan(100);
      expect(await found(body, ['OPEN'])).not.toEqual(await found(body, 'all'));
    });

    it('matches the catalogue text for every caller, and needs each word where the caller may look', async () => {
      const title = aWord('cataloguetitle');
      const body = aWord('cataloguebody');
      const staff = await create({ ...draft('INTERVIEW', { title: `A ${title} talk`, accessType: 'STAFF', tags: ['internal'] }, { overview: 'o', transcript: `Spoken ${body}.` }), ...inStatus('PUBLISHED') });
      for (const keys of [['OPEN'], ['OPEN', 'MEMBERS'], 'all'] as BodyKeys[]) expect(await found(title, keys)).toEqual([staff.id]);
      expect(await found(`${title} ${body}`, ['OPEN', 'MEMBERS'])).toEqual([]);
      expect(await found(`${title} ${body}`, 'all')).toEqual([staff.id]);
      // No keys at all: the catalogue text only.
      expect((await content().search({ searchWords: [body], page: 1, limit: 10 })).items).toEqual([]);
      expect((await content().search({ searchWords: [title], page: 1, limit: 10 })).items.map((h) => h.id)).toEqual([staff.id]);
    });

    it('expands a prefix only to words the caller may match: a gated word is never named in the query', async () => {
      const gated = aWord('vexlorbgated');
      const shown = aWord('vexlorbshown');
      await create({ ...draft('ESSAY', { title: 'Premium thoughts', accessType: 'PREMIUM' }, { contentText: `Only for readers: ${gated}.` }), ...inStatus('PUBLISHED') });
      await create({ ...draft('ESSAY', { title: `Thoughts on ${shown}` }), ...inStatus('DRAFT') });
      const queryFor = async (keys: BodyKeys) => (await sql<{ q: string | null }>`select (${matchQuery(['vexlorb'], keys)})::text as q`.execute(handle.db)).rows[0]!.q ?? '';
      for (const keys of [['OPEN'], ['OPEN', 'MEMBERS']] as BodyKeys[]) {
        expect(await queryFor(keys)).not.toContain(gated);
        expect(await queryFor(keys)).not.toContain(shown);
      }
      expect(await queryFor(['OPEN', 'MEMBERS', 'PREMIUM'])).toContain(gated);
      expect(await queryFor(['OPEN', 'UNPUBLISHED'])).toContain(shown);
      expect(await queryFor('all')).toContain(gated);
      expect(await queryFor('all')).toContain(shown);
    });

    it('keeps lexemes with the locks of the committed item: a chapter written into a PREMIUM book never leaves its words as OPEN', async () => {
      const word = aWord('committedword');
      const book = await create({ ...draft('BOOK', { title: 'Premium book', accessType: 'PREMIUM' }, { formats: ['EBOOK'] }), ...inStatus('PUBLISHED') });
      await create({ ...draft('CHAPTER', { title: 'Open chapter' }, { bookId: book.id, orderIndex: 1, contentText: `Text: ${word}.` }), ...inStatus('PUBLISHED') });
      const locksOf = async (lexeme: string) => (await sql<{ locks: string[] }>`select locks from search_lexemes where lexeme = ${lexeme} order by locks`.execute(handle.db)).rows.map((r) => r.locks);
      expect(await locksOf(word)).toEqual([['OPEN', 'PREMIUM']]);
      const artifactWord = aWord('artifactword');
      await create({ ...draft('ARTIFACT', { title: 'Manuscript' }, { overview: 'A page.', transcription: `Ink: ${artifactWord}.` }), ...inStatus('PUBLISHED') });
      expect(await locksOf(artifactWord)).toEqual([['OPEN', 'RESTRICTED']]);
      expect(await sql<{ n: number }>`select count(*)::int as n from search_lexemes_pending`.execute(handle.db).then((r) => r.rows[0]!.n)).toBe(0);
    });

    it('follows a parent’s access type and publication into its children’s locks', async () => {
      const word = aWord('followingword');
      const book = await create({ ...draft('BOOK', { title: 'Changing book' }, { formats: ['EBOOK'] }), ...inStatus('PUBLISHED') });
      const chapter = await create({ ...draft('CHAPTER', { title: 'Chapter' }, { bookId: book.id, orderIndex: 1, contentText: `Text: ${word}.` }), ...inStatus('PUBLISHED') });
      const change = (accessType: AccessType, status: ContentStatus) => content().update(book.id, { shared: { accessType }, ...inStatus(status), details: {}, links: {}, searchText: '', bodyText: '', creators: undefined, relations: undefined }, T0);
      expect(await found(word, ['OPEN'])).toEqual([chapter.id]);
      await change('MEMBERS', 'PUBLISHED');
      expect(await found(word, ['OPEN'])).toEqual([]);
      expect(await found(word, ['OPEN', 'MEMBERS'])).toEqual([chapter.id]);
      await change('OPEN', 'DRAFT');
      expect(await found(word, ['OPEN', 'MEMBERS'])).toEqual([]);
      expect(await found(word, ['OPEN', 'UNPUBLISHED'])).toEqual([chapter.id]);
      await change('OPEN', 'PUBLISHED');
      expect(await found(word, ['OPEN'])).toEqual([chapter.id]);
    });

    it('runs an anonymous search from the GIN index, keeping what it finds by the locks or the catalogue text', async () => {
      const compiled = content().searchPage({ searchWords: searchWords('virtue selfish'), bodyKeys: ['OPEN'], statuses: ['PUBLISHED'], page: 1, limit: 10 }).compile();
      const rollback = new Error('rolled back');
      let plan = '';
      await handle.db
        .transaction()
        .execute(async (tx) => {
          // As in content-repositories.test.ts: a few thousand items, and no sequential scan on a table this small.
          await sql`insert into content (type, title, slug, status, published, published_at, search_text, body_text)
            select 'ESSAY', 'Filler', 'filler-plan-' || i, 'PUBLISHED', true, now(), 'Common words.', 'Other things.'
            from generate_series(1, 5000) as i`.execute(tx);
          await sql`analyze content`.execute(tx);
          await sql`set local enable_seqscan = off`.execute(tx);
          const { rows } = await tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
          plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
      expect(plan).toContain('content_search_idx');
      expect(plan).not.toMatch(/Seq Scan on content\b/);
      // The rows the index found are kept by their locks, or else their catalogue vector.
      expect(plan).toMatch(/Filter: .*body_locks <@ .* OR \(search_public @@/);
    });
  });

  describe(`migration 0011 on a library that already holds bodies [${target.name}]`, () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    const names = Object.keys(migrations).sort();
    const before = names[names.indexOf('0011_search_access') - 1]!;
    const migrator = () => new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    beforeAll(async () => ({ handle, drop } = await target.make()), 60_000);
    afterAll(async () => drop());

    it('moves bodies out of the text everyone searches, and back on the way down', { timeout: 180_000 }, async () => {
      expect((await migrator().migrateTo(before)).error).toBeUndefined();
      const word = aWord('oldbody');
      // Rows as the code before 0011 wrote them: the body inside search_text.
      const insert = async (type: string, accessType: string, searchText: string) =>
        (await sql<{ id: string }>`insert into content (type, title, slug, status, published, published_at, access_type, search_text)
          values (${type}, 'Old item', ${`old-${randomUUID()}`}, 'PUBLISHED', true, now(), ${accessType}, ${searchText}) returning id`.execute(handle.db)).rows[0]!.id;
      const book = await insert('BOOK', 'PREMIUM', 'ethics');
      await sql`insert into books (content_id, formats) values (${book}::uuid, '{EBOOK}')`.execute(handle.db);
      const chapter = await insert('CHAPTER', 'OPEN', `ethics\nAyn Rand\nChapter text: ${word}.`);
      await sql`update content set author = 'Ayn Rand', tags = '{ethics}' where id = ${chapter}::uuid`.execute(handle.db);
      await sql`insert into chapters (content_id, book_id, order_index, content_text) values (${chapter}::uuid, ${book}::uuid, 1, ${`Chapter text: ${word}.`})`.execute(handle.db);
      const artifact = await insert('ARTIFACT', 'OPEN', `A page.\nInk: ${word}.\nFrom the archive`);
      await sql`insert into artifacts (content_id, overview, transcription, provenance) values (${artifact}::uuid, 'A page.', ${`Ink: ${word}.`}, 'From the archive')`.execute(handle.db);
      const open = await insert('ESSAY', 'OPEN', `Essay text: ${word}.`);
      await sql`insert into essays (content_id, content_text) values (${open}::uuid, ${`Essay text: ${word}.`})`.execute(handle.db);

      await handle.migrate();
      const texts = (await sql<{ id: string; search_text: string; body_text: string }>`select id, search_text, body_text from content where id in (${chapter}::uuid, ${artifact}::uuid)`.execute(handle.db)).rows;
      expect(Object.fromEntries(texts.map((r) => [r.id, [r.search_text, r.body_text]]))).toEqual({
        [chapter]: ['ethics\nAyn Rand', `Chapter text: ${word}.`],
        [artifact]: ['A page.\nFrom the archive', `Ink: ${word}.`],
      });
      const search = async (keys: BodyKeys) => (await postgresContent(handle.db).search({ searchWords: [word], bodyKeys: keys, page: 1, limit: 10 })).items.map((h) => h.id).sort();
      expect(await search(['OPEN'])).toEqual([open]);
      expect(await search(['OPEN', 'MEMBERS', 'PREMIUM'])).toEqual([chapter, open].sort());
      expect(await search('all')).toEqual([artifact, chapter, open].sort());

      expect((await migrator().migrateTo(before)).error).toBeUndefined();
      const back = (await sql<{ search_text: string }>`select search_text from content where id = ${chapter}::uuid`.execute(handle.db)).rows[0]!;
      expect(back.search_text).toContain(word);
      expect((await sql<{ n: number }>`select count(*)::int as n from content where search @@ to_tsquery('english', ${word})`.execute(handle.db)).rows[0]!.n).toBe(3);
      await handle.migrate();
      expect(await search(['OPEN'])).toEqual([open]);
    });
  });
}
