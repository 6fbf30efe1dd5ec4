/**
 * Development and test tools that must never exist in production: raw routes of the
 * `development` kind (adapters/http/raw-route.ts), mounted only when NODE_ENV is not
 * `production` and listed in the OpenAPI document only then.
 *
 * `POST /api/dev/magic-links/expire { email }` ends the address's open sign-in links now (product
 * clock), so the browser tests can show an expired link without waiting 15 minutes or running a
 * second server with a short MAGIC_LINK_TTL_SECONDS. It writes the table directly: no product use
 * case expires a link early, so the port has no such method to call.
 *
 * The dev mailbox (`GET /api/dev/mailbox`) is a JSON operation (operations/auth.ts `dev.mailbox`,
 * REST and tRPC), which answers 404 in production.
 */
import { z } from 'zod';
import { emailField } from '../../domain/auth/schemas';
import { defineRawRoute, type RawRoute } from './raw-route';

const expireInput = z.object({ email: emailField('Invalid email format') });

export const devRawRoutes: RawRoute[] = [
  defineRawRoute({
    kind: 'development',
    method: 'post',
    path: '/api/dev/magic-links/expire',
    id: 'dev.expireMagicLinks',
    summary: "End an address's open sign-in links now (development and test only; never in production)",
    tags: ['development'],
    openapi: {
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } } } } },
      responses: { '200': { description: '{ success: true, expired: <links ended> }' } },
    },
    async handler(req, res, { services }) {
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
    },
  }),
];
