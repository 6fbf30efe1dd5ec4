/** Serves the built client at / with a history fallback to index.html for client-side routes. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

export function staticClient(distDir: string): Router | undefined {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return undefined;
  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
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
