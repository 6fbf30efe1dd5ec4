import { useCallback, useMemo, useState } from 'react';
import { z } from 'zod';
import { emailField } from '../../../../domain/auth/schemas';
import { pageTitle } from '../../lib/product';
import { useAppConfig } from '../../lib/use-app-config';
import { authApi, type AuthApi } from '../../lib/auth/api';
import { basePathPrefix } from '../../lib/auth/redirect';
import { ButtonLink } from '../../ui/Button';
import { INVALID_EMAIL_MESSAGE } from '../../ui/fields/rules/email';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../../lib/auth/AuthProvider';
import { defineStep, FormStep, MultiStepFlow, type FormFieldConfig, type FormStepProps } from '../../ui/flow';
import { ConfirmationStep, type ConfirmationStepProps } from './ConfirmationStep';
import { PROCESS_EMAIL_FAILED_MESSAGE } from './lead-messages';
import '../../ui/card-page.css';
import './lead.css';

export const EMAIL_STEP_ID = 'email';
export const CONFIRM_STEP_ID = 'confirm';

const EMAIL_FIELDS: FormFieldConfig[] = [
  {
    name: 'email',
    type: 'email',
    label: 'Email address',
    placeholder: 'you@example.com',
    helperText: 'We’ll email you a link that signs you in. No password needed.',
    fieldProps: { autoComplete: 'email' },
  },
];

/** The e-mail step's one rule: spec 000 §5's address, its message word for word (empty included). */
const emailStepSchema = z.object({ email: emailField(INVALID_EMAIL_MESSAGE) });

const emailOf = (data: unknown): string => {
  const email = typeof data === 'object' && data !== null ? (data as { email?: unknown }).email : undefined;
  return typeof email === 'string' ? email : '';
};

/**
 * /get-started, lead generation (spec 000 §2 screen 5, §4): an e-mail step, then the confirmation step
 * that sends a magic link and offers resend. The e-mail step asks the server whether the address has an
 * account (GET /api/auth/check-email), so the confirmation greets a returning member; a failure there is
 * 'Failed to process email. Please try again.'. What follows confirmation is the mail's link.
 */
export function LeadPage({ api = authApi }: { api?: AuthApi }) {
  const { state, settled } = useAuth();
  const { bootstrap } = useAppConfig();
  const [returning, setReturning] = useState<boolean | null>(null);

  const sendLink = useCallback(
    (email: string) => api.requestMagicLink({ email, appUrl: window.location.origin, basePath: basePathPrefix(bootstrap.basePath) }),
    [api, bootstrap.basePath],
  );

  const steps = useMemo(
    () => [
      defineStep<FormStepProps>({
        id: EMAIL_STEP_ID,
        title: 'Your email',
        component: FormStep,
        controls: 'step',
        props: { fields: EMAIL_FIELDS, schema: emailStepSchema, size: 'lg' },
        onComplete: async (data) => {
          try {
            setReturning((await api.checkEmail(emailOf(data))).exists);
          } catch {
            throw new Error(PROCESS_EMAIL_FAILED_MESSAGE);
          }
        },
      }),
      defineStep<ConfirmationStepProps>({
        id: CONFIRM_STEP_ID,
        title: 'Check your email',
        component: ConfirmationStep,
        controls: 'step',
        props: { emailStepId: EMAIL_STEP_ID, send: sendLink, onResend: sendLink, returning },
      }),
    ],
    [api, sendLink, returning],
  );

  if (!settled) {
    return (
      <div className="auth-page auth-page--loading">
        <Spinner size="lg" label="Checking your session…" showLabel />
      </div>
    );
  }

  return (
    <div className="auth-page">
      <title>{pageTitle('Get started')}</title>
      <section className="auth-card lead" aria-labelledby="lead-title">
        <h1 id="lead-title" className="auth-card__title">
          Get started
        </h1>
        {state.isAuthenticated ? (
          <>
            <p className="auth-card__lead">
              You’re already signed in{state.email ? ` as ${state.email}` : ''}. Pick up where you left off.
            </p>
            <ButtonLink to="/" size="lg">
              Go to the library
            </ButtonLink>
          </>
        ) : (
          <>
            <p className="auth-card__lead">Read, listen and learn at your own pace. Tell us where to send your sign-in link: new here or returning, the same link gets you in.</p>
            <MultiStepFlow steps={steps} label="Get your sign-in link" />
          </>
        )}
      </section>
    </div>
  );
}
