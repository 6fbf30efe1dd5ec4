/** A controllable `prefers-color-scheme: dark` media query, standing in for the operating system. */
export function fakeColorScheme(initiallyDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  } as unknown as MediaQueryList & { matches: boolean };
  return {
    matchMedia: () => query,
    setDark(dark: boolean) {
      (query as { matches: boolean }).matches = dark;
      for (const listener of listeners) listener();
    },
    listenerCount: () => listeners.size,
  };
}
