import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { registerSchema } from '../../../../domain/auth/schemas';
import { pageTitle } from '../../lib/product';
import { useAppConfig } from '../../lib/use-app-config';
import { authApi, type AuthApi } from '../../lib/auth/api';
import { PASSWORD_FORMS_EMAIL_MESSAGE } from '../../lib/auth/forms';
import { authPagePath, safeRedirect } from '../../lib/auth/redirect';
import { failureMessage, REGISTRATION_FAILED_MESSAGE, serverFieldErrors } from '../../lib/auth/sign-in-failures';
import { isApiError } from '../../lib/http';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { EmailField } from '../../ui/fields/EmailField';
import { PasswordField } from '../../ui/fields/PasswordField';
import { TextField } from '../../ui/fields/TextField';
import { useContinueWhenSignedIn } from '../../lib/auth/after-sign-in';
import { useAuth } from '../../lib/auth/AuthProvider';
import { SocialSignIn } from './SocialSignIn';
import { useCheckedForm } from '../../lib/auth/use-checked-form';
import '../../ui/card-page.css';
import './auth.css';

/**
 * /register: a new account with a password (POST /api/auth/register), signed in at once. Names,
 * address and password are checked in the browser first (spec 000 §5); the server's refusals (a
 * common password, an address already registered) are shown as it words them, 'Registration
 * failed' when it gives none. `redirect` as on /login.
 */
export function RegisterPage({ api = authApi }: { api?: AuthApi }) {
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'), window.location.origin);
  const leaving = useContinueWhenSignedIn(target);
  const { dynamic } = useAppConfig();

  if (leaving) {
    return (
      <div className="auth-page auth-page--loading">
        <Spinner size="lg" label="Signing you in…" showLabel />
      </div>
    );
  }

  return (
    <div className="auth-page">
      <section className="auth-card register" aria-labelledby="register-title">
        <title>{pageTitle('Create your account')}</title>
        <h1 id="register-title" className="auth-card__title">
          Create your account
        </h1>
        <p className="auth-card__lead">Join to read, listen and learn at your own pace.</p>
        <RegisterForm api={api} loginHref={authPagePath('/login', target)} />
        {dynamic.socialProviders.length > 0 && (
          <>
            <p className="auth-divider">
              <span>or</span>
            </p>
            <SocialSignIn target={target} />
          </>
        )}
        <p className="auth-switch">
          Already have an account? <Link to={authPagePath('/login', target)}>Sign in</Link>
        </p>
        <p className="auth-legal">
          By creating an account, you agree to our <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </section>
    </div>
  );
}

type RegisterField = 'firstName' | 'lastName' | 'email' | 'password';

function RegisterForm({ api, loginHref }: { api: AuthApi; loginHref: string }) {
  const auth = useAuth();
  const firstNameId = useId();
  const lastNameId = useId();
  const emailId = useId();
  const passwordId = useId();
  const bannerId = useId();
  const ids = useMemo<Record<RegisterField, string>>(
    () => ({ firstName: firstNameId, lastName: lastNameId, email: emailId, password: passwordId }),
    [firstNameId, lastNameId, emailId, passwordId],
  );
  const form = useCheckedForm(registerSchema, { firstName: '', lastName: '', email: '', password: '' }, ids);
  const [banner, setBanner] = useState<{ message: string; emailTaken: boolean } | null>(null);

  const submit = form.submitWith(async (input) => {
    setBanner(null);
    try {
      auth.completeSignIn(await api.register(input));
    } catch (error) {
      const message = failureMessage(error, REGISTRATION_FAILED_MESSAGE);
      auth.failSignIn(message);
      setBanner({ message, emailTaken: isApiError(error) && error.code === 'EMAIL_TAKEN' });
      form.showServerErrors(serverFieldErrors(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="auth-form" aria-describedby={banner ? bannerId : undefined}>
      {banner && (
        <div className="auth-notice auth-notice--error" role="alert" id={bannerId}>
          <p>{banner.message}</p>
          {banner.emailTaken && (
            <p>
              <Link to={loginHref}>Go to sign in</Link>
            </p>
          )}
        </div>
      )}
      <div className="auth-form__row">
        <TextField
          id={firstNameId}
          label="First name"
          name="firstName"
          autoComplete="given-name"
          size="lg"
          value={form.values.firstName}
          onChange={(event) => form.setValue('firstName', event.target.value)}
          error={form.errors.firstName}
        />
        <TextField
          id={lastNameId}
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          size="lg"
          value={form.values.lastName}
          onChange={(event) => form.setValue('lastName', event.target.value)}
          error={form.errors.lastName}
        />
      </div>
      <EmailField
        id={emailId}
        label="Email address"
        name="email"
        placeholder="you@example.com"
        size="lg"
        invalidMessage={PASSWORD_FORMS_EMAIL_MESSAGE}
        value={form.values.email}
        onChange={(value) => form.setValue('email', value)}
        error={form.errors.email}
      />
      <PasswordField
        id={passwordId}
        label="Password"
        name="password"
        autoComplete="new-password"
        size="lg"
        showStrength="always"
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        error={form.errors.password}
      />
      <Button type="submit" size="lg" className="auth-form__submit" loading={form.submitting}>
        Create account
      </Button>
    </form>
  );
}
