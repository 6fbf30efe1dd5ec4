import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageTitle } from '../../lib/product';
import { useAppConfig } from '../../lib/use-app-config';
import { AUTHENTICATION_FAILED_TITLE, LINK_ALREADY_USED_MESSAGE, LINK_USED_NOTICE } from '../../lib/auth/magic-link';
import { authPagePath, safeRedirect } from '../../lib/auth/redirect';
import { socialErrorMessage } from '../../lib/auth/social';
import { Spinner } from '../../ui/Spinner';
import { useContinueWhenSignedIn } from '../../lib/auth/after-sign-in';
import { MagicLinkRequest } from './MagicLinkRequest';
import { PasskeySignIn } from './PasskeySignIn';
import { PasswordSignInForm } from './PasswordSignInForm';
import { SignInMethodTabs } from './SignInMethodTabs';
import { SocialSignIn } from './SocialSignIn';
import { usePasskeySignIn } from './use-passkey-sign-in';
import '../../ui/card-page.css';
import './auth.css';

type TabbedMethod = 'email-link' | 'password';

/**
 * /login (spec 000 §2, §7): sign-in by e-mailed link or password (tabs), by passkey (a button, and
 * the browser's autofill where supported) and by each configured social provider. `redirect` names
 * the page to land on afterwards; `error` carries a social sign-in's failure code; `notice=link-used`
 * says the e-mailed link that brought the member here was already used (the callback sends them
 * here when this browser has no session). Someone signed
 * in (already, or just now) goes on to the redirect, or to onboarding first.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const target = safeRedirect(redirect, window.location.origin);
  const leaving = useContinueWhenSignedIn(target);
  // Kept here, above the magic-link flow, so Back from 'Check your email' returns to the same tab.
  const [method, setMethod] = useState<TabbedMethod>('email-link');

  if (leaving) {
    return (
      <div className="auth-page auth-page--loading">
        <Spinner size="lg" label="Signing you in…" showLabel />
      </div>
    );
  }

  return (
    <div className="auth-page">
      <div className="auth-card">
        <MagicLinkRequest
          redirect={redirect}
          headingLevel={1}
          emailAutoComplete="username webauthn"
          frame={(form) => (
            <SignInChooser
              emailLinkForm={form}
              method={method}
              onMethod={setMethod}
              target={target}
              error={socialErrorMessage(params.get('error'))}
              notice={params.get('notice') === LINK_USED_NOTICE ? LINK_ALREADY_USED_MESSAGE : null}
            />
          )}
        />
      </div>
    </div>
  );
}

interface SignInChooserProps {
  emailLinkForm: ReactElement;
  method: TabbedMethod;
  onMethod(method: TabbedMethod): void;
  target: string;
  /** A social sign-in's failure, already phrased. */
  error: string | null;
  /** Why the member is here, when it is not a failure ('This link was already used...'). */
  notice: string | null;
}

function SignInChooser({ emailLinkForm, method, onMethod, target, error, notice }: SignInChooserProps) {
  const headingId = useId();
  const passkey = usePasskeySignIn();
  const { dynamic } = useAppConfig();
  const otherWays = passkey.supported || dynamic.socialProviders.length > 0;
  const focusEmail = useRef(false);

  useEffect(() => {
    // 'Get a sign-in link by email' swapped the panel: the reading position follows to its field.
    if (!focusEmail.current || method !== 'email-link') return;
    focusEmail.current = false;
    document.querySelector<HTMLInputElement>('.method-tabs__panel input[type="email"]')?.focus();
  }, [method]);

  return (
    <section aria-labelledby={headingId} className="sign-in">
      <title>{pageTitle('Sign in')}</title>
      <h1 id={headingId} className="auth-card__title">
        Sign in
      </h1>
      <p className="auth-card__lead">Welcome back. Choose how you’d like to sign in.</p>
      {notice && (
        <div className="auth-notice auth-notice--warning" role="status">
          <p>{notice}</p>
        </div>
      )}
      {error && (
        <div className="auth-notice auth-notice--error" role="alert">
          <p className="auth-notice__title">{AUTHENTICATION_FAILED_TITLE}</p>
          <p>{error}</p>
        </div>
      )}
      <SignInMethodTabs
        label="Sign-in method"
        selected={method}
        onSelect={onMethod}
        methods={[
          { id: 'email-link', label: 'Email link', panel: emailLinkForm },
          {
            id: 'password',
            label: 'Password',
            panel: (
              <PasswordSignInForm
                onUseEmailLink={() => {
                  focusEmail.current = true;
                  onMethod('email-link');
                }}
              />
            ),
          },
        ]}
      />
      {otherWays && (
        <>
          <p className="auth-divider">
            <span>or</span>
          </p>
          <div className="auth-alternatives">
            <PasskeySignIn passkey={passkey} />
            <SocialSignIn target={target} />
          </div>
        </>
      )}
      <p className="auth-switch">
        New here? <Link to={authPagePath('/register', target)}>Create an account</Link>
      </p>
      <p className="auth-legal">
        By continuing, you agree to our <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </section>
  );
}
