/**
 * The one place where domain error kinds become transport codes (the error map of docs/architecture.md §3), and where any
 * thrown value becomes the error answer of docs/architecture.md §3: `renderError` gives its status,
 * headers (Retry-After, Allow) and envelope, and is what express' error handler, the lean GET lane
 * and tRPC (its error formatter and response headers) all write.
 */
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { z } from 'zod';
import { AppError, methodNotAllowed, type ErrorKind, type FieldError } from '../../domain/shared/errors';

export const ERROR_TRANSPORT: Record<ErrorKind, { trpc: TRPC_ERROR_CODE_KEY; http: number }> = {
  invalid_input: { trpc: 'BAD_REQUEST', http: 400 },
  unauthenticated: { trpc: 'UNAUTHORIZED', http: 401 },
  forbidden: { trpc: 'FORBIDDEN', http: 403 },
  not_found: { trpc: 'NOT_FOUND', http: 404 },
  conflict: { trpc: 'CONFLICT', http: 409 },
  rule_violation: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  payload_too_large: { trpc: 'PAYLOAD_TOO_LARGE', http: 413 },
  method_not_allowed: { trpc: 'METHOD_NOT_SUPPORTED', http: 405 },
  rate_limited: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  upstream_unavailable: { trpc: 'SERVICE_UNAVAILABLE', http: 503 },
  storage_full: { trpc: 'INTERNAL_SERVER_ERROR', http: 507 },
  internal: { trpc: 'INTERNAL_SERVER_ERROR', http: 500 },
};

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export function fromZodError(error: z.ZodError): AppError {
  const errors: FieldError[] = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return new AppError('invalid_input', 'VALIDATION_ERROR', errors[0]?.message ?? 'Invalid input', { errors });
}

/** Errors thrown by express' body parser carry a `type` and a `status`. */
function fromBodyParserError(error: { type?: string; status?: number }): AppError | undefined {
  if (error.type === 'entity.too.large') return new AppError('payload_too_large', 'PAYLOAD_TOO_LARGE', 'The request body is too large');
  if (error.type === 'entity.parse.failed') return new AppError('invalid_input', 'INVALID_JSON', 'The request body is not valid JSON', { errors: [] });
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500 && error.type)
    return new AppError('invalid_input', 'BAD_REQUEST', 'The request could not be read', { errors: [] });
  return undefined;
}

/**
 * What tRPC itself refuses before any procedure runs (an unknown procedure, a wrong method, input
 * that is not JSON): the same kinds and codes as the REST side, never INTERNAL_ERROR.
 */
function fromTrpcError(error: TRPCError): AppError | undefined {
  switch (error.code) {
    case 'NOT_FOUND':
      return new AppError('not_found', 'NOT_FOUND', error.message, { cause: error });
    case 'METHOD_NOT_SUPPORTED': {
      // `Unsupported GET-request to mutation procedure at path "auth.logout"`
      const m = /^Unsupported (\w+)-request to (\w+) procedure at path "([^"]*)"/.exec(error.message);
      const allow = m?.[2] === 'query' ? ['GET'] : ['POST'];
      return methodNotAllowed(m?.[1] ?? 'This method', `/trpc/${m?.[3] ?? ''}`, allow);
    }
    case 'PARSE_ERROR':
      return new AppError('invalid_input', 'INVALID_JSON', 'The request input is not valid JSON', { errors: [], cause: error });
    case 'BAD_REQUEST':
      if (error.cause instanceof SyntaxError) return new AppError('invalid_input', 'INVALID_JSON', 'The request input is not valid JSON', { errors: [], cause: error });
      return new AppError('invalid_input', 'BAD_REQUEST', error.message, { errors: [], cause: error });
    case 'PAYLOAD_TOO_LARGE':
      return new AppError('payload_too_large', 'PAYLOAD_TOO_LARGE', 'The request body is too large', { cause: error });
    default:
      return undefined;
  }
}

/**
 * SQLSTATEs of text the database cannot store: 22021 character_not_in_repertoire (a NUL or a byte
 * sequence invalid in UTF-8) and 22P05 untranslatable_character (`\u0000` inside jsonb). The
 * schemas refuse control characters first (domain/shared/text.ts); a value that still reaches the
 * database this way (free-form JSON) is the caller's input, so it answers 400, never 500.
 */
const UNSTORABLE_TEXT_STATES = new Set(['22021', '22P05']);
export const UNSTORABLE_TEXT_MESSAGE = 'The request contains characters that cannot be stored (such as a NUL byte)';

function fromDatabaseError(error: { code?: unknown }): AppError | undefined {
  if (typeof error.code === 'string' && UNSTORABLE_TEXT_STATES.has(error.code))
    return new AppError('invalid_input', 'UNSTORABLE_TEXT', UNSTORABLE_TEXT_MESSAGE, { errors: [] });
  return undefined;
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return fromZodError(error);
  if (error && typeof error === 'object') {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof AppError || cause instanceof z.ZodError) return toAppError(cause);
    if (error instanceof TRPCError) {
      const mapped = fromTrpcError(error);
      if (mapped) return mapped;
    }
    const parsed = fromBodyParserError(error as { type?: string; status?: number }) ?? fromDatabaseError(error as { code?: unknown });
    if (parsed) return parsed;
    if (cause && typeof cause === 'object') {
      const fromCause = fromDatabaseError(cause as { code?: unknown });
      if (fromCause) return fromCause;
    }
  }
  return new AppError('internal', 'INTERNAL_ERROR', INTERNAL_MESSAGE, { cause: error });
}

/** The TRPCError a procedure answers for a domain error: its code from the one table, the AppError as cause. */
export const toTrpcError = (error: AppError) => new TRPCError({ code: ERROR_TRANSPORT[error.kind].trpc, message: error.message, cause: error });

export interface ErrorEnvelope {
  success: false;
  code: string;
  message: string;
  errors: FieldError[];
  requestId?: string;
  [extra: string]: unknown;
}

/** The REST error envelope; 5xx never carries the original message, a stack or SQL. */
export function errorEnvelope(error: AppError, requestId?: string): { status: number; body: ErrorEnvelope } {
  const status = ERROR_TRANSPORT[error.kind].http;
  const hidden = error.kind === 'internal';
  const body: ErrorEnvelope = {
    ...(error.details ?? {}),
    success: false,
    code: error.code,
    message: hidden ? INTERNAL_MESSAGE : error.message,
    errors: error.errors ?? [],
  };
  if (requestId) body.requestId = requestId;
  return { status, body };
}

export type Header = [name: string, value: string];

export interface RenderedError {
  error: AppError;
  status: number;
  /** Retry-After (429, 503 and any error that says when to come back), Allow (405). */
  headers: Header[];
  body: ErrorEnvelope;
}

/**
 * Any thrown value as the answer every face of the API writes: REST through express, the lean GET
 * lane, and tRPC (whose body wraps the same message, code and field errors). Log it when `status`
 * is 5xx, with `error.cause`.
 */
export function renderError(thrown: unknown, requestId?: string): RenderedError {
  const error = toAppError(thrown);
  const { status, body } = errorEnvelope(error, requestId);
  const headers: Header[] = [];
  if (error.retryAfterSeconds !== undefined) headers.push(['Retry-After', String(error.retryAfterSeconds)]);
  const allow = error.details?.allow;
  if (error.kind === 'method_not_allowed' && Array.isArray(allow)) headers.push(['Allow', allow.join(', ')]);
  return { error, status, headers, body };
}
