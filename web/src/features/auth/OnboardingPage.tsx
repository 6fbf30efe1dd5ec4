import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { onboardingProfileSchema } from '../../../../domain/auth/schemas';
import { pageTitle } from '../../app/product';
import { browserSession, POST_PROFILE_REDIRECT_KEY } from '../../lib/auth/magic-link';
import { safeRedirect } from '../../lib/auth/redirect';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useAuth } from './AuthProvider';
import './auth.css';

export const PROFILE_UPDATE_FAILED_MESSAGE = 'Failed to update your profile. Please try again.';

type Field = 'firstName' | 'lastName';

/**
 * /onboarding, for now its profile step only (spec 000 §4-5): first and last name, trimmed and
 * required; then on to the redirect remembered at sign-in, else `/`. The full onboarding (welcome,
 * preferences, features tour) replaces this page in its own issue.
 */
export function OnboardingPage() {
  const { state, updateProfile } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ firstName: state.firstName ?? '', lastName: state.lastName ?? '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ firstName: false, lastName: false });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const parsed = onboardingProfileSchema.safeParse(values);
  const messages: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      messages[field] ??= issue.message;
    }
  }
  const shown = (field: Field) => (touched[field] ? messages[field] : undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ firstName: true, lastName: true });
    if (!parsed.success) return;
    setSaving(true);
    setFailure(null);
    try {
      await updateProfile(parsed.data);
      const destination = safeRedirect(browserSession.take(POST_PROFILE_REDIRECT_KEY), window.location.origin);
      void navigate(destination, { replace: true });
    } catch {
      setFailure(PROFILE_UPDATE_FAILED_MESSAGE);
      setSaving(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      autoComplete={autoComplete}
      required
      size="lg"
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
      error={shown(name)}
    />
  );

  return (
    <div className="auth-page">
      <title>{pageTitle('Complete your profile')}</title>
      <section className="auth-card" aria-labelledby="onboarding-title">
        <h1 id="onboarding-title" className="auth-card__title">
          Complete your profile
        </h1>
        <p className="auth-card__lead">Tell us your name so we know what to call you. You can change it later.</p>
        <form noValidate onSubmit={(event) => void submit(event)} className="auth-form">
          {failure && (
            <p className="auth-notice auth-notice--error" role="alert">
              {failure}
            </p>
          )}
          <div className="auth-form__row">
            {field('firstName', 'First name', 'given-name')}
            {field('lastName', 'Last name', 'family-name')}
          </div>
          <Button type="submit" size="lg" className="auth-form__submit" disabled={!parsed.success} loading={saving}>
            Save and continue
          </Button>
        </form>
      </section>
    </div>
  );
}
