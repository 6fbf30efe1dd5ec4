/** The library's pure rules: slugs, the lifecycle, publication, search text and the save schemas' messages. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../domain/auth/roles';
import { CONTENT_STATUSES, CONTENT_TYPES, TYPE_LABELS } from '../../domain/content/constants';
import { BODY_FIELDS, DETAIL_FIELDS } from '../../domain/content/details';
import { creationPermission, publication, requestedStatus, transitionPermission, TRANSITIONS } from '../../domain/content/lifecycle';
import { detailsWithDefaults, parentIdsOf, searchableText, sharedWithDefaults, splitSaveInput, withoutBody, type ContentItem } from '../../domain/content/model';
import { mediaWithoutBody, type MediaAsset } from '../../domain/media/schemas';
import { catalogQuerySchema, contentListQuerySchema, contentSaveSchema, creatorSaveSchema } from '../../domain/content/schemas';
import { MAX_SEARCH_WORDS, searchWords } from '../../domain/content/search';
import { isReservedSlug, RESERVED_SLUGS, SLUG_MESSAGE, slugify, slugSchema } from '../../domain/content/slug';
import { accessPolicy, familyOf, gate, isVisible } from '../../application/content/access';
import type { ContentDeps } from '../../application/content/deps';
import type { AccessSource } from '../../application/ports/content-access';
import type { Actor } from '../../domain/auth/actor';
import type { ContentRecord } from '../../domain/content/model';
import { AppError } from '../../domain/shared/errors';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.map(String).join('.'), i.message]);

describe('slugs', () => {
  const slugChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split(''));
  it('accepts every non-reserved string of lowercase letters, digits and hyphens', () => {
    fc.assert(
      fc.property(fc.array(slugChar, { minLength: 1, maxLength: 200 }).map((c) => c.join('')), (slug) => {
        fc.pre(!isReservedSlug(slug));
        expect(slugSchema.safeParse(slug)).toEqual({ success: true, data: slug });
      }),
    );
  });

  it('refuses any string with another character, with the spec message', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim().length > 0 && /[^a-z0-9-]/.test(s.trim())), (slug) => {
        const result = slugSchema.safeParse(slug);
        expect(result.success).toBe(false);
        expect(result.error!.issues.map((i) => i.message)).toContain(SLUG_MESSAGE);
      }),
    );
  });

  it('refuses the route words', () => {
    for (const word of ['list', 'id', ...RESERVED_SLUGS]) expect(slugSchema.safeParse(word).error?.issues[0]?.message).toBe('This slug is reserved for a route; please choose another');
  });

  it('is required: missing, empty and blank alike', () => {
    for (const v of [undefined, null, '', '   ']) expect(slugSchema.safeParse(v).error?.issues.map((i) => i.message)).toEqual(['Slug is required']);
  });

  it('proposes the same slug again from a slug it proposed (slugify is a fixed point on its own output)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (title) => {
        expect(slugify(slugify(title))).toBe(slugify(title));
      }),
    );
  });

  it('never lets a slug be a route word, in any case or with spaces around it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RESERVED_SLUGS), fc.constantFrom('', ' ', '  '), (word, pad) => {
        expect(slugSchema.safeParse(`${pad}${word}${pad}`).success).toBe(false);
        expect(slugSchema.safeParse(word.toUpperCase()).success).toBe(false);
      }),
    );
  });

  it('proposes a valid slug from any title', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (title) => {
        expect(slugSchema.safeParse(slugify(title)).success).toBe(true);
      }),
    );
    expect(slugify('The Virtue of Selfishness')).toBe('the-virtue-of-selfishness');
    expect(slugify('Atlas Shrugged (35th Anniversary Edition)')).toBe('atlas-shrugged-35th-anniversary-edition');
    expect(slugify('List')).toBe('list-1');
  });
});

describe('the content lifecycle', () => {
  it('lets CONTENT_EDITOR and ADMIN make every move, and a MEMBER none', () => {
    for (const from of CONTENT_STATUSES)
      for (const [to, permission] of Object.entries(TRANSITIONS[from])) {
        expect(transitionPermission(from, to as (typeof CONTENT_STATUSES)[number])).toBe(permission);
        expect(hasPermission(['CONTENT_EDITOR'], permission!)).toBe(true);
        expect(hasPermission(['ADMIN'], permission!)).toBe(true);
        expect(hasPermission(['MEMBER'], permission!)).toBe(false);
      }
  });

  it('needs content.publish to go live or leave it, content.edit for the rest', () => {
    expect(transitionPermission('DRAFT', 'REVIEW')).toBe('content.edit');
    expect(transitionPermission('REVIEW', 'PUBLISHED')).toBe('content.publish');
    expect(transitionPermission('PUBLISHED', 'ARCHIVED')).toBe('content.publish');
    expect(transitionPermission('ARCHIVED', 'DRAFT')).toBe('content.edit');
    expect(creationPermission('PUBLISHED')).toBe('content.publish');
    expect(creationPermission('DRAFT')).toBe('content.edit');
  });

  it('refuses moves the table does not list', () => {
    const refused = (() => {
      try {
        transitionPermission('PUBLISHED', 'REVIEW');
      } catch (e) {
        return e;
      }
    })() as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ kind: 'rule_violation', code: 'INVALID_STATUS_TRANSITION' });
  });

  it('derives published and publishedAt from the status, for any sequence of moves', () => {
    const statuses = fc.constantFrom(...CONTENT_STATUSES);
    fc.assert(
      fc.property(fc.array(statuses, { minLength: 1, maxLength: 12 }), (moves) => {
        let state = { status: 'DRAFT' as (typeof CONTENT_STATUSES)[number], publishedAt: null as Date | null };
        moves.forEach((to, i) => {
          const now = new Date(Date.UTC(2030, 0, 1, 0, i));
          const next = publication(to, state, now);
          expect(next.published).toBe(to === 'PUBLISHED');
          expect(next.publishedAt !== null).toBe(next.published);
          if (to === 'PUBLISHED' && state.status === 'PUBLISHED') expect(next.publishedAt).toEqual(state.publishedAt);
          state = { status: to, publishedAt: next.publishedAt };
        });
      }),
    );
  });

  it('reads the spec clients’ published flag and refuses a disagreement', () => {
    expect(requestedStatus('DRAFT', { published: true })).toBe('PUBLISHED');
    expect(requestedStatus('PUBLISHED', { published: false })).toBe('DRAFT');
    expect(requestedStatus('REVIEW', { published: false })).toBe('REVIEW');
    expect(requestedStatus('DRAFT', { status: 'PUBLISHED', published: true })).toBe('PUBLISHED');
    expect(() => requestedStatus('DRAFT', { status: 'ARCHIVED', published: true })).toThrow('published must agree with status');
  });
});

describe('the save schemas (spec 002 §5 Content)', () => {
  it.each(['COURSE', 'LESSON', 'PLAYLIST', 'LECTURE', 'INTERVIEW', 'CLIP', 'ARTIFACT', 'DISCUSSION', 'TRACK'] as const)('%s overview is required', (type) => {
    const result = contentSaveSchema(type, 'create').safeParse({ title: 'T', slug: 't', overview: '  ' });
    expect(messagesOf(result)).toContainEqual(['overview', `${TYPE_LABELS[type]} overview is required`]);
  });

  it('gives a chapter "Book is required" and a non-negative orderIndex', () => {
    expect(messagesOf(contentSaveSchema('CHAPTER', 'create').safeParse({ title: 'T', slug: 't', orderIndex: 0 }))).toEqual([['bookId', 'Book is required']]);
    expect(messagesOf(contentSaveSchema('CHAPTER', 'create').safeParse({ title: 'T', slug: 't', bookId: crypto.randomUUID(), orderIndex: -1 }))).toEqual([['orderIndex', 'Order index must be a whole number, 0 or more']]);
  });

  it('needs orderIndex at least 1 on essay, discussion and course links', () => {
    const book = crypto.randomUUID();
    expect(messagesOf(contentSaveSchema('ESSAY', 'create').safeParse({ title: 'T', slug: 't', books: [{ bookId: book, orderIndex: 0 }] }))).toEqual([['books.0.orderIndex', 'Order index must be at least 1']]);
    expect(messagesOf(contentSaveSchema('ESSAY', 'create').safeParse({ title: 'T', slug: 't', discussions: [{ discussionId: book, orderIndex: 0 }] }))).toEqual([['discussions.0.orderIndex', 'Order index must be at least 1']]);
    expect(messagesOf(contentSaveSchema('LESSON', 'create').safeParse({ title: 'T', slug: 't', overview: 'o', courseId: book, orderIndex: 0 }))).toEqual([['orderIndex', 'Order index must be a whole number, 1 or more']]);
  });

  it('takes a clip duration of 0 or more and a lesson duration above 0, whole numbers only', () => {
    const clip = (durationSeconds: unknown) => messagesOf(contentSaveSchema('CLIP', 'create').safeParse({ title: 'T', slug: 't', overview: 'o', durationSeconds }));
    expect(clip(0)).toEqual([]);
    expect(clip(-1)).toEqual([['durationSeconds', 'Clip duration must be a whole number of seconds, 0 or more']]);
    expect(clip(1.5)).toEqual([['durationSeconds', 'Clip duration must be a whole number of seconds, 0 or more']]);
    const lesson = (durationMinutes: unknown) => messagesOf(contentSaveSchema('LESSON', 'create').safeParse({ title: 'T', slug: 't', overview: 'o', courseId: crypto.randomUUID(), orderIndex: 1, durationMinutes }));
    expect(lesson(1)).toEqual([]);
    expect(lesson(0)).toEqual([['durationMinutes', 'Lesson duration must be a positive whole number']]);
  });

  it('needs a lexicon term, its normalized form and a single-character first letter', () => {
    const schema = contentSaveSchema('LEXICON_TERM', 'create');
    expect(messagesOf(schema.safeParse({ title: 'T', slug: 't' }))).toEqual([
      ['term', 'Term is required'],
      ['normalizedTerm', 'Normalized term is required'],
      ['firstLetter', 'First letter is required'],
    ]);
    expect(messagesOf(schema.safeParse({ title: 'T', slug: 't', term: 'Egoism', normalizedTerm: 'egoism', firstLetter: 'EG' }))).toEqual([['firstLetter', 'First letter must be a single character']]);
    expect(schema.safeParse({ title: 'T', slug: 't', term: 'Égoïsme', normalizedTerm: 'egoisme', firstLetter: 'É' }).success).toBe(true);
  });

  it('checks a field sent on update by the create rule, and lets every field be left out', () => {
    const update = contentSaveSchema('BOOK', 'update');
    expect(update.safeParse({}).success).toBe(true);
    expect(messagesOf(update.safeParse({ title: '' }))).toEqual([['title', 'Title is required']]);
    expect(messagesOf(update.safeParse({ formats: [] }))).toEqual([['formats', 'At least one format is required']]);
  });

  it('fills the spec 002 §3 defaults on creation', () => {
    expect(sharedWithDefaults({ title: 'T', slug: 't' })).toMatchObject({ accessType: 'OPEN', featured: false, tags: [], contributors: [] });
    expect(detailsWithDefaults('BOOK', {})).toMatchObject({ language: 'en', bookType: 'FICTION', newVersion: false });
    expect(detailsWithDefaults('CLIP', {})).toMatchObject({ clipType: 'STANDALONE' });
    expect(detailsWithDefaults('ARTIFACT', {})).toMatchObject({ isRestricted: true, isDigitized: false });
    expect(detailsWithDefaults('DISCUSSION', {})).toMatchObject({ isVirtual: true, currentParticipants: 0 });
    expect(detailsWithDefaults('TRACK', {})).toMatchObject({ sequential: true });
    const track = contentSaveSchema('TRACK', 'create').parse({ title: 'T', slug: 't', overview: 'o', items: [{ contentId: crypto.randomUUID() }] });
    expect((track as { items: unknown[] }).items[0]).toMatchObject({ orderIndex: 0, isRequired: true, description: null });
  });

  it('has a field table entry for every type', () => {
    expect(Object.keys(DETAIL_FIELDS).sort()).toEqual([...CONTENT_TYPES].sort());
  });

  it('splits a save into shared fields, details and links, dropping what the spec drops', () => {
    const input = contentSaveSchema('ESSAY', 'create').parse({ title: 'T', slug: 't', id: 'x', createdAt: 'y', contentText: 'Body', books: [{ bookId: crypto.randomUUID(), orderIndex: 2 }] });
    const parts = splitSaveInput('ESSAY', input);
    expect(parts.shared).toEqual({ title: 'T', slug: 't' });
    expect(parts.details).toEqual({ contentText: 'Body' });
    expect(parts.links.books).toHaveLength(1);
    expect(input).not.toHaveProperty('id');
  });
});

describe('creators (spec 002 §5 Creator)', () => {
  it.each([
    [{}, 'name', 'Name is required'],
    [{ name: 'Ayn Rand', slug: 'Ayn Rand' }, 'slug', SLUG_MESSAGE],
    [{ name: 'Ayn Rand', email: 'not-an-address' }, 'email', 'Valid email is required'],
    [{ name: 'Ayn Rand', imageUrl: 'not a url' }, 'imageUrl', 'Valid image URL is required'],
  ])('%j: %s "%s"', (payload, path, message) => {
    expect(messagesOf(creatorSaveSchema('create').safeParse(payload))).toContainEqual([path, message]);
  });
});

describe('list queries', () => {
  it('defaults GET /api/books to published, page 1, limit 100; and /list to page size 10', () => {
    expect(catalogQuerySchema(100).parse({})).toMatchObject({ published: true, page: 1, limit: 100, includeRelations: false });
    expect(catalogQuerySchema(100).parse({ status: 'DRAFT' }).published).toBeUndefined();
    expect(contentListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 10, filter: {} });
  });

  it('ignores filters whose value is ALL or empty', () => {
    expect(contentListQuerySchema.parse({ filter: { status: 'ALL', featured: '', tag: 'ethics' } }).filter).toEqual({ tag: 'ethics' });
  });
});

describe('search', () => {
  it('keeps only the words of what was typed, letters and digits, lower-cased', () => {
    expect(searchWords('Virtue   selfish')).toEqual(['virtue', 'selfish']);
    expect(searchWords("O'Neil & | ! :* (x) 1957")).toEqual(['o', 'neil', 'x', '1957']);
    expect(searchWords('!!! ---')).toEqual([]);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(MAX_SEARCH_WORDS);
    fc.assert(
      fc.property(fc.string(), (text) => {
        for (const word of searchWords(text)) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
      }),
    );
  });

  it('searches tags, author and the body fields of the type, the body apart (matched only for those who may open it)', () => {
    const { searchText, bodyText } = searchableText('CHAPTER', { tags: ['ethics'], author: 'Ayn Rand', contributors: [] }, { contentText: 'Who is John Galt?', bookId: 'x' });
    expect(searchText).toContain('ethics');
    expect(searchText).toContain('Ayn Rand');
    expect(searchText).not.toContain('John Galt');
    expect(bodyText).toBe('Who is John Galt?');
    expect(searchText).not.toContain('x\n');
    const excerpt = searchableText('EXCERPT', { tags: [], author: null, contributors: [] }, { excerpt: 'Quoted words', workTitle: 'Atlas Shrugged', analysis: 'What they mean' });
    expect(excerpt).toEqual({ searchText: 'Atlas Shrugged', bodyText: 'Quoted words\nWhat they mean' });
  });
});

describe('the access policy (GET /api/entitlements/content/{id})', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const actor = (roles: Actor['roles']): Actor => ({ userId: '00000000-0000-4000-8000-000000000001', email: 'm@example.org', roles, sessionId: 's', signedInAt: now, verifiedAt: now });
  const item = (over: Partial<ContentRecord> = {}): ContentRecord => ({
    id: '00000000-0000-4000-8000-0000000000aa', type: 'BOOK', title: 'T', subtitle: null, slug: 't', description: null, status: 'PUBLISHED', published: true, featured: false,
    publishedAt: now, tags: [], coverImage: null, metaTitle: null, metaDescription: null, accessType: 'OPEN', difficulty: null, author: null, contributors: [], createdAt: now, updatedAt: now, ...over,
  });
  const member = actor(['MEMBER']);
  const editor = actor(['CONTENT_EDITOR']);
  const purchases: AccessSource = { name: 'purchases', grants: async (who, content) => who.userId === member.userId && content.accessType === 'PREMIUM' };

  it('opens OPEN content to everyone, signed in or not', async () => {
    for (const who of [null, member, editor]) expect(await accessPolicy([]).hasAccess(who, item(), {})).toBe(true);
  });

  it('gives no access without a session to anything but OPEN content', async () => {
    for (const accessType of ['MEMBERS', 'PREMIUM', 'CLASSROOM', 'STAFF'] as const) expect(await accessPolicy([purchases]).hasAccess(null, item({ accessType }), {})).toBe(false);
  });

  it('opens MEMBERS content to members, STAFF content to staff only', async () => {
    expect(await accessPolicy([]).hasAccess(member, item({ accessType: 'MEMBERS' }), {})).toBe(true);
    expect(await accessPolicy([]).hasAccess(member, item({ accessType: 'STAFF' }), {})).toBe(false);
    expect(await accessPolicy([]).hasAccess(editor, item({ accessType: 'STAFF' }), {})).toBe(true);
  });

  it('opens PREMIUM and CLASSROOM content only through a source that grants it', async () => {
    expect(await accessPolicy([]).hasAccess(member, item({ accessType: 'PREMIUM' }), {})).toBe(false);
    expect(await accessPolicy([purchases]).hasAccess(member, item({ accessType: 'PREMIUM' }), {})).toBe(true);
    expect(await accessPolicy([purchases]).hasAccess(member, item({ accessType: 'CLASSROOM' }), {})).toBe(false);
    const classroom: AccessSource = { name: 'classroom codes', grants: async (_who, content) => content.accessType === 'CLASSROOM' };
    expect(await accessPolicy([purchases, classroom]).hasAccess(member, item({ accessType: 'CLASSROOM' }), {})).toBe(true);
  });

  it('keeps restricted artifacts and unpublished content to staff, whatever the sources say', async () => {
    const everything: AccessSource = { name: 'everything', grants: async () => true };
    const artifact = item({ type: 'ARTIFACT' });
    expect(await accessPolicy([everything]).hasAccess(member, artifact, { isRestricted: true })).toBe(false);
    expect(await accessPolicy([everything]).hasAccess(null, artifact, { isRestricted: true })).toBe(false);
    expect(await accessPolicy([]).hasAccess(member, artifact, { isRestricted: false })).toBe(true);
    expect(await accessPolicy([]).hasAccess(editor, artifact, { isRestricted: true })).toBe(true);
    const draft = item({ status: 'DRAFT', published: false, publishedAt: null });
    expect(await accessPolicy([everything]).hasAccess(member, draft, {})).toBe(false);
    expect(await accessPolicy([]).hasAccess(editor, draft, {})).toBe(true);
  });
});

describe('what the caller is shown of an item (application/content/access.ts)', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const member: Actor = { userId: '00000000-0000-4000-8000-000000000002', email: 'm@example.org', roles: ['MEMBER'], sessionId: 's', signedInAt: now, verifiedAt: now };
  const editor: Actor = { ...member, roles: ['CONTENT_EDITOR'] };
  let n = 0;
  const anItem = (type: ContentItem['type'], over: Partial<ContentItem> = {}): ContentItem => ({
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, type, title: 'T', subtitle: null, slug: `t-${n}`, description: 'About it', status: 'PUBLISHED', published: true, featured: false,
    publishedAt: now, tags: [], coverImage: null, metaTitle: null, metaDescription: null, accessType: 'OPEN', difficulty: null, author: null, contributors: [], createdAt: now, updatedAt: now,
    details: {}, links: {}, ...over,
  });
  const library = (items: ContentItem[]) => ({ content: { byIds: async (ids: readonly string[]) => items.filter((i) => ids.includes(i.id)) } as unknown as ContentDeps['content'] });
  const premiumBuyer: AccessSource = { name: 'purchases', grants: async (who, content) => who.userId === member.userId && content.accessType === 'PREMIUM' };

  it('names a child’s parents: its book, course, playlist, books or lexicon terms', () => {
    expect(parentIdsOf(anItem('CHAPTER', { details: { bookId: 'b' } }))).toEqual(['b']);
    expect(parentIdsOf(anItem('LESSON', { details: { courseId: 'c' } }))).toEqual(['c']);
    expect(parentIdsOf(anItem('LECTURE', { details: { playlistId: 'p' } }))).toEqual(['p']);
    expect(parentIdsOf(anItem('ESSAY', { links: { books: [{ bookId: 'b1', orderIndex: 1 }, { bookId: 'b2', orderIndex: 2 }], discussions: [{ discussionId: 'd', orderIndex: 1 }] } }))).toEqual(['b1', 'b2']);
    expect(parentIdsOf(anItem('EXCERPT', { links: { lexiconTerms: [{ lexiconTermId: 't', orderIndex: 0 }] } }))).toEqual(['t']);
    expect(parentIdsOf(anItem('TRACK', { links: { items: [{ contentId: 'x', orderIndex: 0, description: null, isRequired: true }] } }))).toEqual([]);
  });

  it('withholds every body field of each type, and only those', () => {
    for (const type of CONTENT_TYPES) {
      const details = Object.fromEntries(Object.keys(DETAIL_FIELDS[type]).map((f) => [f, `value of ${f}`]));
      const shown = withoutBody(anItem(type, { details }));
      for (const [field, value] of Object.entries(shown.details)) expect(value, `${type}.${field}`).toBe(BODY_FIELDS[type].includes(field) ? null : `value of ${field}`);
      expect(BODY_FIELDS[type].every((f) => f in DETAIL_FIELDS[type])).toBe(true);
    }
    const asset = { url: 'u', videoStreamId: 'v', audioStreamId: 'a', downloadOptions: [], transcript: 't', subtitles: [], caption: 'c', thumbnailUrl: 'th' } as unknown as MediaAsset;
    expect(mediaWithoutBody(asset)).toEqual({ url: null, videoStreamId: null, audioStreamId: null, downloadOptions: null, transcript: null, subtitles: null, caption: 'c', thumbnailUrl: 'th' });
  });

  it('locks a child unless the caller may open it and every parent: the strictest wins', async () => {
    const premiumBook = anItem('BOOK', { accessType: 'PREMIUM' });
    const openBook = anItem('BOOK');
    const chapter = anItem('CHAPTER', { details: { bookId: premiumBook.id, contentText: 'Text' } });
    const essay = anItem('ESSAY', { accessType: 'MEMBERS', details: { contentText: 'Essay' }, links: { books: [{ bookId: openBook.id, orderIndex: 1 }, { bookId: premiumBook.id, orderIndex: 1 }] } });
    const loose = anItem('ESSAY', { details: { contentText: 'Loose' } });
    const deps = { ...library([premiumBook, openBook]), access: accessPolicy([]) };
    const shown = async (actor: Actor | null, d = deps) => (await gate(d, actor, [chapter, essay, loose])).map((g) => [g.locked, g.item.details.contentText]);
    expect(await shown(null)).toEqual([[true, null], [true, null], [false, 'Loose']]);
    expect(await shown(member)).toEqual([[true, null], [true, null], [false, 'Loose']]);
    expect(await shown(member, { ...deps, access: accessPolicy([premiumBuyer]) })).toEqual([[false, 'Text'], [false, 'Essay'], [false, 'Loose']]);
    expect(await shown(editor)).toEqual([[false, 'Text'], [false, 'Essay'], [false, 'Loose']]);
  });

  it('hides from the public an item any of whose parents is unpublished; editors see it', async () => {
    const draftBook = anItem('BOOK', { status: 'DRAFT', published: false, publishedAt: null });
    const chapter = anItem('CHAPTER', { details: { bookId: draftBook.id } });
    const family = await familyOf(library([draftBook]), [chapter]);
    expect(family.parentsOf(chapter).map((p) => p.id)).toEqual([draftBook.id]);
    expect(isVisible(null, chapter, family)).toBe(false);
    expect(isVisible(member, chapter, family)).toBe(false);
    expect(isVisible(editor, chapter, family)).toBe(true);
    expect(isVisible(member, chapter, await familyOf(library([{ ...draftBook, status: 'PUBLISHED', published: true }]), [chapter]))).toBe(true);
  });
});
