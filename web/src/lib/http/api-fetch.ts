/**
 * The spec's generic fetch helper (spec 000 §7, 001 §7, 002 §7-9): paths are relative to the API
 * gateway URL configured at runtime; credentials are sent; JSON is parsed; a non-2xx status or a
 * body whose `success` is false becomes an ApiError carrying status, code and body, the body's
 * message preferred.
 */
import { trimTrailing } from '../../../../domain/shared/strings';
import { safeParse, type core } from 'zod/mini';
import { ApiError, apiErrorFromResponse } from './api-error';
import { sendWithRetry, type TransportOptions } from './transport';

export const UNCONFIGURED_MESSAGE = 'API Gateway URL not configured. Call configureApiGatewayUrl first.';
export const INVALID_RESPONSE_MESSAGE = 'Invalid API response format';

let apiGatewayUrl: string | null = null;

/** Sets the base of every API path. An empty string means the origin that served the client. */
export function configureApiGatewayUrl(url: string): void {
  apiGatewayUrl = trimTrailing(url, '/');
}

/** The configured base, or the spec's error when the app has not configured it yet. */
export function requireApiGatewayUrl(): string {
  if (apiGatewayUrl === null) throw new Error(UNCONFIGURED_MESSAGE);
  return apiGatewayUrl;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiFetchOptions<T = unknown> extends TransportOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** A body sent as is (FormData for uploads). */
  body?: BodyInit;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Validates the successful body (a classic or a mini zod schema); a mismatch is 'Invalid API response format'. */
  schema?: core.$ZodType<T>;
  /** Overrides the configured gateway (the boot call for /api/config, which always lives beside the client). */
  baseUrl?: string;
}

function urlFor(base: string, path: string, query: Record<string, QueryValue> | undefined): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

async function readBody(response: Response): Promise<{ body: unknown; json: boolean }> {
  const text = await response.text();
  if (text.trim() === '') return { body: undefined, json: true };
  try {
    return { body: JSON.parse(text) as unknown, json: true };
  } catch {
    return { body: text, json: false };
  }
}

function invalidResponse(status: number, body: unknown, cause?: unknown): ApiError {
  return new ApiError({ status, code: 'INVALID_RESPONSE', body, message: INVALID_RESPONSE_MESSAGE, cause });
}

export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const base = options.baseUrl ?? requireApiGatewayUrl();
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (body !== undefined) init.body = body;
  if (options.signal) init.signal = options.signal;

  const response = await sendWithRetry(urlFor(base, path, options.query), init, options);
  const { body: parsed, json } = await readBody(response);
  const envelopeFailed = typeof parsed === 'object' && parsed !== null && (parsed as { success?: unknown }).success === false;
  if (!response.ok || envelopeFailed) throw apiErrorFromResponse(response.status, parsed);
  if (!json) throw invalidResponse(response.status, parsed);
  if (!options.schema) return parsed as T;
  const result = safeParse(options.schema, parsed);
  if (!result.success) throw invalidResponse(response.status, parsed, result.error);
  return result.data;
}
