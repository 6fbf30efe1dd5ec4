/**
 * The runtime configuration (spec 002 §3) from GET /api/config, which always lives beside the
 * client, so it is read before the API gateway URL is known. Validated by the domain's schema.
 */
import { appConfigSchema, type AppConfig } from '../../../domain/shared/app-config';
import { apiFetch } from './http';

export const APP_CONFIG_PATH = '/api/config';

export const appConfigQuery = {
  queryKey: ['app-config'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }): Promise<AppConfig> =>
    apiFetch(APP_CONFIG_PATH, { baseUrl: '', schema: appConfigSchema, ...(signal ? { signal } : {}) }),
};

export type { AppConfig };
