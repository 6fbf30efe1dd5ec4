import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ThemePreference, ThemeState, ThemeStore } from './theme';

const ThemeContext = createContext<ThemeStore | null>(null);

export function ThemeProvider({ store, children }: { store: ThemeStore; children: ReactNode }) {
  return <ThemeContext.Provider value={store}>{children}</ThemeContext.Provider>;
}

export interface ThemeControls extends ThemeState {
  setPreference(preference: ThemePreference): void;
  toggle(): void;
}

export function useTheme(): ThemeControls {
  const store = useContext(ThemeContext);
  if (!store) throw new Error('useTheme must be used inside <ThemeProvider>');
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...state, setPreference: store.setPreference, toggle: store.toggle };
}
