import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MonitorIcon, MoonIcon, SunIcon } from '../../ui/icons';
import type { Preferences } from '../../lib/auth/api';
import type { ThemePreference } from '../../lib/theme';
import { ToggleField } from '../../ui/fields/ToggleField';
import { Button } from '../../ui/Button';
import type { FlowStepProps } from '../../ui/flow';
import { isSkipped, SKIP_STEP_LABEL, type PreferencesStepData } from './step-data';

export const SAVE_PREFERENCES_LABEL = 'Save and continue';

const THEME_OPTIONS: Array<{ value: ThemePreference; label: string; description: string; icon: ReactNode }> = [
  { value: 'light', label: 'Light', description: 'Dark text on a light page', icon: <SunIcon /> },
  { value: 'dark', label: 'Dark', description: 'Light text on a dark page', icon: <MoonIcon /> },
  { value: 'system', label: 'System', description: 'Follows this device’s setting', icon: <MonitorIcon /> },
];

export interface PreferencesStepProps extends FlowStepProps<PreferencesStepData> {
  initial: Preferences;
  canSkip: boolean;
}

/**
 * Onboarding's preferences step (spec 000 §3-4): theme (light, dark or system) and the two
 * notification settings, e-mail on and push off to start with. The flow saves them (the step's
 * onComplete); 'Skip for now' passes over the step when the configuration allows it.
 */
export function PreferencesStep({ initial, canSkip, data, next, processing }: PreferencesStepProps) {
  const [values, setValues] = useState<Preferences>(() => (data && !isSkipped(data) ? data : initial));
  const themeName = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void next(values);
  };

  return (
    <form noValidate onSubmit={submit} className="onboarding-form">
      <p className="onboarding-step__lead">Choose how the platform looks and how we keep you posted. You can change these at any time.</p>
      <fieldset className="onboarding-themes">
        <legend className="onboarding-themes__legend">Appearance</legend>
        <div className="onboarding-themes__options">
          {THEME_OPTIONS.map((option) => {
            const id = `${themeName}-${option.value}`;
            return (
              <label key={option.value} className="onboarding-theme" htmlFor={id}>
                <input
                  id={id}
                  type="radio"
                  name={themeName}
                  value={option.value}
                  className="onboarding-theme__input"
                  checked={values.theme === option.value}
                  // Named by its label alone; the description is read as its description.
                  aria-labelledby={`${id}-label`}
                  aria-describedby={`${id}-description`}
                  onChange={() => setValues((current) => ({ ...current, theme: option.value }))}
                />
                <span className="onboarding-theme__icon">{option.icon}</span>
                <span id={`${id}-label`} className="onboarding-theme__label">
                  {option.label}
                </span>
                <span id={`${id}-description`} className="onboarding-theme__description">
                  {option.description}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="onboarding-notifications">
        <legend className="onboarding-themes__legend">Notifications</legend>
        <ToggleField
          label="Email notifications"
          name="emailNotifications"
          hint="New content, replies to your conversations and reading reminders."
          value={values.emailNotifications}
          onChange={(emailNotifications) => setValues((current) => ({ ...current, emailNotifications }))}
        />
        <ToggleField
          label="Push notifications"
          name="pushNotifications"
          hint="Alerts on this device when something needs your attention."
          value={values.pushNotifications}
          onChange={(pushNotifications) => setValues((current) => ({ ...current, pushNotifications }))}
        />
      </fieldset>
      <div className="onboarding-step__actions">
        {canSkip && (
          <Button variant="ghost" size="lg" onClick={() => void next({ skipped: true })} disabled={processing}>
            {SKIP_STEP_LABEL}
          </Button>
        )}
        <Button type="submit" size="lg" loading={processing}>
          {SAVE_PREFERENCES_LABEL}
        </Button>
      </div>
    </form>
  );
}
