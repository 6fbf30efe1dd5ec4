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
 * `GET /api/dev/mailbox?to=<address>` lists the mails the development mailbox kept instead of
 * sending them (adapters/mail/dev-mailbox.ts), newest first; 404 when mail goes to SMTP.
 */
import { z } from 'zod';
import { emailField } from '../../domain/auth/schemas';
import { notFound } from '../../domain/shared/errors';
import { plainText } from '../../domain/shared/text';
import { defineRawRoute, type RawRoute } from './raw-route';

const expireInput = z.object({ email: emailField('Invalid email format') });
/** The address filter: text like any other (domain/shared/text.ts: no control characters), at most 320 characters. */
const mailboxInput = z.object({ to: plainText(z.string().max(320, { abort: true })).optional() });

export const devRawRoutes: RawRoute[] = [
  defineRawRoute({
    kind: 'development',
    method: 'get',
    path: '/api/dev/mailbox',
    id: 'dev.mailbox',
    summary: 'Mails kept by the development mailbox, newest first (development and test only; never in production)',
    tags: ['development'],
    openapi: {
      parameters: [{ name: 'to', in: 'query', required: false, schema: { type: 'string' }, description: 'Only the mails to this address' }],
      responses: { '200': { description: '{ success: true, mails: [{ id, to, subject, text, html, tag, sentAt }] }' }, '404': { description: 'Mail goes to SMTP' } },
    },
    async handler(req, res, { services }) {
      const box = services.devMailbox;
      if (!box) throw notFound('Route');
      const { to } = mailboxInput.parse(req.query);
      res.json({ success: true, mails: box.list(to) });
    },
  }),
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
