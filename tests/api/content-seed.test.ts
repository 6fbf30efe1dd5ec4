/** The demo library (npm run db:seed): loads through the use cases, answers at the spec's paths, and a second run adds nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContentSeeder } from '../../scripts/seed/content';
import { ApiClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let api: ApiClient;
let first: number;
beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url);
  first = await demoContentSeeder.run(server.services);
});
afterAll(async () => server.close());

describe('the demo library', () => {
  it('loads every entry once', async () => {
    expect(first).toBeGreaterThan(25);
    expect(await demoContentSeeder.run(server.services)).toBe(0);
  });

  it('has real books of the field with chapters, essays and creators', async () => {
    const books = await api.get('/api/books');
    expect(books.json.books.map((b: { content: { title: string } }) => b.content.title)).toEqual(expect.arrayContaining(['Atlas Shrugged', 'The Fountainhead', 'The Virtue of Selfishness']));
    const atlas = await api.get('/api/books/atlas-shrugged?includeRelations=true');
    expect(atlas.json.book).toMatchObject({ type: 'FICTION', publisher: 'Random House', pricing: { currency: 'USD', paperback: 2200, ebook: 1199 } });
    expect(atlas.json.book.chapters.map((c: { title: string }) => c.title)).toEqual(['The Theme', 'The Chain', 'The Top and the Bottom']);
    expect(atlas.json.book.creators.map((c: { name: string }) => c.name)).toEqual(['Ayn Rand']);
    expect(atlas.json.book.mediaAssets.map((m: { type: string }) => m.type)).toEqual(['IMAGE']);
    const essays = await api.get('/api/books/the-virtue-of-selfishness/essays');
    expect(essays.json.essays.map((e: { title: string }) => e.title)).toEqual(['The Objectivist Ethics', 'The Ethics of Emergencies', 'Man’s Rights']);
    const itoe = await api.get('/api/books/introduction-to-objectivist-epistemology?includeRelations=true');
    expect(itoe.json.book).toMatchObject({ type: 'NON_FICTION', content: { title: 'Introduction to Objectivist Epistemology', difficulty: 'ADVANCED' } });
    expect(itoe.json.book.chapters.map((c: { title: string }) => c.title)).toEqual(['Cognition and Measurement', 'Concept-Formation', 'Abstraction from Abstractions', 'Definitions']);
    expect(itoe.json.book.creators.map((c: { name: string; role: string }) => `${c.name} (${c.role})`)).toEqual(['Ayn Rand (AUTHOR)', 'Leonard Peikoff (AUTHOR)', 'Harry Binswanger (EDITOR)']);
    expect(itoe.json.book.mediaAssets.map((m: { type: string }) => m.type).sort()).toEqual(['DOCUMENT', 'IMAGE']);
    expect((await api.get('/api/books/capitalism-the-unknown-ideal/essays')).json.essays.map((e: { title: string }) => e.title)).toEqual(['What Is Capitalism?', 'The Roots of War']);
  });

  it('has media assets of every type, attached to published content', async () => {
    const assets = await api.get('/api/media?limit=100');
    expect(new Set(assets.json.mediaAssets.map((m: { type: string }) => m.type))).toEqual(new Set(['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT']));
  });

  it('has a course with lessons, a playlist with lectures, and lexicon terms with excerpts', async () => {
    expect((await api.get('/api/courses/introduction-to-objectivism/lessons')).json.items).toHaveLength(5);
    expect((await api.get('/api/playlists/ford-hall-forum-lectures/lectures')).json.items).toHaveLength(3);
    expect((await api.get('/api/lexicon-terms/lexicon-reason/excerpts')).json.items.map((e: { excerpt: string }) => e.excerpt)).toEqual(['Reason is man’s basic means of survival.']);
    const concept = await api.get('/api/lexicon-terms/lexicon-concept/excerpts');
    expect(concept.json.items).toMatchObject([{ bookTitle: 'Introduction to Objectivist Epistemology', excerpt: expect.stringMatching(/^A concept is a mental integration/) }]);
    expect((await api.get('/api/lexicon-terms?firstLetter=C')).json.items.map((t: { term: string }) => t.term)).toEqual(['Concept']);
    const track = (await api.get('/api/tracks/start-here')).json.item;
    expect(track.items).toHaveLength(3);
  });

  it('is found by search', async () => {
    const res = await api.get('/api/content/search?q=john%20galt');
    expect(res.json.results.map((r: { slug: string }) => r.slug)).toContain('atlas-shrugged-chapter-1');
  });
});
