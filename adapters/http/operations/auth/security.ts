/**
 * The member's security timeline and 'This wasn't me' (domain/auth/README.md "Security timeline").
 * Both are `signedIn`: 401 comes before any validation message.
 */
import { z } from 'zod';
import { securityEventSchema, timelinePageSchema } from '../../../../domain/auth/security-timeline';
import { endOtherSessions, securityTimeline } from '../../../../application/auth/security-timeline';
import { defineMutation, defineQuery } from '../../operation';

const tags = ['auth'];

export const timelinePageOutput = z.object({ events: z.array(securityEventSchema), total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() });

export const securityOperations = {
  events: defineQuery({
    rest: { method: 'get', path: '/api/auth/security/events' },
    summary: "The member's security timeline, newest first: sign-ins and failed attempts, methods, password and passkey changes, sessions ended, changes made by an administrator",
    description:
      'Each event: kind, label (the product’s words), note, method, device (from the user agent), place (the country a trusted proxy named, else null), ip (masked to its /24 or /64), at, outcome, thisDevice, byAdministrator. page from 1, limit 20 by default, at most 100.',
    tags,
    signedIn: true,
    input: timelinePageSchema,
    output: timelinePageOutput,
    handler: async (input, ctx) => securityTimeline(ctx.deps.auth, await ctx.actor(), input),
  }),

  endOtherSessions: defineMutation({
    rest: { method: 'post', path: '/api/auth/sessions/end-others' },
    summary: "'This wasn't me': end every session but this one, at once",
    tags,
    signedIn: true,
    input: z.object({}).optional(),
    output: z.object({ endedSessions: z.number() }),
    handler: async (_input, ctx) => endOtherSessions(ctx.deps.auth, await ctx.actor(), ctx.client),
  }),
};
