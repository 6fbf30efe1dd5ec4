/**
 * Start-up: read the runtime configuration from GET /api/config, point the http helper at the API
 * gateway it names (an empty string means this origin), then build what the app needs from it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { appConfigQuery } from '../lib/app-config';
import { configureApiGatewayUrl } from '../lib/http';
import { createPageTracker, type PageTracker } from '../lib/page-tracking';
import { createAppRouter, preloadRoute, type AppRouterInstance } from './routes';

export interface Shell {
  queryClient: QueryClient;
  tracker: PageTracker;
  router: AppRouterInstance;
}

export async function boot(queryClient: QueryClient): Promise<Shell> {
  // The page's code downloads while the configuration is read, not after.
  preloadRoute(window.location.pathname);
  const config = await queryClient.fetchQuery(appConfigQuery);
  configureApiGatewayUrl(config.bootstrap.apiGatewayUrl);
  return {
    queryClient,
    tracker: createPageTracker(config.dynamic.analytics),
    router: createAppRouter(config.bootstrap.basePath),
  };
}
