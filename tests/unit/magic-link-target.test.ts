import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { magicLinkMail, magicLinkUrl, resolveMagicLinkTarget } from '../../domain/auth/magic-link';
import { magicLinkRequestSchema, tooManyAttemptsMessage } from '../../domain/auth/schemas';

const app = { appUrl: 'https://learn.example.org', allowedOrigins: ['https://learn.example.org', 'https://partner.example.org'] };
const resolve = (input: { redirectUrl?: string; appUrl?: string; basePath?: string }) => resolveMagicLinkTarget({ basePath: '', ...input }, app);
const messageOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('magic-link target', () => {
  it('builds the link on APP_URL with the redirect as a path', () => {
    const target = resolve({ redirectUrl: '/dashboard' });
    expect(magicLinkUrl(target, 'tok')).toBe('https://learn.example.org/auth/callback?token=tok&redirect=%2Fdashboard');
  });

  it('accepts an absolute redirect on the app origin and keeps query and fragment', () => {
    expect(resolve({ redirectUrl: 'https://learn.example.org/entry/1?x=1#top' }).redirectPath).toBe('/entry/1?x=1#top');
  });

  it.each(['https://evil.test', '//evil.test', '/\\evil.test', 'javascript:alert(1)', 'http://learn.example.org/x', 'https://learn.example.org.evil.test/', '%2F%2Fevil.test'])(
    'refuses or confines the redirect %s',
    (redirectUrl) => {
      if (redirectUrl === '%2F%2Fevil.test') expect(resolve({ redirectUrl }).redirectPath).toBe('/%2F%2Fevil.test');
      else expect(messageOf(() => resolve({ redirectUrl }))).toBe('Invalid redirect URL format');
    },
  );

  it('reads `https:evil.test` as a path on the app itself (the URL standard does), never as another host', () => {
    expect(resolve({ redirectUrl: 'https:evil.test' }).redirectPath).toBe('/evil.test');
  });

  it('builds on an allowed appUrl and refuses others', () => {
    expect(resolve({ appUrl: 'https://partner.example.org/anything' }).origin).toBe('https://partner.example.org');
    for (const appUrl of ['https://evil.test', 'not a url', 'ftp://learn.example.org', 'https://user:pw@learn.example.org']) {
      expect(messageOf(() => resolve({ appUrl }))).toBe('Invalid app URL format');
    }
  });

  it('accepts plain basePath segments only', () => {
    expect(resolve({ basePath: '/learn' }).basePath).toBe('/learn');
    expect(resolve({ basePath: '/a/b-c_d' }).basePath).toBe('/a/b-c_d');
    for (const basePath of ['learn', '/learn/', '/../x', '//evil.test', '/a?b', '/a b']) expect(messageOf(() => resolve({ basePath }))).toBe('Invalid base path');
  });

  it('never points a link at a foreign origin, whatever the redirect', () => {
    fc.assert(
      fc.property(fc.string(), (redirectUrl) => {
        try {
          const target = resolve({ redirectUrl: redirectUrl || undefined });
          const link = new URL(magicLinkUrl(target, 't'));
          const redirect = link.searchParams.get('redirect');
          return link.origin === 'https://learn.example.org' && (redirect === null || new URL(redirect, 'https://learn.example.org').origin === 'https://learn.example.org');
        } catch {
          return true;
        }
      }),
    );
  });
});

describe('magic-link request schema', () => {
  it('lower-cases and trims the address', () => {
    expect(magicLinkRequestSchema.parse({ email: '  Ada@Example.ORG ' }).email).toBe('ada@example.org');
  });
  it.each([undefined, '', '   ', 'ada', 'ada@example', '@example.org', 'ada@.org x'])('refuses %j with Invalid email format', (email) => {
    const r = magicLinkRequestSchema.safeParse({ email });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Invalid email format');
  });
});

describe('messages', () => {
  it('spells the minutes like the client does', () => {
    expect(tooManyAttemptsMessage(30)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttemptsMessage(60)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(tooManyAttemptsMessage(900)).toBe('Too many attempts. Please try again in 15 minutes.');
  });
  it('escapes the link in the HTML part', () => {
    const mail = magicLinkMail('https://x.test/auth/callback?token=a&redirect=%2F"<b>', 900, 'P');
    expect(mail.html).not.toContain('"<b>');
    expect(mail.text).toContain('expires in 15 minutes');
  });
});
