/**
 * Where a magic link points (docs/architecture.md §3): `${appOrigin}${basePath}/auth/callback?token=…&redirect=<path>`.
 * The app origin is APP_URL or an allow-listed appUrl, never the request's Host; the redirect is a
 * path on that origin, never another site.
 */
import { invalidInput } from '../shared/errors';
import { sameOriginPath } from '../shared/redirect';
import { BASE_PATH_PATTERN } from './schemas';

export const MAGIC_LINK_TTL_SECONDS = 15 * 60;

export interface MagicLinkTargetInput {
  redirectUrl?: string | undefined;
  appUrl?: string | undefined;
  basePath: string;
}

export interface MagicLinkTarget {
  origin: string;
  basePath: string;
  /** Path, query and fragment on the app origin; null when none was asked for. */
  redirectPath: string | null;
}

const parse = (value: string, base?: string) => {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
};

export function resolveMagicLinkTarget(input: MagicLinkTargetInput, app: { appUrl: string; allowedOrigins: readonly string[] }): MagicLinkTarget {
  let origin = new URL(app.appUrl).origin;
  if (input.appUrl) {
    const given = parse(input.appUrl);
    if (!given || (given.protocol !== 'http:' && given.protocol !== 'https:') || given.username || given.password || !app.allowedOrigins.includes(given.origin)) {
      throw invalidInput('Invalid app URL format', [{ path: 'appUrl', message: 'Invalid app URL format' }]);
    }
    origin = given.origin;
  }
  if (!BASE_PATH_PATTERN.test(input.basePath)) throw invalidInput('Invalid base path', [{ path: 'basePath', message: 'Invalid base path' }]);

  let redirectPath: string | null = null;
  if (input.redirectUrl) {
    redirectPath = sameOriginPath(input.redirectUrl, origin);
    if (redirectPath === null) throw invalidInput('Invalid redirect URL format', [{ path: 'redirectUrl', message: 'Invalid redirect URL format' }]);
  }
  return { origin, basePath: input.basePath, redirectPath };
}

export function magicLinkUrl(target: MagicLinkTarget, token: string): string {
  const url = new URL(`${target.origin}${target.basePath}/auth/callback`);
  url.searchParams.set('token', token);
  if (target.redirectPath) url.searchParams.set('redirect', target.redirectPath);
  return url.toString();
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sign-in mail: an HTML and a text part, the link, its expiry, and what to do if you did not ask. */
export function magicLinkMail(link: string, ttlSeconds: number, product: string) {
  const minutes = Math.round(ttlSeconds / 60);
  const expiry = `This link expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and works once.`;
  const ignore = `If you did not ask to sign in, you can ignore this email: nobody can sign in without this link, and your account has not been changed.`;
  const subject = `Your sign-in link for ${product}`;
  const text = [`Sign in to ${product}`, '', 'Open this link to sign in:', link, '', expiry, '', ignore, ''].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2937;line-height:1.5">
<h1 style="font-size:20px">Sign in to ${escapeHtml(product)}</h1>
<p>Press the button to sign in. ${escapeHtml(expiry)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Sign in</a></p>
<p style="font-size:13px">Or paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(ignore)}</p>
</body></html>`;
  return { subject, text, html };
}
