/**
 * Development and test tools that must never exist in production: app.ts mounts this router only
 * when NODE_ENV is not `production`, so unlike the operations it is in neither the tRPC router nor
 * the OpenAPI document.
 *
 * `POST /api/dev/magic-links/expire { email }` ends the address's open sign-in links now (product
 * clock), so the browser tests can show an expired link without waiting 15 minutes or running a
 * second server with a short MAGIC_LINK_TTL_SECONDS. It writes the table directly: no product use
 * case expires a link early, so the port has no such method to call.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { emailField } from '../../domain/auth/schemas';
import type { Services } from '../compose';

const expireInput = z.object({ email: emailField('Invalid email format') });

export function devRoutes(services: Services): Router {
  const router = Router();
  router.post('/api/dev/magic-links/expire', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { email } = expireInput.parse(req.body ?? {});
      const now = services.clock.now();
      const result = await services.database.db
        .updateTable('magic_links')
        .set({ expires_at: now })
        .where('email', '=', email)
        .where('used_at', 'is', null)
        .where('replaced_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      res.json({ success: true, expired: Number(result.numUpdatedRows) });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
