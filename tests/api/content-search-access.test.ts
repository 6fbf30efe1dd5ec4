/**
 * Full-text search never reveals a body the caller may not open (issue 11 §4; domain/content/README.md
 * "Search"): a word found only in a gated body (a PREMIUM essay's text, a STAFF item's transcript, a
 * restricted artifact's transcription, the text of an OPEN chapter of a PREMIUM book) finds the item
 * only for callers the entitlement check lets in, on every route that searches; a prefix of such a
 * word finds nothing either. Titles and descriptions stay searchable for all who see the item.
 * One server of its own (PostgreSQL when TEST_DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer, ApiClient } from '../support/client';
import { startLibraryServer, type Member, runStamp, slug } from '../support/library';
import type { TestServer } from '../support/server';

let server: TestServer, editor: Member, member: Member, visitor: ApiClient;
beforeAll(async () => ({ server, editor, member, visitor } = await startLibraryServer()));
afterAll(async () => server.close());

const ok = (res: ApiAnswer) => {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
};
const ids = (items: { id: string }[]) => items.map((i) => i.id);
const letters = runStamp.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
/** A made-up word of this run only (letters only, so the stemmer keeps it whole), not a prefix of another. */
const word = (stem: string) => `${stem}q${letters}`;

async function create(plural: string, fields: Record<string, unknown>) {
  const res = await editor.post(`/api/${plural}`, { slug: slug(plural), status: 'PUBLISHED', ...fields });
  expect(res.status, `${plural}: ${JSON.stringify(res.json)}`).toBe(201);
  return res.json.item ?? res.json.book;
}

const trpc = (api: ApiClient, procedure: string, input: unknown) => api.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);

/** Every route that searches, each answering the ids it found. */
async function foundBy(api: ApiClient, plural: string, q: string): Promise<Record<string, string[]>> {
  const text = encodeURIComponent(q);
  const list = ok(await api.get(`/api/${plural}?search=${text}&limit=100`));
  return {
    search: ids(ok(await api.get(`/api/content/search?q=${text}&limit=100`)).results),
    searchTrpc: ids((await trpc(api, 'library.search', { q, limit: 100 })).json.result.data.results),
    content: ids(ok(await api.get(`/api/content?search=${text}&limit=100`)).items),
    typeList: ids(list.items ?? list.books),
    typeListPaged: ids(((l) => l.items ?? l.books)(ok(await api.get(`/api/${plural}/list?search=${text}&limit=100`)))),
  };
}

const everywhere = (found: string[]) => ({ search: found, searchTrpc: found, content: found, typeList: found, typeListPaged: found });
const hasAccess = async (api: ApiClient, id: string) => ok(await api.get(`/api/entitlements/content/${id}`)).hasAccess as boolean;

