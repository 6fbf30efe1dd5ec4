/**
 * The one rule for every redirect a caller may name (a magic link's `redirectUrl`, social
 * sign-in's `redirect`, the client's `redirect` parameter and remembered destinations): the value
 * is resolved against the app's origin with the URL parser, and only a path on that origin
 * survives. The parser's answer is what is checked, not the text: `/.//evil.test/x` and
 * `http://app//evil.test` both resolve to a path beginning `//`, which a browser would read as
 * another host (protocol-relative), so such a path is refused like any other origin.
 */
export const REDIRECT_MAX_LENGTH = 2048;

/** C0 controls, DEL and backslashes: the URL parser drops or rewrites them, so they never reach it. */
const UNSAFE_CHARACTER = /[\\\u0000-\u001f\u007f]/;

/** `//host` or `/\host`: a path a browser reads as another origin. */
const leavesOrigin = (path: string) => path.startsWith('//') || path.startsWith('/\\');

/**
 * The path (with query and fragment) of `raw` resolved on `origin`, or null when `raw` is empty,
 * too long, not a URL, on another origin or scheme, or resolves to a path another origin could
 * be read from. `origin` is an origin such as `https://learn.example.org`.
 */
export function sameOriginPath(raw: string | null | undefined, origin: string): string | null {
  if (typeof raw !== 'string' || raw === '' || raw.length > REDIRECT_MAX_LENGTH || UNSAFE_CHARACTER.test(raw)) return null;
  let target: URL;
  try {
    target = new URL(raw, origin);
  } catch {
    return null;
  }
  if (target.origin !== origin || (target.protocol !== 'http:' && target.protocol !== 'https:')) return null;
  const path = `${target.pathname}${target.search}${target.hash}`;
  return leavesOrigin(path) ? null : path;
}
