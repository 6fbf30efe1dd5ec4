/**
 * The JSON a request may carry, before anything parses it (docs/architecture.md §3, "Free-form
 * JSON"): bodies over BODY_LIMIT are 413 (express.json), and a body or a tRPC GET input nested
 * deeper than MAX_BODY_DEPTH is 400, found by a linear scan of the raw text. The field-level caps
 * (16 levels, 64 KB: domain/shared/json.ts) are the schemas'; this outer one keeps a document of
 * 100,000 levels from reaching JSON.parse, a recursive walk or PostgreSQL.
 */
import type { IncomingMessage } from 'node:http';
import { AppError } from '../../domain/shared/errors';
import { jsonTextDepth, MAX_JSON_DEPTH } from '../../domain/shared/json';

/** A free-form field's own 16 levels, inside a body's own structure. */
export const MAX_BODY_DEPTH = 2 * MAX_JSON_DEPTH;

export const bodyTooDeep = () =>
  new AppError('invalid_input', 'JSON_TOO_DEEP', `The request's JSON is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`, { errors: [] });

/** express.json's `verify`: runs on the raw body before JSON.parse; a throw refuses the request. */
export function refuseDeepBodies(_req: IncomingMessage, _res: unknown, body: Buffer): void {
  if (jsonTextDepth(body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) throw bodyTooDeep();
}
