/**
 * Text-level input over HTTP (issue 11 §2, §7): every string field of every operation's input, fed
 * an adversarial value (1 MB in a body; as long as a URL allows in a path or query), is answered
 * 400 with the error envelope and the field named, never a stalled event loop (the old e-mail
 * pattern took minutes on 1 MB of dots) and never a 500; a NUL is refused the same way and never
 * reaches PostgreSQL as text; plain-mailbox addresses only; and a magic-link redirect that
 * resolves to `//host` is refused.
 *
 * The fields come from the operation table itself (adapters/http/router.ts), so an operation or a
 * field added later is covered without touching this file. No timings are asserted: a pattern that
 * backtracks makes these tests run out of time instead.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { flattenOperations, type NamedOperation } from '../../adapters/http/operation';
import { operationRegistry } from '../../adapters/http/router';
import { ApiClient, type ApiAnswer } from '../support/client';
import { signedIn } from '../support/members';
import { startTestServer, type TestServer } from '../support/server';

const MB = 1024 * 1024;
/** A request line must stay under Node's 16 KB header limit even fully percent-encoded. */
const URL_VALUE_LENGTH = 4096;

const ADVERSARIAL: Record<string, (n: number) => string> = {
  dots: (n) => '.'.repeat(n),
  letters: (n) => 'a'.repeat(n),
  'at signs': (n) => '@'.repeat(n),
  'a@ pairs': (n) => 'a@'.repeat(n / 2),
  'a. pairs after an @': (n) => `a@${'a.'.repeat(n / 2 - 1)}`,
  'spaces and dots': (n) => `x${' .'.repeat(n / 2 - 1)}x`,
  slashes: (n) => `/${'/'.repeat(n - 1)}`,
};
const PATTERN_NAMES = Object.keys(ADVERSARIAL);

/** The spec's must-cover operations get every adversarial value; the others one each, in turn. */
const EVERY_VALUE = new Set(['auth.requestMagicLink', 'auth.checkEmail', 'auth.rateLimit', 'account.register', 'account.login', 'creators.create', 'creators.list', 'library.search']);
/** Checked by the use case rather than the schema (so refusals are audited): answered 400 without a field path. */
const USE_CASE_CHECKED = new Set(['auth.verify token']);
/** Never stored as text (hashed or compared), so kept exactly as typed: a NUL is a wrong password, not a format error. */
const AS_TYPED = new Set(['account.login password', 'account.register password', 'account.setupPassword password', 'account.setupPassword currentPassword', 'account.reauthenticate password']);

// any: zod's internals, read only to find the string fields
type Def = any;
const defOf = (s: unknown): Def => (s as { _zod?: { def?: Def } })?._zod?.def;

/** 'string' for a string-like field (text, enum, id), 'list' for a list of them, else null. */
function fieldKind(schema: unknown, depth = 0): 'string' | 'list' | null {
  const d = defOf(schema);
  if (!d || depth > 12) return null;
  switch (d.type) {
    case 'string':
    case 'enum':
    case 'literal':
      return 'string';
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return fieldKind(d.innerType, depth + 1);
    case 'pipe':
      return fieldKind(d.in, depth + 1) ?? fieldKind(d.out, depth + 1);
    case 'array':
      return fieldKind(d.element, depth + 1) === 'string' ? 'list' : null;
    case 'union':
      return (d.options as unknown[]).map((o) => fieldKind(o, depth + 1)).find((k) => k) ?? null;
    default:
      return null;
  }
}

function shapeOf(schema: unknown, depth = 0): Record<string, z.ZodType> | null {
  const d = defOf(schema);
  if (!d || depth > 12) return null;
  if (d.type === 'object') return d.shape as Record<string, z.ZodType>;
  if (d.type === 'pipe') return shapeOf(d.in, depth + 1) ?? shapeOf(d.out, depth + 1);
  if (['optional', 'nullable', 'default', 'prefault'].includes(d.type)) return shapeOf(d.innerType, depth + 1);
  return null;
}

/** The field's own schema, under the `.optional()` an update adds, so create and update count once. */
const identityOf = (schema: unknown) => {
  const d = defOf(schema);
  return d?.type === 'optional' ? d.innerType : schema;
};

interface Field {
  op: NamedOperation;
  /** `email`, or `filter.tag` for a nested query filter. */
  name: string;
  kind: 'string' | 'list';
  inPath: boolean;
}

