/**
 * The one place requests are retried (spec 000 §9, 002 §9): each attempt has a 10 s budget; network
 * errors and 5xx answers are retried up to 3 times after 1 s; nothing else is (never a 401, a 4xx or
 * a timeout). Every non-GET request carries one Idempotency-Key, reused by all of its attempts, so the
 * server replays its first answer instead of acting twice. The query layer adds no retries of its own.
 */
import { ApiError, FALLBACK_ERROR_MESSAGE } from './api-error';
import { newIdempotencyKey } from './idempotency-key';

export const REQUEST_TIMEOUT_MS = 10_000;
export const MAX_RETRIES = 3;
export const RETRY_DELAY_MS = 1_000;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface TransportOptions {
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

class AttemptTimedOut extends Error {}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One attempt, its body read in full inside the time budget, so a stalled body also times out and a
 * retried 5xx leaves no open stream behind.
 */
async function attempt(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const outer = init.signal;
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) forwardAbort();
  outer?.addEventListener('abort', forwardAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new AttemptTimedOut()), timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } catch (error) {
    if (controller.signal.reason instanceof AttemptTimedOut && !outer?.aborted) {
      throw new ApiError({ status: 0, code: 'TIMEOUT', body: undefined, message: FALLBACK_ERROR_MESSAGE, cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

/** `fetch` with credentials, the time budget, the retry rule and the Idempotency-Key. Used by apiFetch and the tRPC link. */
export async function sendWithRetry(url: string, init: RequestInit = {}, options: TransportOptions = {}): Promise<Response> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const retries = options.retries ?? MAX_RETRIES;
  const retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS;
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  if (!SAFE_METHODS.has(method) && !headers.has(IDEMPOTENCY_HEADER)) headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey());
  const request: RequestInit = { credentials: 'include', ...init, method, headers };

  for (let attemptNumber = 0; ; attemptNumber += 1) {
    const canRetry = attemptNumber < retries;
    try {
      const response = await attempt(url, request, timeoutMs);
      if (response.status >= 500 && canRetry) {
        await wait(retryDelayMs, init.signal ?? undefined);
        continue;
      }
      return response;
    } catch (error) {
      if (error instanceof ApiError || init.signal?.aborted) throw error;
      // What is left is fetch's own rejection: the network failed before any response arrived.
      if (canRetry) {
        await wait(retryDelayMs, init.signal ?? undefined);
        continue;
      }
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', body: undefined, message: FALLBACK_ERROR_MESSAGE, cause: error });
    }
  }
}

/** The transport with the signature of `fetch`, for clients that take a fetch function (the tRPC link). */
export function retryingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return sendWithRetry(url, init);
}
