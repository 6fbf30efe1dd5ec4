import type { Request, Response } from 'express';

export interface CookieOptions {
  maxAgeSeconds?: number;
  path?: string;
  httpOnly?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
}

/** The slice of the HTTP exchange an operation may touch, identical under REST and tRPC. */
export interface HttpExchange {
  header(name: string): string | undefined;
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string, options?: CookieOptions): void;
  clearCookie(name: string, options?: Pick<CookieOptions, 'path'>): void;
  setHeader(name: string, value: string): void;
  /** Marks the answer as carrying fresh credentials: it is never stored for Idempotency-Key replay. */
  markNotReplayable(): void;
  /** Whether the answer so far may be stored for replay: no fresh credentials, no Set-Cookie. */
  replayable(): boolean;
}

export function expressExchange(req: Request, res: Response, secureCookies: boolean): HttpExchange {
  return {
    header: (name) => req.get(name) ?? undefined,
    cookie: (name) => (req.cookies as Record<string, string> | undefined)?.[name],
    setCookie: (name, value, options = {}) => {
      res.cookie(name, value, {
        httpOnly: options.httpOnly ?? true,
        sameSite: options.sameSite ?? 'lax',
        secure: secureCookies,
        path: options.path ?? '/',
        ...(options.maxAgeSeconds === undefined ? {} : { maxAge: options.maxAgeSeconds * 1000 }),
      });
    },
    clearCookie: (name, options = {}) => {
      res.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: options.path ?? '/' });
    },
    setHeader: (name, value) => {
      res.setHeader(name, value);
    },
    markNotReplayable: () => {
      res.locals.notReplayable = true;
    },
    replayable: () => !res.locals.notReplayable && !res.getHeader('set-cookie'),
  };
}