function fieldsOf(op: NamedOperation): Field[] {
  const shape = shapeOf(op.operation.input);
  if (!shape) return [];
  const path = op.operation.rest!.path;
  const fields: Field[] = [];
  for (const [name, schema] of Object.entries(shape)) {
    const kind = fieldKind(schema);
    if (kind) fields.push({ op, name, kind, inPath: path.includes(`{${name}}`) });
    const nested = op.operation.rest!.method === 'get' ? shapeOf(schema) : null;
    for (const [inner, innerSchema] of Object.entries(nested ?? {})) {
      const innerKind = fieldKind(innerSchema);
      if (innerKind) fields.push({ op, name: `${name}.${inner}`, kind: innerKind, inPath: false });
    }
  }
  return fields;
}

const operations = flattenOperations(operationRegistry).filter((o) => o.operation.rest && !o.id.startsWith('dev.'));

/** Every distinct field once (shared fields of the content types, create and update alike). */
const seen = new Set<unknown>();
const allFields = operations.flatMap(fieldsOf).filter((f) => {
  if (EVERY_VALUE.has(f.op.id)) return true;
  const shape = shapeOf(f.op.operation.input)!;
  const identity = f.name.includes('.') ? `${f.op.id} ${f.name}` : identityOf(shape[f.name]);
  if (seen.has(identity)) return false;
  seen.add(identity);
  return true;
});

let server: TestServer;
let admin: ApiClient;
let anonymous: ApiClient;
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_MAGIC_LINK_POINTS: '100000',
    RATE_LIMIT_PASSWORD_POINTS: '100000',
    RATE_LIMIT_PASSKEY_POINTS: '100000',
    RATE_LIMIT_CHECK_EMAIL_POINTS: '100000',
  });
  admin = await signedIn(server, ['ADMIN']);
  anonymous = new ApiClient(server.url);
});
afterAll(async () => server.close());

const paramValue = (opId: string, name: string) => (name.toLowerCase().includes('slug') ? 'some-slug' : opId.startsWith('outboxAdmin.') ? '1' : randomUUID());

/**
 * Sends `value` as the field: in the path, the query (GET) or the JSON body, alone. Anonymous
 * first; an operation that wants a session (401) is sent again by an administrator.
 */
async function send(field: Field, value: string): Promise<ApiAnswer> {
  const first = await sendAs(field.op.operation.signedIn ? admin : anonymous, field, value);
  return first.status === 401 ? sendAs(admin, field, value) : first;
}

