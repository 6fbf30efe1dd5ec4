/**
 * Cross-site request refusal for cookie-authenticated writes: Fetch Metadata (`Sec-Fetch-Site`)
 * first, the `Origin` header as the fallback for browsers that do not send it. Requests with a
 * bearer token carry no ambient credentials and are not subject to it. GET never changes state.
 */
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../../domain/shared/errors';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../domain/auth/session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_MESSAGE = 'Cross-site request refused';

export function csrfProtection(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const cookies = (req.cookies as Record<string, string> | undefined) ?? {};
    const usesCookies = ACCESS_COOKIE in cookies || REFRESH_COOKIE in cookies;
    if (!usesCookies || req.get('authorization')) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    if (site === 'same-origin' || site === 'none') return next();
    if (origin !== undefined) {
      if (allowed.has(origin)) return next();
      return next(new AppError('forbidden', 'CSRF_REJECTED', CSRF_MESSAGE));
    }
    // A browser that says the request is cross-site without an Origin we can allow: refuse.
    if (site === 'cross-site' || site === 'same-site') return next(new AppError('forbidden', 'CSRF_REJECTED', CSRF_MESSAGE));
    // No Fetch Metadata and no Origin: not a browser's cross-site form or fetch (they send one of them).
    next();
  };
}
