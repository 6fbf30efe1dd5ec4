/**
 * The content module's use cases (application/content) called directly, on the module's own
 * adapters over embedded PGlite in memory: no server, no network. The module has no memory twins of
 * its ports (adapters/postgres/content/README.md says why), so this is where its use cases are
 * tested without HTTP; tests/api/content-*.test.ts hold the same rules through the routes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresCreators } from '../../adapters/postgres/content/creators';
import { postgresMediaAssets } from '../../adapters/postgres/content/media';
import { postgresProgress } from '../../adapters/postgres/content/progress';
import { postgresContent } from '../../adapters/postgres/content/repository';
import { createDatabase, type DatabaseHandle } from '../../adapters/postgres/database';
import { accessPolicy } from '../../application/content/access';
import type { ContentDeps } from '../../application/content/deps';
import { listProgress, recordContentProgress } from '../../application/content/progress';
import { childrenOf, contentById, contentBySlug, listContent } from '../../application/content/read';
import { createContent, updateContent } from '../../application/content/save';
import { searchContent } from '../../application/content/search';
import type { Actor } from '../../domain/auth/actor';
import type { ContentType } from '../../domain/content/constants';
import type { ContentItem } from '../../domain/content/model';
import { contentListQuerySchemaFor, contentProgressSchema, contentSaveSchema, contentSearchSchema, progressListSchema, type ContentSaveInput } from '../../domain/content/schemas';
import { AppError } from '../../domain/shared/errors';

const now = new Date('2030-01-01T00:00:00Z');
let handle: DatabaseHandle;
let deps: ContentDeps;
let memberId: string;

beforeAll(async () => {
  handle = createDatabase({ kind: 'embedded' });
  await handle.migrate();
  const db = handle.db;
  deps = { clock: { now: () => now }, content: postgresContent(db), creators: postgresCreators(db), media: postgresMediaAssets(db), progress: postgresProgress(db), access: accessPolicy([]) };
  ({ id: memberId } = await db.insertInto('users').values({ email: 'reader@example.org', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow());
}, 60_000);
afterAll(async () => handle.close());

const actor = (roles: Actor['roles'], userId: string = randomUUID()): Actor => ({ userId, email: 'someone@example.org', roles, sessionId: 's', signedInAt: now, verifiedAt: now });
const editor = actor(['CONTENT_EDITOR']);
const member = () => actor(['MEMBER'], memberId);
const slug = (stem: string) => `${stem}-${randomUUID().slice(0, 8)}`;
/** What a route hands the use case: the input as its schema parsed it. */
const create = (who: Actor | null, type: ContentType, input: Record<string, unknown>) => createContent(deps, who, type, contentSaveSchema(type, 'create').parse(input) as ContentSaveInput);
const change = (type: ContentType, id: string, input: Record<string, unknown>) => updateContent(deps, editor, type, id, contentSaveSchema(type, 'update').parse(input) as ContentSaveInput);
const list = (who: Actor | null, type: ContentType, query: Record<string, unknown> = {}) => listContent(deps, who, type, contentListQuerySchemaFor(type).parse(query));
const search = (who: Actor | null, q: string) => searchContent(deps, who, contentSearchSchema.parse({ q }));
/** The AppError a use case threw, as kind, code and message. */
async function refusal(work: Promise<unknown>) {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  const { kind, code, message } = error as AppError;
  return { kind, code, message };
}
const book = (fields: Record<string, unknown> = {}) => create(editor, 'BOOK', { title: 'A book', slug: slug('book'), formats: ['PAPERBACK'], ...fields });

