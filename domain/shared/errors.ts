/**
 * The one error type of the product. A use case throws an AppError with a kind (what sort of
 * failure it is, which decides the transport status in exactly one table in adapters/http) and a
 * stable code that clients and tests can rely on.
 */
export type ErrorKind =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rule_violation'
  | 'payload_too_large'
  | 'method_not_allowed'
  | 'rate_limited'
  | 'upstream_unavailable'
  | 'storage_full'
  | 'internal';

export interface FieldError {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  /** Field-level messages, for invalid_input. */
  errors?: FieldError[];
  /** For rate_limited and upstream_unavailable: seconds until another attempt may succeed (sent as Retry-After). */
  retryAfterSeconds?: number;
  /** Extra top-level fields of the error envelope (for example `reason`). Never secrets. */
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly errors: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: ErrorKind, code: string, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.code = code;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

export const invalidInput = (message: string, errors?: FieldError[], code = 'VALIDATION_ERROR') =>
  new AppError('invalid_input', code, message, { errors: errors ?? [] });

export const unauthenticated = (message = 'Not authenticated', code = 'UNAUTHENTICATED') =>
  new AppError('unauthenticated', code, message);

export const forbidden = (message = 'You do not have permission to do this', code = 'FORBIDDEN') =>
  new AppError('forbidden', code, message);

export const notFound = (what: string, id?: string | number, code = 'NOT_FOUND') =>
  new AppError('not_found', code, id === undefined ? `${what} not found` : `${what} ${id} not found`);

export const conflict = (message: string, code = 'CONFLICT', details?: Record<string, unknown>) =>
  new AppError('conflict', code, message, details ? { details } : {});

export const ruleViolation = (message: string, code = 'RULE_VIOLATION') =>
  new AppError('rule_violation', code, message);

export const rateLimited = (message: string, retryAfterSeconds: number, code = 'RATE_LIMITED') =>
  new AppError('rate_limited', code, message, { retryAfterSeconds });

export const upstreamUnavailable = (message: string, code = 'UPSTREAM_UNAVAILABLE', cause?: unknown) =>
  new AppError('upstream_unavailable', code, message, { cause });

/** The resource exists but not for this method; `allow` lists the methods it answers (sent as Allow). */
export const methodNotAllowed = (method: string, path: string, allow: readonly string[]) =>
  new AppError('method_not_allowed', 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; use ${allow.join(' or ')}`, { details: { allow: [...allow] } });
