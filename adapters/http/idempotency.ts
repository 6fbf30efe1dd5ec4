/**
 * Idempotency-Key (ARCHITECTURE.md §3): a non-GET request that carries a key gets its first
 * answer replayed for 24 hours, so a retried request never acts twice. The key is scoped to the
 * caller's credentials and the route; the same key with a different body is refused. Answers
 * that carry fresh credentials (Set-Cookie, tokens) are never stored: a retry runs again.
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../../domain/shared/errors';
import type { KeyValueStore } from '../../application/ports/key-value-store';

const TTL_SECONDS = 24 * 60 * 60;
const PENDING_TTL_SECONDS = 60;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface StoredAnswer {
  state: 'pending' | 'done';
  fingerprint: string;
  status?: number;
  body?: unknown;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

function callerScope(req: Request): string {
  const credential = req.get('authorization') ?? Object.entries((req.cookies as Record<string, string>) ?? {}).filter(([k]) => k.startsWith('olp_')).map(([k, v]) => `${k}=${v}`).join(';');
  return sha256(credential || `anon:${req.ip ?? ''}`).slice(0, 22);
}

export function idempotency(kv: KeyValueStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.get('idempotency-key');
    if (!key || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    if (!KEY_PATTERN.test(key)) {
      return next(new AppError('invalid_input', 'INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 1 to 255 visible ASCII characters', { errors: [] }));
    }
    const storeKey = `idem:${sha256(`${req.method} ${req.path}`).slice(0, 16)}:${callerScope(req)}:${sha256(key)}`;
    const fingerprint = sha256(JSON.stringify(req.body ?? null));
    try {
      const claimed = await kv.set(storeKey, { state: 'pending', fingerprint } satisfies StoredAnswer, { ttlSeconds: PENDING_TTL_SECONDS, onlyIfAbsent: true });
      if (!claimed) {
        const previous = await kv.get<StoredAnswer>(storeKey);
        if (previous && previous.fingerprint !== fingerprint) {
          return next(new AppError('rule_violation', 'IDEMPOTENCY_KEY_MISMATCH', 'This Idempotency-Key was already used with a different request'));
        }
        if (previous?.state === 'done') {
          res.setHeader('Idempotent-Replayed', 'true');
          return res.status(previous.status ?? 200).json(previous.body);
        }
        if (previous) {
          return next(new AppError('conflict', 'IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still in progress'));
        }
        // The pending claim expired between the two calls: run the request.
      }
    } catch (error) {
      return next(error);
    }

    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const replayable = res.statusCode < 500 && !res.locals.notReplayable && !res.getHeader('set-cookie');
      const settle = replayable
        ? kv.set(storeKey, { state: 'done', fingerprint, status: res.statusCode, body } satisfies StoredAnswer, { ttlSeconds: TTL_SECONDS })
        : kv.remove(storeKey);
      settle.catch(() => undefined).finally(() => json(body));
      return res;
    };
    next();
  };
}
