/**
 * Idempotency-Key (docs/architecture.md §3): a non-GET request that carries a key gets its first
 * answer replayed for 24 hours, so a retried request never acts twice. The key is scoped to the
 * caller's credentials and the operation; the same key with a different body is refused. Answers
 * that carry fresh credentials (Set-Cookie, tokens) are never stored: a retry runs again.
 *
 * One core (`claim` / `settle`) serves both faces: the express middleware on /api, and the tRPC
 * mutations on /trpc (the tRPC client sends the same header through the same retrying fetch). A
 * tRPC batch carries one key for all of its calls, so there the key is scoped to the call's place
 * in the batch as well: two calls of one mutation in a batch are two attempts, and a retry of the
 * batch (the same calls in the same order) replays each.
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../../domain/shared/errors';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../domain/auth/session';
import type { KeyValueStore } from '../../application/ports/key-value-store';
import type { HttpExchange } from './exchange';

const TTL_SECONDS = 24 * 60 * 60;
const PENDING_TTL_SECONDS = 60;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface StoredAnswer {
  state: 'pending' | 'done';
  fingerprint: string;
  status?: number;
  body?: unknown;
}

interface Attempt {
  storeKey: string;
  fingerprint: string;
}

type Claim = { kind: 'run' } | { kind: 'replay'; status: number; body: unknown };

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Who is asking: the bearer token or the session cookies, else the client address. */
function callerScope(http: Pick<HttpExchange, 'header' | 'cookie'>, ip: string): string {
  const credential = http.header('authorization') ?? [ACCESS_COOKIE, REFRESH_COOKIE].map((name) => `${name}=${http.cookie(name) ?? ''}`).join(';');
  const anonymous = !http.header('authorization') && !http.cookie(ACCESS_COOKIE) && !http.cookie(REFRESH_COOKIE);
  return sha256(anonymous ? `anon:${ip}` : credential).slice(0, 22);
}

/** The attempt a request makes, or null when it carries no key. An ill-formed key is refused. */
function attemptOf(http: Pick<HttpExchange, 'header' | 'cookie'>, ip: string, operation: string, body: unknown): Attempt | null {
  const key = http.header('idempotency-key');
  if (!key) return null;
  if (!KEY_PATTERN.test(key)) throw new AppError('invalid_input', 'INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 1 to 255 visible ASCII characters', { errors: [] });
  return { storeKey: `idem:${sha256(operation).slice(0, 16)}:${callerScope(http, ip)}:${sha256(key)}`, fingerprint: sha256(JSON.stringify(body ?? null)) };
}

/** Claims the key for this attempt: run it, or replay the stored answer; a mismatch or a run under way is refused. */
async function claim(kv: KeyValueStore, attempt: Attempt): Promise<Claim> {
  const claimed = await kv.set(attempt.storeKey, { state: 'pending', fingerprint: attempt.fingerprint } satisfies StoredAnswer, { ttlSeconds: PENDING_TTL_SECONDS, onlyIfAbsent: true });
  if (claimed) return { kind: 'run' };
  const previous = await kv.get<StoredAnswer>(attempt.storeKey);
  if (previous && previous.fingerprint !== attempt.fingerprint) {
    throw new AppError('rule_violation', 'IDEMPOTENCY_KEY_MISMATCH', 'This Idempotency-Key was already used with a different request');
  }
  if (previous?.state === 'done') return { kind: 'replay', status: previous.status ?? 200, body: previous.body };
  if (previous) throw new AppError('conflict', 'IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still in progress');
  // The pending claim expired between the two calls: run the request.
  return { kind: 'run' };
}

/** Stores the answer for replay, or (null: not replayable) frees the key so a retry runs again. */
async function settle(kv: KeyValueStore, attempt: Attempt, answer: { status: number; body: unknown } | null): Promise<void> {
  if (answer) await kv.set(attempt.storeKey, { state: 'done', fingerprint: attempt.fingerprint, status: answer.status, body: answer.body } satisfies StoredAnswer, { ttlSeconds: TTL_SECONDS });
  else await kv.remove(attempt.storeKey);
}

const requestExchange = (req: Request): Pick<HttpExchange, 'header' | 'cookie'> => ({
  header: (name) => req.get(name) ?? undefined,
  cookie: (name) => (req.cookies as Record<string, string> | undefined)?.[name],
});

/** The express middleware for the REST routes: 4xx answers are replayed too; 5xx never. */
export function idempotency(kv: KeyValueStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    let attempt: Attempt | null;
    try {
      attempt = attemptOf(requestExchange(req), req.ip ?? '', `${req.method} ${req.path}`, req.body);
      if (!attempt) return next();
      const claimed = await claim(kv, attempt);
      if (claimed.kind === 'replay') {
        res.setHeader('Idempotent-Replayed', 'true');
        return res.status(claimed.status).json(claimed.body);
      }
    } catch (error) {
      return next(error);
    }

    const held = attempt;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const replayable = res.statusCode < 500 && !res.locals.notReplayable && !res.getHeader('set-cookie');
      settle(kv, held, replayable ? { status: res.statusCode, body } : null)
        .catch(() => undefined)
        .finally(() => json(body));
      return res;
    };
    next();
  };
}

/**
 * The same for a tRPC mutation: a successful output is stored and replayed (with the
 * `Idempotent-Replayed` header); a failure frees the key, so a retry runs again. `call` is the
 * procedure's path and its index in the batch (0 outside a batch).
 */
export async function idempotentMutation<T>(
  kv: KeyValueStore,
  ctx: { http: HttpExchange; ip: string },
  call: { procedure: string; batchIndex: number },
  input: unknown,
  run: () => Promise<T>,
): Promise<T> {
  const attempt = attemptOf(ctx.http, ctx.ip, `trpc ${call.procedure}#${call.batchIndex}`, input);
  if (!attempt) return run();
  const claimed = await claim(kv, attempt);
  if (claimed.kind === 'replay') {
    ctx.http.setHeader('Idempotent-Replayed', 'true');
    return claimed.body as T;
  }
  let output: T;
  try {
    output = await run();
  } catch (error) {
    await settle(kv, attempt, null).catch(() => undefined);
    throw error;
  }
  await settle(kv, attempt, ctx.http.replayable() ? { status: 200, body: output } : null).catch(() => undefined);
  return output;
}
