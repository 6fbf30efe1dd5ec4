/**
 * Start-up: read the runtime configuration from GET /api/config, point the http helper at the API
 * gateway it names (an empty string means this origin), then build what the app needs from it.
 */
import { fetchAppConfig, type AppConfig } from '../lib/app-config';
import { configureApiGatewayUrl } from '../lib/http';
import { createPageTracker, type PageTracker } from '../lib/page-tracking';
import { createAppRouter, preloadRoute, type AppRouterInstance } from './routes';

export interface Shell {
  config: AppConfig;
  tracker: PageTracker;
  router: AppRouterInstance;
}

export async function boot(): Promise<Shell> {
  // The page's code downloads while the configuration is read, not after.
  preloadRoute(window.location.pathname);
  const config = await fetchAppConfig();
  configureApiGatewayUrl(config.bootstrap.apiGatewayUrl);
  return {
    config,
    tracker: createPageTracker(config.dynamic.analytics),
    router: createAppRouter(config.bootstrap.basePath),
  };
}
