/**
 * Every operation of the product, by module. The tRPC router, the REST routes and the OpenAPI
 * document are all derived from this one registry. The client imports only `type AppRouter`.
 */
import { flattenOperations } from './operation';
import { accountOperations } from './operations/account';
import { authOperations, devOperations } from './operations/auth';
import { passkeyOperations } from './operations/passkeys';
import { socialOperations } from './operations/social';
import { systemOperations } from './operations/system';
import { buildTrpcRouter } from './trpc';

export const operationRegistry = {
  system: systemOperations,
  auth: authOperations,
  account: accountOperations,
  passkey: passkeyOperations,
  social: socialOperations,
  dev: devOperations,
};

export const appRouter = buildTrpcRouter(operationRegistry);
export type AppRouter = typeof appRouter;
export const allOperations = flattenOperations(operationRegistry);
