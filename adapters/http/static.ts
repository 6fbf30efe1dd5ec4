/**
 * Serves the built client at / with a history fallback to index.html for client-side routes.
 * Source maps are never served, whatever the build left in the folder: they would publish the
 * client's source. A file missing under /assets is a 404 (a stale page asking for an old chunk),
 * never the SPA's index.html and never a 500. The build writes a brotli (.br) and a gzip (.gz)
 * copy beside each asset (web/vite.config.ts): the best one the browser accepts is sent as is.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

const IMMUTABLE = { immutable: true, maxAge: '1y' } as const;

/** The path as the file lookup will see it (`%2Emap` is `.map` to serve-static). */
function decodedPath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const notFound = (res: express.Response) => {
  res.setHeader('Cache-Control', 'no-store');
  res.status(404).type('text/plain').send('Not found');
};

export function staticClient(distDir: string): Router | undefined {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return undefined;
  const router = express.Router();
  router.use((req, res, next) => {
    if (/\.map$/i.test(decodedPath(req.path))) notFound(res);
    else next();
  });
  const assets = path.join(distDir, 'assets');
  router.use('/assets', precompressed(assets), express.static(assets, { ...IMMUTABLE, index: false, redirect: false }), (_req, res) => notFound(res));
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get('/{*splat}', (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/trpc')) return next();
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // The magic-link callback must never leak its token through the Referer header.
    if (req.path.startsWith('/auth/')) res.setHeader('Referrer-Policy', 'no-referrer');
    res.sendFile(index);
  });
  return router;
}

/**
 * An asset's precompressed copy, when the build wrote one and the request accepts it: brotli
 * first (smaller), then gzip, with the original's type. What copies exist is looked up once per
 * asset (the files are immutable), and only for assets that exist.
 */
function precompressed(dir: string): RequestHandler {
  const copies = new Map<string, { br: boolean; gzip: boolean }>();
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = path.join(dir, decodedPath(req.path));
    if (!file.startsWith(dir + path.sep) || file.includes('\0')) return next();
    let found = copies.get(file);
    if (!found) {
      if (!existsSync(file)) return next();
      found = { br: existsSync(`${file}.br`), gzip: existsSync(`${file}.gz`) };
      copies.set(file, found);
    }
    if (!found.br && !found.gzip) return next();
    res.vary('Accept-Encoding');
    const encoding = found.br && req.acceptsEncodings('br') ? 'br' : found.gzip && req.acceptsEncodings('gzip') ? 'gzip' : undefined;
    if (!encoding) return next();
    // Set before sending: the copy is served with the original's type, not the .br/.gz one.
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`, IMMUTABLE, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        next();
      }
    });
  };
}
