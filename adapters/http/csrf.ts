/**
 * Cross-site request refusal for every unsafe request under /api and /trpc, with or without
 * cookies: a sign-in (verify, login, register) sets cookies, so a cross-site form that signs the
 * victim in as the attacker (login CSRF) carries none yet, and `SameSite=Lax` keeps any existing
 * ones off. Fetch Metadata (`Sec-Fetch-Site`) decides first, the `Origin` header is the fallback
 * for browsers that do not send it. A request with neither header is not a browser's cross-site
 * form or fetch (browsers send one of them on every unsafe request): servers, curl and bearer
 * clients pass. GET never changes state.
 */
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../../domain/shared/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_MESSAGE = 'Cross-site request refused';
export const JSON_ONLY_MESSAGE = 'The request body must be JSON (Content-Type: application/json)';

const refused = () => new AppError('forbidden', 'CSRF_REJECTED', CSRF_MESSAGE);

export function csrfProtection(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    if (site === 'same-origin' || site === 'none') return next();
    // same-site (a sibling subdomain) and cross-site pass only from an allow-listed origin; an
    // opaque `Origin: null` (sandboxed frames, some redirects) never matches.
    if (site !== undefined && site !== '') return next(origin !== undefined && allowed.has(origin) ? undefined : refused());
    if (origin !== undefined) return next(allowed.has(origin) ? undefined : refused());
    next();
  };
}

const hasBody = (req: Request) => req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0;

/**
 * The API reads JSON bodies only: no client sends forms, and a form body is what a cross-site
 * `<form>` can send without a preflight. Refusing it keeps one encoding to validate, and a form
 * that reaches an operation gets a clear answer instead of its fields being silently ignored.
 */
export function jsonBodiesOnly() {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || !hasBody(req) || req.is('application/json')) return next();
    next(new AppError('invalid_input', 'UNSUPPORTED_CONTENT_TYPE', JSON_ONLY_MESSAGE, { errors: [] }));
  };
}
