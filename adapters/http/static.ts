/**
 * Serves the built client at / with a history fallback to index.html for client-side routes.
 * Source maps are never served, whatever the build left in the folder: they would publish the
 * client's source. A file missing under /assets is a 404 (a stale page asking for an old chunk),
 * never the SPA's index.html and never a 500.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

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
  router.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }), (_req, res) => notFound(res));
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
