import { describe, expect, it } from 'vitest';
import { createThemeStore, parseThemePreference, THEME_STORAGE_KEY, type ThemeEnvironment } from '../../../web/src/lib/theme';
import { fakeColorScheme } from './fake-media';

function environment(osDark = false, overrides: Partial<ThemeEnvironment> = {}) {
  const os = fakeColorScheme(osDark);
  const root = document.createElement('html');
  const env: ThemeEnvironment = { storage: localStorage, matchMedia: os.matchMedia, root, events: window, ...overrides };
  return { env, os, root };
}

describe('parseThemePreference', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    ['auto', 'system'],
    [null, 'system'],
    ['purple', 'system'],
  ] as const)('reads %s as %s', (stored, expected) => {
    expect(parseThemePreference(stored)).toBe(expected);
  });
});

describe('theme store', () => {
  it('defaults to system and applies what the operating system prefers', () => {
    const { env, root } = environment(true);
    const store = createThemeStore(env);
    expect(store.getSnapshot()).toEqual({ preference: 'system', resolved: 'dark' });
    expect(root.dataset.theme).toBe('dark');
  });

  it("reads a saved 'auto' as system", () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'auto');
    const { env } = environment(false);
    expect(createThemeStore(env).getSnapshot()).toEqual({ preference: 'system', resolved: 'light' });
  });

  it('saves the choice under the key theme and reads it back in a new page view', () => {
    const { env } = environment(false);
    createThemeStore(env).setPreference('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    const again = environment(false);
    const reloaded = createThemeStore(again.env);
    expect(reloaded.getSnapshot()).toEqual({ preference: 'dark', resolved: 'dark' });
    expect(again.root.dataset.theme).toBe('dark');
  });

  it('follows the operating system live while on system, and notifies subscribers', () => {
    const { env, os, root } = environment(false);
    const store = createThemeStore(env);
    let notified = 0;
    store.subscribe(() => (notified += 1));
    os.setDark(true);
    expect(store.getSnapshot().resolved).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
    os.setDark(false);
    expect(root.dataset.theme).toBe('light');
    expect(notified).toBe(2);
  });

  it('ignores the operating system while an explicit choice is set', () => {
    const { env, os, root } = environment(false);
    const store = createThemeStore(env);
    store.setPreference('light');
    os.setDark(true);
    expect(store.getSnapshot()).toEqual({ preference: 'light', resolved: 'light' });
    expect(root.dataset.theme).toBe('light');
  });

  it('toggles between dark and light from what is shown, saving the result', () => {
    const { env } = environment(true);
    const store = createThemeStore(env);
    store.toggle();
    expect(store.getSnapshot()).toEqual({ preference: 'light', resolved: 'light' });
    expect(localStorage.getItem('theme')).toBe('light');
    store.toggle();
    expect(store.getSnapshot()).toEqual({ preference: 'dark', resolved: 'dark' });
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('follows a choice made in another tab', () => {
    const { env } = environment(false);
    const store = createThemeStore(env);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    expect(store.getSnapshot()).toEqual({ preference: 'dark', resolved: 'dark' });
    store.dispose();
  });

  it('still works when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const { env } = environment(false, { storage: broken });
    const store = createThemeStore(env);
    store.setPreference('dark');
    expect(store.getSnapshot().resolved).toBe('dark');
  });

  it('stops listening to the operating system once disposed', () => {
    const { env, os } = environment(false);
    const store = createThemeStore(env);
    expect(os.listenerCount()).toBe(1);
    store.dispose();
    expect(os.listenerCount()).toBe(0);
  });
});
