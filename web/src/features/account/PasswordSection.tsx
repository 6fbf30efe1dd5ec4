import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { setupPasswordSchema } from '../../../../domain/auth/schemas';
import { accountApi } from '../../lib/auth/account-api';
import { serverFieldErrors } from '../../lib/auth/sign-in-failures';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/fields/PasswordField';
import { ToggleField } from '../../ui/fields/ToggleField';
import { useToast } from '../../ui/Toast';
import { useAuth } from '../../lib/auth/AuthProvider';
import { useCheckedForm } from '../../lib/auth/use-checked-form';
import { describeFailure, PASSWORD_SETUP_FAILED_MESSAGE, type Failure } from './account-messages';
import { accountKeys, useSignInMethods } from './account-queries';
import { FailureNotice } from './FailureNotice';
import { isReauthenticationCancelled, useSensitiveAction } from './Reauthentication';
import { SectionFailure, SectionLoading } from './SectionStatus';

/** The new password as the server checks it (8 to 1024 characters, as typed); the current one is optional. */
const passwordFormSchema = z.object({ password: setupPasswordSchema.shape.password, currentPassword: z.string() });

type PasswordFormField = 'password' | 'currentPassword';

/**
 * Set a first password, or change it. Changing asks for the current password; left blank, the
 * server asks for a recent sign-in instead, and the confirm-it's-you dialog offers the other ways.
 */
export function PasswordSection() {
  const methods = useSignInMethods();
  return (
    <section className="card security-section" aria-labelledby="password-title" id="password" tabIndex={-1}>
      <h2 id="password-title" className="security-section__title">
        Password
      </h2>
      {methods.isPending ? (
        <SectionLoading label="Loading your password settings…" rows={1} />
      ) : methods.isError ? (
        <SectionFailure error={methods.error} what="your password settings" onRetry={() => void methods.refetch()} />
      ) : (
        <PasswordForm key={String(methods.data.methods.includes('PASSWORD'))} hasPassword={methods.data.methods.includes('PASSWORD')} preferred={methods.data.preferredMethod === 'PASSWORD'} />
      )}
    </section>
  );
}

function PasswordForm({ hasPassword, preferred }: { hasPassword: boolean; preferred: boolean }) {
  const { passwordSetUp } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const runSensitive = useSensitiveAction();
  const currentId = useId();
  const passwordId = useId();
  const ids = useMemo<Record<PasswordFormField, string>>(() => ({ currentPassword: currentId, password: passwordId }), [currentId, passwordId]);
  const form = useCheckedForm(passwordFormSchema, { currentPassword: '', password: '' }, ids);
  const [setAsPreferred, setSetAsPreferred] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const submit = form.submitWith(async (input) => {
    setFailure(null);
    try {
      const currentPassword = hasPassword && input.currentPassword !== '' ? { currentPassword: input.currentPassword } : {};
      await runSensitive(() => accountApi.setupPassword({ password: input.password, setAsPreferred, ...currentPassword }));
      passwordSetUp(setAsPreferred);
      void queryClient.invalidateQueries({ queryKey: accountKeys.methods });
      form.setValues({ currentPassword: '', password: '' });
      setSetAsPreferred(false);
      toast.show(hasPassword ? 'Password changed' : 'Password set', { tone: 'success' });
    } catch (error) {
      if (!isReauthenticationCancelled(error)) {
        setFailure(describeFailure(error, PASSWORD_SETUP_FAILED_MESSAGE));
        form.showServerErrors(serverFieldErrors(error));
      }
    }
  });

  return (
    <form className="security-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="security-section__lead">
        {hasPassword
          ? 'You can sign in with your email address and password.'
          : 'You have no password yet. Add one to sign in with your email address and a password.'}
      </p>
      <FailureNotice failure={failure} />
      {hasPassword && (
        <PasswordField
          id={currentId}
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          size="lg"
          hint="Forgotten it? Leave this blank: you will be asked to confirm it’s you another way."
          value={form.values.currentPassword}
          onChange={(value) => form.setValue('currentPassword', value)}
          error={form.errors.currentPassword}
        />
      )}
      <PasswordField
        id={passwordId}
        label={hasPassword ? 'New password' : 'Password'}
        name="password"
        autoComplete="new-password"
        size="lg"
        showStrength="always"
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        error={form.errors.password}
      />
      {!preferred && (
        <ToggleField label="Make password my preferred way to sign in" name="setAsPreferred" value={setAsPreferred} onChange={setSetAsPreferred} />
      )}
      <div className="security-form__actions">
        <Button type="submit" loading={form.submitting}>
          {hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </div>
    </form>
  );
}
