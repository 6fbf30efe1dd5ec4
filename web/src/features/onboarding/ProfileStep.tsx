import { useState, type FormEvent } from 'react';
import { onboardingProfileSchema } from '../../../../domain/auth/schemas';
import type { FlowStepProps } from '../../ui/flow';
import { TextField } from '../../ui/fields/TextField';
import { Button } from '../../ui/Button';
import { SKIP_STEP_LABEL, type ProfileStepData } from './step-data';

type Field = 'firstName' | 'lastName';

export const SAVE_PROFILE_LABEL = 'Save and continue';
/** The server's limit on a name (profile update, spec 002 §5). */
const NAME_MAX_LENGTH = 100;

export interface ProfileStepProps extends FlowStepProps<ProfileStepData> {
  /** The names the member already has (none for a new member). */
  initial: Record<Field, string>;
  canSkip: boolean;
}

/**
 * Onboarding's profile step (spec 000 §4-5): first and last name, trimmed and required; 'Save and
 * continue' stays disabled while either is blank, and a name left blank says so once the member has
 * been in the field. The flow validates the names again and saves them (the step's onComplete).
 */
export function ProfileStep({ initial, canSkip, data, next, processing }: ProfileStepProps) {
  const [values, setValues] = useState<Record<Field, string>>(() => (data && !('skipped' in data) ? data : initial));
  const [touched, setTouched] = useState<Record<Field, boolean>>({ firstName: false, lastName: false });

  const parsed = onboardingProfileSchema.safeParse(values);
  const messages: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) messages[issue.path[0] as Field] ??= issue.message;
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ firstName: true, lastName: true });
    if (parsed.success) void next(parsed.data);
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      autoComplete={autoComplete}
      required
      size="lg"
      maxLength={NAME_MAX_LENGTH}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
      error={touched[name] ? messages[name] : undefined}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="onboarding-form" aria-describedby="onboarding-profile-lead">
      <p id="onboarding-profile-lead" className="onboarding-step__lead">
        Tell us your name so we know what to call you. You can change it later.
      </p>
      <div className="onboarding-form__row">
        {field('firstName', 'First name', 'given-name')}
        {field('lastName', 'Last name', 'family-name')}
      </div>
      <div className="onboarding-step__actions">
        {canSkip && (
          <Button variant="ghost" size="lg" onClick={() => void next({ skipped: true })} disabled={processing}>
            {SKIP_STEP_LABEL}
          </Button>
        )}
        <Button type="submit" size="lg" disabled={!parsed.success} loading={processing}>
          {SAVE_PROFILE_LABEL}
        </Button>
      </div>
    </form>
  );
}