describe('content use cases on PGlite', () => {
  it('lets an editor create a book; a member or a visitor may not, and a slug its type already has is a conflict', async () => {
    const made = await book({ title: 'Atlas Shrugged', status: 'PUBLISHED' });
    expect(made).toMatchObject({ type: 'BOOK', title: 'Atlas Shrugged', status: 'PUBLISHED', published: true, publishedAt: now, details: { formats: ['PAPERBACK'] } });
    expect(await refusal(create(member(), 'BOOK', { title: 'X', slug: slug('x'), formats: ['EBOOK'] }))).toMatchObject({ kind: 'forbidden' });
    expect(await refusal(create(null, 'BOOK', { title: 'X', slug: slug('x'), formats: ['EBOOK'] }))).toMatchObject({ kind: 'unauthenticated' });
    expect(await refusal(book({ slug: made.slug }))).toEqual({ kind: 'conflict', code: 'SLUG_TAKEN', message: 'A book with this slug already exists' });
    expect((await contentBySlug(deps, null, 'BOOK', made.slug, false)).item.id).toBe(made.id);
  });

  it('refuses a chapter of a book that does not exist, writing nothing', async () => {
    const chapterSlug = slug('orphan');
    expect(await refusal(create(editor, 'CHAPTER', { title: 'Orphan', slug: chapterSlug, bookId: randomUUID(), orderIndex: 1 }))).toMatchObject({ kind: 'invalid_input', code: 'REFERENCE_NOT_FOUND', message: 'Book not found' });
    expect(await refusal(contentBySlug(deps, editor, 'CHAPTER', chapterSlug, false))).toEqual({ kind: 'not_found', code: 'NOT_FOUND', message: 'Chapter not found' });
  });

  it('keeps the published chapters of a draft book from the public until the book is published', async () => {
    const draftBook = await book();
    const chapters: ContentItem[] = [];
    for (const orderIndex of [1, 2]) chapters.push(await create(editor, 'CHAPTER', { title: `Chapter ${orderIndex}`, slug: slug('chapter'), bookId: draftBook.id, orderIndex, contentText: 'Text.', status: 'PUBLISHED' }));
    const [first, second] = chapters as [ContentItem, ContentItem];
    expect(await refusal(contentBySlug(deps, null, 'CHAPTER', first.slug, false))).toEqual({ kind: 'not_found', code: 'NOT_FOUND', message: 'Chapter not found' });
    expect(await refusal(childrenOf(deps, member(), 'BOOK', draftBook.slug, 'chapters'))).toMatchObject({ kind: 'not_found' });
    const publicIds = async () => (await list(null, 'CHAPTER', { limit: 100 })).items.map((v) => v.item.id);
    expect(await publicIds()).not.toContain(first.id);
    expect((await contentBySlug(deps, editor, 'CHAPTER', first.slug, false)).item.id).toBe(first.id);

    await change('BOOK', draftBook.id, { status: 'PUBLISHED' });
    const shown = await contentBySlug(deps, null, 'CHAPTER', first.slug, false);
    expect(shown).toMatchObject({ locked: false, item: { id: first.id, details: { contentText: 'Text.' } }, previous: null, next: { id: second.id } });
    expect((await childrenOf(deps, null, 'BOOK', draftBook.slug, 'chapters')).items.map((g) => g.item.id)).toEqual([first.id, second.id]);
    expect(await publicIds()).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('withholds a PREMIUM book’s chapter text from a member, and its words find it only for an editor', async () => {
    const word = `premiumword${randomUUID().replace(/[^a-f]/g, '').slice(0, 6)}`;
    const premium = await book({ accessType: 'PREMIUM', status: 'PUBLISHED' });
    const chapter = await create(editor, 'CHAPTER', { title: 'Gated', slug: slug('gated'), bookId: premium.id, orderIndex: 1, contentText: `About ${word}.`, status: 'PUBLISHED' });
    expect(await contentById(deps, member(), 'CHAPTER', chapter.id, false)).toMatchObject({ locked: true, item: { details: { contentText: null } } });
    expect(await contentById(deps, editor, 'CHAPTER', chapter.id, false)).toMatchObject({ locked: false, item: { details: { contentText: `About ${word}.` } } });
    expect(await search(member(), word)).toMatchObject({ items: [], total: 0 });
    expect(await search(null, word)).toMatchObject({ items: [], total: 0 });
    expect(await search(editor, word)).toMatchObject({ items: [expect.objectContaining({ id: chapter.id })], total: 1 });
    expect((await search(member(), 'Gated')).items.map((h) => h.id)).toContain(chapter.id);
  });

  it('records a member’s progress only on content the member sees, and lists it', async () => {
    const hidden = await book();
    const open = await book({ status: 'PUBLISHED' });
    const record = (contentId: string, fields: Record<string, unknown> = {}) => recordContentProgress(deps, member(), contentProgressSchema.parse({ contentId, ...fields }));
    expect(await refusal(record(hidden.id, { percentage: 10 }))).toEqual({ kind: 'not_found', code: 'NOT_FOUND', message: 'Content not found' });
    expect(await record(open.id, { percentage: 100, timeSpent: 30 })).toMatchObject({ userId: memberId, contentId: open.id, status: 'COMPLETED', percentage: 100, totalTimeSpent: 30 });
    expect(await refusal(recordContentProgress(deps, null, contentProgressSchema.parse({ contentId: open.id })))).toMatchObject({ kind: 'unauthenticated' });
    const mine = await listProgress(deps, member(), progressListSchema.parse({}));
    expect(mine).toMatchObject({ total: 1, page: 1, limit: 20, totalPages: 1 });
    expect(mine.items.map((e) => [e.content.id, e.progress.status])).toEqual([[open.id, 'COMPLETED']]);
  });
});
