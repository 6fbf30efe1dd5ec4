/**
 * The typed RPC client. Only the router's type crosses from the server. Requests go through the
 * same transport as REST calls (time budget, retries on network errors and 5xx, Idempotency-Key on
 * mutations), so the query layer adds no retries here either. Mutations are batched too: a batch
 * carries one Idempotency-Key, and the server scopes it to each call's place in the batch, so two
 * calls of one mutation in a batch both act and a retried batch replays each. A batch holds at most
 * MAX_BATCH_CALLS calls (the server's limit); more calls at once go out as several batches.
 */
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../../adapters/http/router';
import { MAX_BATCH_CALLS } from '../../../domain/shared/product';
import { requireApiGatewayUrl, retryingFetch } from './http';

export type { AppRouter };

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${requireApiGatewayUrl()}/trpc`, fetch: retryingFetch, maxItems: MAX_BATCH_CALLS })],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;
