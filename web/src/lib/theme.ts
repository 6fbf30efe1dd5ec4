/**
 * The theme (spec 002 §2, §9): light, dark or system, saved in local storage under the key `theme`.
 * System follows the operating system and reacts live to its changes; toggling switches between
 * dark and light from whatever is shown now. The value `auto` (spec 001 §9) is read as system.
 * The choice is applied as `data-theme` on <html>, which styles.css reads.
 */
export const THEME_STORAGE_KEY = 'theme';
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export interface ThemeState {
  preference: ThemePreference;
  resolved: ResolvedTheme;
}

export interface ThemeEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  matchMedia: ((query: string) => MediaQueryList) | null;
  /** The element that receives `data-theme`; null to apply nothing (tests of the rule alone). */
  root: HTMLElement | null;
  /** Where other tabs announce storage changes. */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export interface ThemeStore {
  getSnapshot(): ThemeState;
  subscribe(listener: () => void): () => void;
  setPreference(preference: ThemePreference): void;
  /** Dark becomes light and light becomes dark; the result is saved as an explicit choice. */
  toggle(): void;
  /** Stops following the operating system and other tabs. */
  dispose(): void;
}

export function parseThemePreference(value: string | null | undefined): ThemePreference {
  if (value === 'light' || value === 'dark' || value === 'system') return value;
  if (value === 'auto') return 'system';
  return 'system';
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    // Storage can throw when disabled or full; the theme still works for this page view.
    return fallback;
  }
}

export function browserThemeEnvironment(): ThemeEnvironment {
  return {
    storage: safely(() => window.localStorage, null),
    matchMedia: typeof window.matchMedia === 'function' ? (query) => window.matchMedia(query) : null,
    root: document.documentElement,
    events: window,
  };
}

export function createThemeStore(env: ThemeEnvironment = browserThemeEnvironment()): ThemeStore {
  const listeners = new Set<() => void>();
  const media = env.matchMedia?.(DARK_QUERY) ?? null;
  let preference = parseThemePreference(safely(() => env.storage?.getItem(THEME_STORAGE_KEY), null));
  let state = resolve();

  function resolve(): ThemeState {
    const resolved: ResolvedTheme = preference === 'system' ? (media?.matches ? 'dark' : 'light') : preference;
    return { preference, resolved };
  }

  function apply() {
    if (!env.root) return;
    env.root.dataset.theme = state.resolved;
    env.root.style.colorScheme = state.resolved;
  }

  function update() {
    const next = resolve();
    if (next.preference === state.preference && next.resolved === state.resolved) return;
    state = next;
    apply();
    for (const listener of listeners) listener();
  }

  const onSystemChange = () => update();
  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key !== THEME_STORAGE_KEY) return;
    preference = parseThemePreference(newValue);
    update();
  };

  media?.addEventListener('change', onSystemChange);
  env.events?.addEventListener('storage', onStorage);
  apply();

  function setPreference(next: ThemePreference) {
    preference = next;
    safely(() => env.storage?.setItem(THEME_STORAGE_KEY, next), undefined);
    update();
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setPreference,
    toggle: () => setPreference(state.resolved === 'dark' ? 'light' : 'dark'),
    dispose() {
      media?.removeEventListener('change', onSystemChange);
      env.events?.removeEventListener('storage', onStorage);
      listeners.clear();
    },
  };
}
