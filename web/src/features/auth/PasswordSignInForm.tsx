import { useId, useMemo, useState } from 'react';
import { loginSchema } from '../../../../domain/auth/sign-in-fields';
import { authApi, type AuthApi } from '../../lib/auth/api';
import { PASSWORD_FORMS_EMAIL_MESSAGE } from '../../lib/auth/forms';
import { passwordSignInFailure, serverFieldErrors } from '../../lib/auth/sign-in-failures';
import { isApiError } from '../../lib/http';
import { Button } from '../../ui/Button';
import { EmailField } from '../../ui/fields/EmailField';
import { PasswordField } from '../../ui/fields/PasswordField';
import { useAuth } from '../../lib/auth/AuthProvider';
import { useCheckedForm } from '../../lib/auth/use-checked-form';

export interface PasswordSignInFormProps {
  /** Offered to a member who forgot the password: the e-mailed link needs none. */
  onUseEmailLink?: () => void;
  api?: AuthApi;
}

/**
 * Sign-in with e-mail and password (POST /api/auth/login). Checked in the browser first with the
 * server's schema ('Invalid email format', 'Password is required', spec 000 §5); the server's refusals
 * ('Invalid credentials', the rate limit) are shown as it words them. On success the session
 * knows the member and the page moves on.
 */
export function PasswordSignInForm({ onUseEmailLink, api = authApi }: PasswordSignInFormProps) {
  const auth = useAuth();
  const emailId = useId();
  const passwordId = useId();
  const bannerId = useId();
  const ids = useMemo(() => ({ email: emailId, password: passwordId }), [emailId, passwordId]);
  const form = useCheckedForm(loginSchema, { email: '', password: '' }, ids);
  const [banner, setBanner] = useState<string | null>(null);

  const submit = form.submitWith(async (input) => {
    setBanner(null);
    try {
      auth.completeSignIn(await api.loginWithPassword(input));
    } catch (error) {
      const message = passwordSignInFailure(error);
      auth.failSignIn(message);
      setBanner(message);
      form.showServerErrors(serverFieldErrors(error));
      if (isApiError(error) && error.status === 401) {
        // A wrong password is typed again from scratch; the address stays.
        form.setValues((values) => ({ ...values, password: '' }));
        form.focus('password');
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="auth-form" aria-describedby={banner ? bannerId : undefined}>
      {banner && (
        <p className="auth-notice auth-notice--error" role="alert" id={bannerId}>
          {banner}
        </p>
      )}
      <EmailField
        id={emailId}
        label="Email address"
        name="email"
        autoComplete="username webauthn"
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
        autoComplete="current-password"
        size="lg"
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        error={form.errors.password}
      />
      <Button type="submit" size="lg" className="auth-form__submit" loading={form.submitting}>
        Sign in with password
      </Button>
      {onUseEmailLink && (
        <p className="auth-form__aside">
          Forgot your password?{' '}
          <button type="button" className="link-button" onClick={onUseEmailLink}>
            Get a sign-in link by email
          </button>
        </p>
      )}
    </form>
  );
}
