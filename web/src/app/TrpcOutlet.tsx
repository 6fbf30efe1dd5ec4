import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createTrpcClient, TRPCProvider, type TrpcClient } from '../lib/trpc';

/** One client per page load, made when the first page that asks the RPC layer opens. */
let client: TrpcClient | undefined;

/**
 * The RPC layer for the pages below it (a lazy layout route, web/src/app/routes.tsx): its client
 * libraries are downloaded by the pages that use them, never by the sign-in pages.
 */
export function TrpcOutlet() {
  const queryClient = useQueryClient();
  client ??= createTrpcClient();
  return (
    <TRPCProvider trpcClient={client} queryClient={queryClient}>
      <Outlet />
    </TRPCProvider>
  );
}
