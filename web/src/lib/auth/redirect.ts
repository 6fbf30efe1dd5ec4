import { trimTrailing } from '../../../../domain/shared/strings';
import { sameOriginPath } from '../../../../domain/shared/redirect';

/**
 * Redirect targets on the client: only a same-origin path survives; anything else ends on `/`.
 * (Spec 000 §4: the option, else the `redirect` query parameter, else `/`.) The rule is the
 * server's (`sameOriginPath`: resolved on this origin, never a path starting `//` or `/\`); the
 * client also takes only a path (a value starting with `/`), after undoing up to three layers of
 * percent-encoding of `/` and `\`.
 */
export function safeRedirect(candidate: string | null | undefined, origin: string): string {
  if (!candidate) return '/';
  let value = candidate.trim();
  // A doubly encoded `//evil.test` must not turn into a protocol-relative URL after decoding.
  for (let i = 0; i < 3 && /%2f|%5c/i.test(value); i++) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return '/';
    }
  }
  if (!value.startsWith('/')) return '/';
  return sameOriginPath(value, origin) ?? '/';
}

/** The destination named on the callback's success screen (spec 000 §4). */
export function destinationLabel(path: string): string {
  if (/\/(dashboard\/)?entry\//.test(path)) return 'your contest entry';
  if (path === '/' || path.startsWith('/dashboard')) return 'your dashboard';
  return 'your content';
}

/**
 * Spec 000 §7: relative redirect URLs are made absolute with the current origin before they are sent
 * (the server resolves them against the app origin and refuses any other). Unsafe values give null:
 * nothing is sent and the link falls back to the default destination.
 */
export function absoluteRedirectUrl(candidate: string | null | undefined, origin: string): string | null {
  if (!candidate) return null;
  const path = safeRedirect(candidate, origin);
  if (path === '/' && candidate.trim() !== '/') return null;
  return new URL(path, origin).href;
}

/** `basePath` of the runtime configuration as a prefix of paths: '' for the root, else `/segment`. */
export function basePathPrefix(basePath: string): string {
  const trimmed = trimTrailing(basePath.trim(), '/');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** /login or /register, keeping the page the visitor is heading for (a safe path; `/` is the default and left out). */
export function authPagePath(path: '/login' | '/register', target: string): string {
  return target === '/' ? path : `${path}?redirect=${encodeURIComponent(target)}`;
}
