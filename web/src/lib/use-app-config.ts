import { useContext } from 'react';
import { AppConfigContext, type AppConfig } from './app-config';

/** The runtime configuration the start-up read (app/boot.ts), given by the shell's `AppConfigProvider`. */
export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig must be used inside <AppConfigProvider>');
  return config;
}

/** The configuration, or null where there is none (a failure page shown before it could be read). */
export function useOptionalAppConfig(): AppConfig | null {
  return useContext(AppConfigContext);
}
