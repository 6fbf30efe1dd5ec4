/** The message shown when a failure carries no server message (spec 000 §8, 002 §8). */
export const FALLBACK_ERROR_MESSAGE = 'An error occurred';

export interface ApiErrorInit {
  /** HTTP status; 0 when no response arrived (network failure or timeout). */
  status: number;
  /** The server's stable code (`VALIDATION_ERROR`, `TOKEN_ALREADY_USED`, ...) or a client code: NETWORK_ERROR, TIMEOUT, INVALID_RESPONSE, HTTP_<status>. */
  code: string;
  /** The parsed response body (the REST envelope), or its text when it was not JSON. */
  body: unknown;
  message: string;
  cause?: unknown;
}

/** A failed API call: a non-2xx status, a body with `success: false`, a network failure or a timeout. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The error for a response that failed: the body's message preferred, then its `error` text, then the fallback. */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  return new ApiError({
    status,
    code: field(body, 'code') ?? `HTTP_${status}`,
    body,
    message: field(body, 'message') ?? field(body, 'error') ?? FALLBACK_ERROR_MESSAGE,
  });
}
