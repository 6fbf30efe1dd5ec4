/**
 * HTTP compression of API answers: brotli or gzip (deflate for the rare client asking only for
 * it) by Accept-Encoding, from 1 KB up; smaller answers cost more to compress than they save.
 * Express' answers go through the `compression` middleware; the lean GET lane (lean-get.ts)
 * compresses the same answers the same way itself (tests/api/lean-get.test.ts holds them equal).
 *
 * Never compressed: sign-in answers (/api/auth, tRPC `auth.*`) and any answer that sets a cookie.
 * They carry tokens and session cookies next to what the caller sent, the shape BREACH reads a
 * secret from by watching compressed sizes; they are small anyway.
 */
import { constants, brotliCompress, brotliCompressSync, deflate, deflateSync, gzip, gzipSync, type InputType } from 'node:zlib';
import compression from 'compression';
import type { Request, Response } from 'express';

export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * Brotli at quality 1: on a 10 KB list page it takes about half the time of quality 4 (the
 * middleware's default) for an answer ~2% larger, and it runs on every list request. gzip at its
 * default level. Both paths use these.
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = constants.Z_DEFAULT_COMPRESSION;
/** Up to this size the lean lane compresses on the event loop (well under a millisecond); beyond it, on libuv's pool. */
const SYNC_LIMIT_BYTES = 64 * 1024;

export type Encoding = 'br' | 'gzip' | 'deflate' | 'identity';

/** Paths whose answers are never compressed (see above). */
export function compressionExcluded(path: string): boolean {
  const lower = path.toLowerCase();
  return lower.startsWith('/api/auth/') || (lower.startsWith('/trpc/') && lower.includes('auth.'));
}

const setsCookie = (res: Response) => res.getHeader('Set-Cookie') !== undefined;

/** The middleware for express' answers. */
export function apiCompression() {
  return compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    level: GZIP_LEVEL,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    filter: (req: Request, res: Response) => !compressionExcluded(req.path) && !setsCookie(res) && compression.filter(req, res),
  });
}

/**
 * The encoding `compression` would choose for this Accept-Encoding, for the headers browsers and
 * HTTP clients send: a plain list of codings without weights, where it prefers br, then gzip, then
 * deflate. Anything else (weights, `*`, `identity`) answers undefined: express negotiates it.
 */
export function simpleEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return 'identity';
  let br = false;
  let gzip = false;
  let deflate = false;
  for (const raw of acceptEncoding.split(',')) {
    const token = raw.trim().toLowerCase();
    if (token === '') continue;
    if (!/^[a-z0-9-]+$/.test(token) || token === 'identity') return undefined;
    if (token === 'br') br = true;
    else if (token === 'gzip') gzip = true;
    else if (token === 'deflate') deflate = true;
  }
  return br ? 'br' : gzip ? 'gzip' : deflate ? 'deflate' : 'identity';
}

/** Whether the lean lane compresses this answer, as the middleware would decide it. */
export function compressesAnswer(path: string, res: Response, bytes: number, encoding: Encoding): boolean {
  return encoding !== 'identity' && bytes >= COMPRESSION_THRESHOLD_BYTES && !compressionExcluded(path) && !setsCookie(res);
}

const brotliOptions = (bytes: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes } });

/** The body in `encoding` (not identity). */
export function compressBody(text: string, bytes: number, encoding: Exclude<Encoding, 'identity'>): Buffer | Promise<Buffer> {
  if (bytes <= SYNC_LIMIT_BYTES) {
    if (encoding === 'br') return brotliCompressSync(text, brotliOptions(bytes));
    if (encoding === 'gzip') return gzipSync(text, { level: GZIP_LEVEL });
    return deflateSync(text, { level: GZIP_LEVEL });
  }
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    const input: InputType = text;
    if (encoding === 'br') brotliCompress(input, brotliOptions(bytes), done);
    else if (encoding === 'gzip') gzip(input, { level: GZIP_LEVEL }, done);
    else deflate(input, { level: GZIP_LEVEL }, done);
  });
}