describe('a word only in a gated body finds the item only for those who may open it', () => {
  interface Case {
    name: string;
    plural: string;
    item: { id: string };
    titleWord: string;
    bodyWord: string;
    /** Who may open it: visitor, member, editor. */
    opens: [boolean, boolean, boolean];
  }
  const cases: Case[] = [];

  beforeAll(async () => {
    const add = async (name: string, plural: string, opens: Case['opens'], fields: (titleWord: string, bodyWord: string) => Record<string, unknown>) => {
      const titleWord = word(`${name}title`);
      const bodyWord = word(`${name}body`);
      cases.push({ name, plural, item: await create(plural, { description: 'A catalogue entry.', ...fields(titleWord, bodyWord) }), titleWord, bodyWord, opens });
    };
    const premiumBook = await create('books', { title: 'A premium book', formats: ['EBOOK'], accessType: 'PREMIUM' });
    const membersBook = await create('books', { title: 'A members book', formats: ['EBOOK'], accessType: 'MEMBERS' });
    const openBook = await create('books', { title: 'An open book', formats: ['EBOOK'] });
    const membersCourse = await create('courses', { title: 'A members course', overview: 'o', accessType: 'MEMBERS' });
    const membersTerm = await create('lexicon-terms', { title: 'Integrity', term: 'Integrity', normalizedTerm: `integrity-${runStamp}`, firstLetter: 'I', accessType: 'MEMBERS' });

    await add('premiumessay', 'essays', [false, false, true], (t, b) => ({ title: `The ${t} essay`, accessType: 'PREMIUM', contentText: `Only readers know ${b}.` }));
    await add('staffinterview', 'interviews', [false, false, true], (t, b) => ({ title: `A ${t} interview`, overview: 'o', accessType: 'STAFF', transcript: `Internal talk of ${b}.` }));
    await add('restrictedartifact', 'artifacts', [false, false, true], (t, b) => ({ title: `A ${t} letter`, overview: 'A page.', transcription: `Handwritten ${b}.` }));
    await add('membersartifact', 'artifacts', [false, true, true], (t, b) => ({ title: `A ${t} note`, overview: 'A page.', isRestricted: false, accessType: 'MEMBERS', transcription: `Typed ${b}.` }));
    await add('premiumchapter', 'chapters', [false, false, true], (t, b) => ({ title: `The ${t} chapter`, bookId: premiumBook.id, orderIndex: 1, contentText: `Premium words: ${b}.` }));
    await add('memberschapter', 'chapters', [false, true, true], (t, b) => ({ title: `The ${t} chapter`, bookId: membersBook.id, orderIndex: 1, contentText: `Members words: ${b}.` }));
    await add('openchapter', 'chapters', [true, true, true], (t, b) => ({ title: `The ${t} chapter`, bookId: openBook.id, orderIndex: 1, contentText: `Open words: ${b}.` }));
    await add('anthologyessay', 'essays', [false, false, true], (t, b) => ({ title: `The ${t} essay`, contentText: `Shared words: ${b}.`, books: [{ bookId: openBook.id, orderIndex: 1 }, { bookId: premiumBook.id, orderIndex: 1 }] }));
    await add('memberslesson', 'lessons', [false, true, true], (t, b) => ({ title: `The ${t} lesson`, overview: 'o', courseId: membersCourse.id, orderIndex: 1, transcript: `Said in class: ${b}.` }));
    await add('classroomclip', 'clips', [false, false, true], (t, b) => ({ title: `A ${t} clip`, overview: 'o', accessType: 'CLASSROOM', transcript: `Said to a class: ${b}.` }));
    await add('membersexcerpt', 'excerpts', [false, true, true], (t, b) => ({ title: `The ${t} excerpt`, excerpt: `Quoted: ${b}.`, lexiconTerms: [{ lexiconTermId: membersTerm.id, orderIndex: 0 }] }));
  });

  it('agrees, for every caller and item, with the entitlement check, on every route that searches', async () => {
    const callers = [visitor, member, editor] as const;
    for (const c of cases) {
      for (const [i, api] of callers.entries()) {
        const who = `${c.name} for ${['a visitor', 'a member', 'an editor'][i]}`;
        expect(await hasAccess(api, c.item.id), who).toBe(c.opens[i]);
        expect(await foundBy(api, c.plural, c.bodyWord), `${who}, by its body`).toEqual(everywhere(c.opens[i] ? [c.item.id] : []));
      }
    }
  });

  it('finds every item by its title, whoever asks: the catalogue stays searchable', async () => {
    for (const c of cases) for (const api of [visitor, member, editor]) expect(await foundBy(api, c.plural, c.titleWord), c.name).toEqual(everywhere([c.item.id]));
  });

  it('needs every word to match where the caller may look: a title word and a gated body word together find nothing', async () => {
    const premium = cases.find((c) => c.name === 'premiumessay')!;
    expect(await foundBy(visitor, premium.plural, `${premium.titleWord} ${premium.bodyWord}`)).toEqual(everywhere([]));
    expect(await foundBy(editor, premium.plural, `${premium.titleWord} ${premium.bodyWord}`)).toEqual(everywhere([premium.item.id]));
    const open = cases.find((c) => c.name === 'openchapter')!;
    expect(await foundBy(visitor, open.plural, `${open.titleWord} ${open.bodyWord}`)).toEqual(everywhere([open.item.id]));
  });

  it('answers a prefix of a gated word with nothing, not even the total', async () => {
    for (const name of ['premiumessay', 'staffinterview', 'restrictedartifact', 'premiumchapter', 'classroomclip']) {
      const c = cases.find((x) => x.name === name)!;
      const prefix = c.bodyWord.slice(0, -3);
      for (const api of [visitor, member]) {
        expect(await foundBy(api, c.plural, prefix), name).toEqual(everywhere([]));
        expect(ok(await api.get(`/api/content/search?q=${prefix}`)), name).toMatchObject({ results: [], total: 0, totalPages: 0 });
      }
      expect(await foundBy(editor, c.plural, prefix), name).toEqual(everywhere([c.item.id]));
    }
  });

  it('follows a change of access at once: a book made PREMIUM gates its chapters’ text, made OPEN again opens it', async () => {
    const book = await create('books', { title: 'A changing book', formats: ['EBOOK'] });
    const bodyWord = word('changingbody');
    const chapter = await create('chapters', { title: 'A changing chapter', bookId: book.id, orderIndex: 1, contentText: `Words that ${bodyWord}.` });
    expect((await foundBy(visitor, 'chapters', bodyWord)).search).toEqual([chapter.id]);
    expect((await editor.request('PATCH', `/api/books/id/${book.id}`, { accessType: 'PREMIUM' })).status).toBe(200);
    expect(await foundBy(visitor, 'chapters', bodyWord)).toEqual(everywhere([]));
    expect(await foundBy(visitor, 'chapters', bodyWord.slice(0, -2))).toEqual(everywhere([]));
    expect((await editor.request('PATCH', `/api/books/id/${book.id}`, { accessType: 'OPEN' })).status).toBe(200);
    expect(await foundBy(visitor, 'chapters', bodyWord)).toEqual(everywhere([chapter.id]));
  });

  it('follows an artifact’s restriction: restricted again, its transcription stops matching', async () => {
    const bodyWord = word('unrestrictedbody');
    const artifact = await create('artifacts', { title: 'An open letter', overview: 'A page.', isRestricted: false, transcription: `Typed ${bodyWord}.` });
    expect((await foundBy(visitor, 'artifacts', bodyWord)).search).toEqual([artifact.id]);
    expect((await editor.request('PATCH', `/api/artifacts/id/${artifact.id}`, { isRestricted: true })).status).toBe(200);
    expect(await foundBy(visitor, 'artifacts', bodyWord)).toEqual(everywhere([]));
    expect(await foundBy(editor, 'artifacts', bodyWord)).toEqual(everywhere([artifact.id]));
  });
});
