/**
 * The text-level rules of issue 11 (§2 and §7): one e-mail address rule, one redirect rule, one
 * control-character rule, each checked as a property over generated input (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveMagicLinkTarget } from '../../domain/auth/magic-link';
import { checkEmailSchema, loginSchema, magicLinkRequestSchema, onboardingProfileSchema, profileUpdateSchema, registerSchema } from '../../domain/auth/schemas';
import { normaliseProviderEmail, safeRedirectPath } from '../../domain/auth/social';
import { contentProgressSchema, contentSaveSchema, creatorSaveSchema, contentSearchSchema } from '../../domain/content/schemas';
import { isEmailAddress, MAX_EMAIL_LENGTH, MAX_EMAIL_LOCAL_PART_LENGTH } from '../../domain/shared/email';
import { sameOriginPath } from '../../domain/shared/redirect';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '../../domain/shared/text';
import { trimEdges, trimTrailing } from '../../domain/shared/strings';
import { emailError } from '../../web/src/ui/fields/rules/email';
import { safeRedirect } from '../../web/src/lib/auth/redirect';

const MB = 1024 * 1024;
const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('e-mail addresses: a plain mailbox', () => {
  it.each(['ada@example.org', 'Ada.Lovelace+notes@mail.example.co.uk', "o'brien@example.ie", 'x_y-z@sub-domain.example.org', 'jürgen@bücher.example', 'a@b.cd'])('accepts %s', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });

  it.each([
    '"x"<x@evil.test>',
    'x <x@evil.test>',
    '<x@evil.test>',
    'a@b.test,x',
    'a@b.test, c@d.test',
    'a@b.test;c@d.test',
    '"quoted"@example.org',
    'a b@example.org',
    'a@b .test',
    'a@b.test\n',
    'a\u0000@b.test',
    'a@b\u0000.test',
    'a@@b.test',
    'a@b@c.test',
    '@b.test',
    'a@',
    'a@b',
    'a@.b.test',
    'a@b..test',
    'a@b.test.',
    'a@[127.0.0.1]',
    'a(comment)@b.test',
    'a\\b@c.test',
    'a@b.test/x',
    `${'x'.repeat(MAX_EMAIL_LOCAL_PART_LENGTH + 1)}@example.org`,
    `x@${'a'.repeat(MAX_EMAIL_LENGTH)}.org`,
  ])('refuses %j', (email) => {
    expect(isEmailAddress(email)).toBe(false);
  });

  it('property: every generated RFC mailbox within the lengths is accepted', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const local = email.slice(0, email.indexOf('@'));
        expect(isEmailAddress(email)).toBe(email.length <= MAX_EMAIL_LENGTH && local.length <= MAX_EMAIL_LOCAL_PART_LENGTH);
      }),
      { numRuns: 500 },
    );
  });

  it('property: a display name, quote, list separator, space, angle bracket or control character anywhere is refused', () => {
    const forbidden = fc.constantFrom('"', '<', '>', ',', ';', ' ', '\t', '\u0000', '\u001f', '\u007f', '(', ')', '[', ']', '\\', ':', '@');
    fc.assert(
      fc.property(fc.emailAddress(), forbidden, fc.nat(), (email, bad, at) => {
        const i = at % (email.length + 1);
        expect(isEmailAddress(email.slice(0, i) + bad + email.slice(i))).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: whatever is accepted has one @, a dotted domain and no forbidden character', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.emailAddress(), fc.string({ unit: fc.constantFrom('a', '.', '@', '"', '<', ' ', ',', '-') })), (value) => {
        if (!isEmailAddress(value)) return;
        const [local, domain, ...rest] = value.split('@');
        expect(rest).toEqual([]);
        expect(local!.length).toBeGreaterThan(0);
        expect(domain!.split('.').length).toBeGreaterThan(1);
        expect(domain!.split('.').every((label) => label.length > 0)).toBe(true);
        expect(value).not.toMatch(/[\s"<>,;()[\]\\:\u0000-\u001f\u007f]/);
      }),
      { numRuns: 2000 },
    );
  });

  it('every schema and the client take the same rule', () => {
    for (const bad of ['"x"<x@evil.test>', 'a@b.test,x']) {
      expect(messages(magicLinkRequestSchema.safeParse({ email: bad }))).toEqual(['email: Invalid email format']);
      expect(messages(checkEmailSchema.safeParse({ email: bad }))).toEqual(['email: Invalid email format']);
      expect(messages(loginSchema.safeParse({ email: bad, password: 'x' }))).toEqual(['email: Invalid email format']);
      expect(messages(registerSchema.safeParse({ email: bad, password: 'Galt-Gulch-Motor-1957', firstName: 'A', lastName: 'B' }))).toEqual(['email: Invalid email format']);
      expect(messages(creatorSaveSchema('create').safeParse({ name: 'A', email: bad }))).toEqual(['email: Valid email is required']);
      expect(normaliseProviderEmail(bad)).toBeNull();
      expect(emailError(bad)).toBe('Please enter a valid email address.');
    }
    expect(magicLinkRequestSchema.parse({ email: ' Ada@Example.ORG ' }).email).toBe('ada@example.org');
  });

  it('a 1 MB value of dots, letters or at signs is refused by its length, never searched', () => {
    for (const value of ['.'.repeat(MB), 'a'.repeat(MB), '@'.repeat(MB), `a@${'.'.repeat(MB)}`, `${'a.'.repeat(MB / 2)}@b.test`, `a@${'b.'.repeat(MB / 2)}`]) {
      expect(isEmailAddress(value)).toBe(false);
      expect(messages(magicLinkRequestSchema.safeParse({ email: value }))).toEqual(['email: Invalid email format']);
      expect(messages(creatorSaveSchema('create').safeParse({ name: 'A', email: value }))).toEqual(['email: Valid email is required']);
    }
  });
});

describe('redirects: one same-origin rule', () => {
  const origin = 'http://localhost:3000';
  const app = { appUrl: origin, allowedOrigins: [origin] };

  it.each(['/.//evil.test/x', 'http://localhost:3000//evil.test', '/..//evil.test', '/%2e//evil.test', '/a/..//evil.test', '/./\\evil.test', '//evil.test', '/\\evil.test'])(
    'refuses %s, which resolves to a protocol-relative path',
    (raw) => {
      expect(sameOriginPath(raw, origin)).toBeNull();
      expect(safeRedirectPath(raw, origin)).toBeNull();
      expect(() => resolveMagicLinkTarget({ basePath: '', redirectUrl: raw }, app)).toThrow('Invalid redirect URL format');
      expect(safeRedirect(raw, origin)).toBe('/');
    },
  );

  it('keeps same-origin paths with their query and fragment', () => {
    expect(sameOriginPath('/entry/1?x=1#top', origin)).toBe('/entry/1?x=1#top');
    expect(sameOriginPath('http://localhost:3000/a/./b/../c', origin)).toBe('/a/c');
    expect(safeRedirect('/dashboard', origin)).toBe('/dashboard');
  });

  const adversarial = fc.oneof(
    fc.string(),
    fc.webUrl(),
    fc.webPath(),
    fc
      .tuple(
        fc.constantFrom('', '/', '/.', '/..', '/./', '//', '/\\', '\\', '%2e', '/%2e/', origin, `${origin}/`, 'http:', 'https://evil.test', 'javascript:', ' '),
        fc.array(fc.constantFrom('/', '\\', '.', '..', '%2f', '%5c', '%2e', 'evil.test', 'x', '?', '#', '@', ':', '\t', '\n'), { maxLength: 8 }),
      )
      .map(([head, parts]) => head + parts.join('')),
  );

  it('property: the answer is always null or a path on the origin, never one starting // or /\\, and stable', () => {
    fc.assert(
      fc.property(adversarial, (raw) => {
        const path = sameOriginPath(raw, origin);
        if (path === null) return;
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//') || path.startsWith('/\\')).toBe(false);
        const again = new URL(path, origin);
        expect(again.origin).toBe(origin);
        expect(`${again.pathname}${again.search}${again.hash}`).toBe(path);
        expect(sameOriginPath(path, origin)).toBe(path);
      }),
      { numRuns: 3000 },
    );
  });

  it('property: the client lands on a path of this origin whatever the redirect parameter', () => {
    fc.assert(
      fc.property(adversarial, (raw) => {
        const path = safeRedirect(raw, origin);
        expect(path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')).toBe(true);
        expect(new URL(path, origin).origin).toBe(origin);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('control characters in text fields', () => {
  it('single-line text refuses every C0 control and DEL; prose keeps tab and line breaks', () => {
    for (let c = 0; c < 0x20; c++) expect(hasControlCharacters(`a${String.fromCharCode(c)}b`)).toBe(true);
    expect(hasControlCharacters('a\u007fb')).toBe(true);
    expect(hasControlCharacters('a\tb\nc\r\nd', 'multi-line')).toBe(false);
    expect(hasControlCharacters('a\u0000b', 'multi-line')).toBe(true);
    expect(hasControlCharacters('Ayn Rand — “Atlas Shrugged” 🙂', 'single-line')).toBe(false);
  });

  it('names, addresses, slugs, tags, search and progress fields refuse a NUL with a clear message', () => {
    const nul = 'a\u0000b';
    expect(messages(registerSchema.safeParse({ email: 'a@b.test', password: 'Galt-Gulch-Motor-1957', firstName: nul, lastName: 'B' }))).toEqual(['firstName: First name must not contain control characters']);
    expect(messages(onboardingProfileSchema.safeParse({ firstName: 'A', lastName: nul }))).toEqual(['lastName: Last name must not contain control characters']);
    expect(messages(profileUpdateSchema(2026).safeParse({ firstName: nul }))).toEqual(['firstName: First name must not contain control characters']);
    expect(messages(magicLinkRequestSchema.safeParse({ email: `a${'\u0000'}@b.test` }))).toEqual(['email: Invalid email format']);
    expect(messages(magicLinkRequestSchema.safeParse({ email: 'a@b.test', redirectUrl: '/x\u0000' }))).toEqual(['redirectUrl: Invalid redirect URL format']);
    const book = contentSaveSchema('BOOK', 'update');
    expect(messages(book.safeParse({ title: nul }))).toEqual([`title: ${CONTROL_CHARACTERS_MESSAGE}`]);
    expect(messages(book.safeParse({ slug: nul }))).toEqual(['slug: Slug must contain only lowercase letters, numbers, and hyphens']);
    expect(messages(book.safeParse({ tags: ['ok', nul] }))).toEqual([`tags.1: ${CONTROL_CHARACTERS_MESSAGE}`]);
    expect(messages(book.safeParse({ description: 'line one\nline two\u0000' }))).toEqual([`description: ${CONTROL_CHARACTERS_MESSAGE}`]);
    expect(book.safeParse({ description: 'line one\nline two\ttabbed' }).success).toBe(true);
    expect(messages(contentSearchSchema.safeParse({ q: nul }))).toEqual([`q: ${CONTROL_CHARACTERS_MESSAGE}`]);
    expect(messages(contentProgressSchema.safeParse({ contentId: '00000000-0000-4000-8000-000000000000', discoverySource: nul }))).toEqual([`discoverySource: ${CONTROL_CHARACTERS_MESSAGE}`]);
    expect(messages(creatorSaveSchema('create').safeParse({ name: nul }))).toEqual([`name: ${CONTROL_CHARACTERS_MESSAGE}`]);
  });

  it('trims runs of a character at the ends in one pass', () => {
    expect(trimTrailing('/learn///', '/')).toBe('/learn');
    expect(trimEdges('--a-b--', '-')).toBe('a-b');
    expect(trimTrailing('/'.repeat(MB), '/')).toBe('');
  });
});
