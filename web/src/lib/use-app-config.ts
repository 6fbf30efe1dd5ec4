import { useSuspenseQuery } from '@tanstack/react-query';
import { appConfigQuery, type AppConfig } from './app-config';

/** The runtime configuration; the boot step has already cached it, so this never suspends on first use. */
export function useAppConfig(): AppConfig {
  return useSuspenseQuery(appConfigQuery).data;
}