function sendAs(client: ApiClient, field: Field, value: string): Promise<ApiAnswer> {
  const { method, path } = field.op.operation.rest!;
  const url = path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => encodeURIComponent(name === field.name ? value : paramValue(field.op.id, name)));
  if (field.inPath) return client.request(method.toUpperCase(), url, method === 'get' ? undefined : {});
  const [outer, inner] = field.name.split('.') as [string, string | undefined];
  if (method === 'get') {
    const key = inner ? `${outer}[${inner}]` : outer;
    return client.get(`${url}?${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  }
  return client.request(method.toUpperCase(), url, { [outer]: field.kind === 'list' ? [value] : value });
}

const label = (f: Field) => `${f.op.id} ${f.name}`;

/** Whether the field's own schema takes the value: bodies and transcripts may be longer than 1 MB. */
function fieldTakes(field: Field, value: string): boolean {
  if (field.name.includes('.') || field.inPath) return false;
  const schema = shapeOf(field.op.operation.input)![field.name]!;
  return schema.safeParse(field.kind === 'list' ? [value] : value).success;
}

function expectRefused(field: Field, res: ApiAnswer, value: string) {
  const where = `${label(field)} (${value.length} characters): ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`;
  if (field.inPath && res.status === 404) return; // a path too long to name anything is simply not found
  if (fieldTakes(field, value)) {
    // A value the field allows (a 1 MB chapter body): answered, and refused only for the fields not sent.
    expect(res.status, where).toBeLessThan(500);
    return;
  }
  expect(res.status, where).toBe(400);
  expect(res.json, where).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String), errors: expect.any(Array) });
  if (field.inPath || USE_CASE_CHECKED.has(label(field))) return;
  const paths = (res.json.errors as { path: string }[]).map((e) => e.path);
  expect(
    paths.some((p) => p === field.name || p.startsWith(`${field.name}.`)),
    `${where}: the field is named among ${paths.join(', ')}`,
  ).toBe(true);
}

describe('every string field of every operation, fed an adversarial value', () => {
  it('covers the must-cover operations and a field of every module', () => {
    const ids = new Set(allFields.map((f) => f.op.id));
    for (const id of EVERY_VALUE) expect(ids, id).toContain(id);
    for (const name of ['auth.requestMagicLink email', 'account.register firstName', 'creators.create email', 'library.search q', 'progress.recordContent discoverySource', 'books.create slug', 'books.create tags']) {
      expect(allFields.map(label)).toContain(name);
    }
    expect(allFields.length).toBeGreaterThan(150);
  });

  it('answers 400 and names the field, for a 1 MB value in a body and the longest a URL takes', async () => {
    let turn = 0;
    for (const field of allFields) {
      const names = EVERY_VALUE.has(field.op.id) ? PATTERN_NAMES : [PATTERN_NAMES[turn++ % PATTERN_NAMES.length]!];
      const length = field.inPath || field.op.operation.rest!.method === 'get' ? URL_VALUE_LENGTH : MB;
      for (const name of names) {
        const value = ADVERSARIAL[name]!(length);
        expectRefused(field, await send(field, value), value);
      }
    }
  }, 240_000);

  it('refuses the full 1 MB in the schemas of the fields a URL cannot carry it to (queries and paths)', async () => {
    for (const field of allFields.filter((f) => f.inPath || f.op.operation.rest!.method === 'get')) {
      for (const name of PATTERN_NAMES) {
        const value = ADVERSARIAL[name]!(MB);
        const [outer, inner] = field.name.split('.') as [string, string | undefined];
        const input = { [outer]: inner ? { [inner]: value } : field.kind === 'list' ? [value] : value };
        const result = await field.op.operation.input.safeParseAsync(input);
        const paths = result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
        // A path parameter too long to name anything may pass its schema and be answered 404 (above).
        if (field.inPath && result.success) continue;
        expect(paths.some((p) => p === field.name || p.startsWith(`${field.name}.`)), `${label(field)} ${name}: ${paths.join(', ')}`).toBe(true);
      }
    }
  }, 240_000);

  it('answers a NUL in any text field with 400 naming the field, never a 500', async () => {
    for (const field of allFields) {
      const res = await send(field, 'a\u0000b');
      const where = `${label(field)}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`;
      expect(res.status, where).toBeLessThan(500);
      if (AS_TYPED.has(label(field))) continue;
      expectRefused(field, res, 'a\u0000b');
    }
  }, 240_000);
});

describe('NUL bytes with otherwise valid input', () => {
  const nul = 'Da\u0000gny';
  it('registration, profile and onboarding names', async () => {
    const res = await anonymous.post('/api/auth/register', { email: `nul.${randomUUID().slice(0, 8)}@example.org`, password: 'Galt-Gulch-Motor-1957', firstName: nul, lastName: 'Taggart' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'First name must not contain control characters', errors: [{ path: 'firstName', message: 'First name must not contain control characters' }] });
    const member = await signedIn(server);
    const profile = await member.put('/api/auth/profile', { lastName: nul });
    expect(profile.status).toBe(400);
    expect(profile.json.message).toBe('Last name must not contain control characters');
  });

  it('e-mail on magic-link, login and check-email', async () => {
    for (const res of [
      await anonymous.post('/api/auth/magic-link', { email: 'ada\u0000@example.org' }),
      await anonymous.post('/api/auth/login', { email: 'ada\u0000@example.org', password: 'whatever-it-is' }),
      await anonymous.get(`/api/auth/check-email?email=${encodeURIComponent('ada\u0000@example.org')}`),
    ]) {
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Invalid email format' });
    }
  });

  it('slugs, tags and titles of content; search; a progress source', async () => {
    const title = await admin.post('/api/books', { title: `Atlas${'\u0000'}`, slug: `nul-${randomUUID().slice(0, 8)}`, formats: ['EBOOK'] });
    expect(title.status).toBe(400);
    expect(title.json.errors).toEqual([{ path: 'title', message: 'Must not contain control characters' }]);
    const tags = await admin.post('/api/books', { title: 'Atlas', slug: `nul-${randomUUID().slice(0, 8)}`, formats: ['EBOOK'], tags: ['fiction', 'a\u0000'] });
    expect(tags.status).toBe(400);
    expect(tags.json.errors).toEqual([{ path: 'tags.1', message: 'Must not contain control characters' }]);
    const slug = await admin.post('/api/books', { title: 'Atlas', slug: 'atlas\u0000', formats: ['EBOOK'] });
    expect(slug.status).toBe(400);
    expect(slug.json.errors[0].path).toBe('slug');
    const bySlug = await anonymous.get(`/api/books/${encodeURIComponent('atlas\u0000')}`);
    expect(bySlug.status).toBe(400);
    expect(bySlug.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Must not contain control characters', errors: [{ path: 'slug' }] });
    const search = await anonymous.get(`/api/content/search?q=${encodeURIComponent('atlas\u0000')}`);
    expect(search.status).toBe(400);
    expect(search.json.errors).toEqual([{ path: 'q', message: 'Must not contain control characters' }]);

    const book = await admin.post('/api/books', { title: 'Atlas', slug: `nul-ok-${randomUUID().slice(0, 8)}`, formats: ['EBOOK'], status: 'PUBLISHED' });
    expect(book.status, JSON.stringify(book.json)).toBe(201);
    const bookId = (book.json.item ?? book.json.book).id as string;
    const member = await signedIn(server);
    const source = await member.post('/api/progress/content', { contentId: bookId, discoverySource: 'search\u0000' });
    expect(source.status).toBe(400);
    expect(source.json.errors).toEqual([{ path: 'discoverySource', message: 'Must not contain control characters' }]);
  });

  it('a NUL inside free-form JSON, which PostgreSQL refuses (22P05), is a 400 too', async () => {
    const book = await admin.post('/api/books', { title: 'Atlas', slug: `nul-json-${randomUUID().slice(0, 8)}`, formats: ['EBOOK'], status: 'PUBLISHED' });
    const bookId = (book.json.item ?? book.json.book).id as string;
    const member = await signedIn(server);
    const res = await member.post('/api/progress/content', { contentId: bookId, metadata: { note: 'a\u0000b' } });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'UNSTORABLE_TEXT', message: 'The request contains characters that cannot be stored (such as a NUL byte)', errors: [] });
    const toc = await admin.post('/api/books', { title: 'Atlas', slug: `nul-toc-${randomUUID().slice(0, 8)}`, formats: ['EBOOK'], tableOfContents: JSON.stringify({ part: 'a\u0000' }) });
    expect(toc.status, JSON.stringify(toc.json)).toBe(400);
    expect(toc.json.code).toBe('UNSTORABLE_TEXT');
    expect((await member.get('/api/auth/me')).status).toBe(200);
  });
});

describe('e-mail addresses are plain mailboxes', () => {
  it.each(['"x"<x@evil.test>', 'a@b.test,x', 'Ada <ada@example.org>', 'a@b.test c@d.test'])('refuses %s on every route that takes one', async (email) => {
    for (const res of [
      await anonymous.post('/api/auth/magic-link', { email }),
      await anonymous.post('/api/auth/register', { email, password: 'Galt-Gulch-Motor-1957', firstName: 'A', lastName: 'B' }),
      await anonymous.post('/api/auth/login', { email, password: 'Galt-Gulch-Motor-1957' }),
      await anonymous.get(`/api/auth/check-email?email=${encodeURIComponent(email)}`),
      await anonymous.get(`/api/auth/rate-limit?action=magic-link&email=${encodeURIComponent(email)}`),
    ]) {
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Invalid email format', errors: [{ path: 'email', message: 'Invalid email format' }] });
    }
    const creator = await admin.post('/api/creators', { name: 'Someone', email });
    expect(creator.status).toBe(400);
    expect(creator.json.errors).toEqual([{ path: 'email', message: 'Valid email is required' }]);
    expect(server.services.devMailbox!.list(email)).toEqual([]);
  });
});

describe('magic-link redirects', () => {
  it.each(['/.//evil.test/x', 'APP//evil.test', '/..//evil.test', '/%2e//evil.test/x'])('refuses %s, which resolves to a protocol-relative path', async (raw) => {
    const redirectUrl = raw.replace('APP', new URL(server.services.config.appUrl).origin);
    const email = `redirect.${randomUUID().slice(0, 8)}@example.org`;
    const res = await anonymous.post('/api/auth/magic-link', { email, redirectUrl });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Invalid redirect URL format', errors: [{ path: 'redirectUrl', message: 'Invalid redirect URL format' }] });
    expect(server.services.devMailbox!.list(email)).toEqual([]);
  });

  it('keeps a same-origin path, stored and answered as sent', async () => {
    const email = `redirect.${randomUUID().slice(0, 8)}@example.org`;
    expect((await anonymous.post('/api/auth/magic-link', { email, redirectUrl: '/books/atlas?x=1#top' })).status).toBe(200);
    const link = /https?:\/\/\S+token=\S+/.exec(server.services.devMailbox!.list(email)[0]!.text)![0];
    expect(new URL(link).searchParams.get('redirect')).toBe('/books/atlas?x=1#top');
    const verified = await new ApiClient(server.url).post('/api/auth/verify', { token: new URL(link).searchParams.get('token') });
    expect(verified.status).toBe(200);
    expect(verified.json.redirect).toBe('/books/atlas?x=1#top');
  });
});
