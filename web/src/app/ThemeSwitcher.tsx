import type { ReactNode } from 'react';
import type { ThemePreference } from '../lib/theme';
import { MonitorIcon, MoonIcon, SunIcon } from '../ui/icons';
import { useTheme } from '../lib/theme-context';

const OPTIONS: Array<{ value: ThemePreference; label: string; icon: ReactNode }> = [
  { value: 'light', label: 'Light', icon: <SunIcon /> },
  { value: 'dark', label: 'Dark', icon: <MoonIcon /> },
  { value: 'system', label: 'System', icon: <MonitorIcon /> },
];

/**
 * The three theme modes as a radio group (arrow keys move between them). On narrow screens it gives
 * way to a single toggle between dark and light (spec 002 §2).
 */
export function ThemeSwitcher() {
  const { preference, resolved, setPreference, toggle } = useTheme();
  const next = resolved === 'dark' ? 'light' : 'dark';
  return (
    <div className="theme-switcher">
      <fieldset className="theme-switcher__modes">
        <legend className="visually-hidden">Theme</legend>
        {OPTIONS.map((option) => (
          <label key={option.value} className="theme-switcher__option">
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={preference === option.value}
              onChange={() => setPreference(option.value)}
              className="theme-switcher__input"
            />
            {option.icon}
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      <button type="button" className="theme-switcher__toggle" onClick={toggle} aria-label={`Switch to ${next} theme`}>
        {resolved === 'dark' ? <SunIcon /> : <MoonIcon />}
      </button>
    </div>
  );
}
