/**
 * How credentials travel (docs/architecture.md §3): httpOnly cookies for the browser; for a client that
 * sends `X-Auth-Transport: bearer`, tokens in the body (`accessToken`, `data.refreshToken`) and no cookies.
 */
import { z } from 'zod';
import { ACCESS_COOKIE, ACCESS_TOKEN_TTL_SECONDS, REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from '../../domain/auth/session';
import type { IssuedTokens } from '../../application/auth/sessions';
import type { HttpExchange } from './exchange';

export const wantsBearer = (http: HttpExchange) => http.header('x-auth-transport')?.toLowerCase() === 'bearer';

export function accessTokenOf(http: HttpExchange): string | undefined {
  const header = http.header('authorization');
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m?.[1];
  }
  return http.cookie(ACCESS_COOKIE);
}

export function refreshTokenOf(http: HttpExchange, bodyToken: string | undefined): string | undefined {
  return bodyToken ?? http.cookie(REFRESH_COOKIE);
}

/** Hands the tokens to the client; answers the body fields for bearer clients. */
export function deliverTokens(http: HttpExchange, tokens: IssuedTokens): { accessToken?: string; expiresIn?: number; data?: { refreshToken: string } } {
  http.markNotReplayable();
  if (wantsBearer(http)) return { accessToken: tokens.accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, data: { refreshToken: tokens.refreshToken } };
  http.setCookie(ACCESS_COOKIE, tokens.accessToken, { maxAgeSeconds: ACCESS_TOKEN_TTL_SECONDS });
  http.setCookie(REFRESH_COOKIE, tokens.refreshToken, { maxAgeSeconds: REFRESH_TOKEN_TTL_SECONDS });
  return {};
}

export function clearTokens(http: HttpExchange) {
  http.clearCookie(ACCESS_COOKIE);
  http.clearCookie(REFRESH_COOKIE);
}

/** The token fields of a sign-in answer (present only for bearer clients), shared by every sign-in operation. */
export const tokenFields = {
  accessToken: z.string().optional().describe('Only with X-Auth-Transport: bearer'),
  expiresIn: z.number().int().optional().describe('Seconds the access token lives (bearer transport)'),
  data: z.object({ refreshToken: z.string() }).optional().describe('Only with X-Auth-Transport: bearer'),
};
