/**
 * The runtime configuration (spec 002 §3) from GET /api/config, which always lives beside the
 * client, so it is read before the API gateway URL is known. Validated by the domain's schema.
 * The start-up reads it once (app/boot.ts) and the shell hands it down (`AppConfigProvider`), so
 * every page has it at once without the query layer: the sign-in pages need nothing else of it
 * (docs/architecture.md, "The client").
 */
import { createContext, createElement, type ReactNode } from 'react';
import { appConfigSchema, type AppConfig } from '../../../domain/shared/app-config';
import { apiFetch } from './http';

export const APP_CONFIG_PATH = '/api/config';

export function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return apiFetch(APP_CONFIG_PATH, { baseUrl: '', schema: appConfigSchema, ...(signal ? { signal } : {}) });
}

/** The configuration read at start-up; null outside the app (the start-up failure page). */
export const AppConfigContext = createContext<AppConfig | null>(null);

export function AppConfigProvider({ config, children }: { config: AppConfig; children?: ReactNode }) {
  return createElement(AppConfigContext.Provider, { value: config }, children);
}

export type { AppConfig };
