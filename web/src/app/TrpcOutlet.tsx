import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { createTrpcClient, TRPCProvider, type TrpcClient } from '../lib/trpc';

/**
 * One query cache and one RPC client per page load, made when the first page that needs them opens
 * and kept while the reader moves between pages (this route stays the same layout for them all).
 */
let queryClient: QueryClient | undefined;
let client: TrpcClient | undefined;

/**
 * The RPC layer for the pages below it (a lazy layout route, web/src/app/routes.tsx): its client
 * libraries are downloaded by the pages that use them, never by the sign-in pages.
 */
export function TrpcOutlet() {
  queryClient ??= createQueryClient();
  client ??= createTrpcClient();
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        <Outlet />
      </TRPCProvider>
    </QueryClientProvider>
  );
}
