import { z } from 'zod';
import { appConfigSchema } from '../../../../domain/shared/app-config';
import { defineQuery } from '../../operation';

export const systemOperations = {
  config: defineQuery({
    rest: { method: 'get', path: '/api/config' },
    summary: 'The client runtime configuration: bootstrap and dynamic parts, public identifiers only',
    tags: ['system'],
    input: z.object({}).optional(),
    // The domain writes it with zod/mini for the client; the operations take classic objects.
    output: z.object(appConfigSchema.shape),
    handler: async (_input, ctx) => ctx.deps.ops.appConfig(),
  }),
};
