import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { pageTitle } from '../../lib/product';
import { useAppConfig } from '../../lib/use-app-config';
import {
  ACCOUNT_RECLAIMED_MESSAGE,
  ACCOUNT_RECLAIMED_TITLE,
  AUTHENTICATION_FAILED_TITLE,
  PROFILE_DESTINATION_TEXT,
  VERIFICATION_FAILED_TITLE,
  VERIFY_FAILED_HELP,
} from '../../lib/auth/magic-link';
import { destinationLabel, safeRedirect } from '../../lib/auth/redirect';
import { Button, ButtonLink } from '../../ui/Button';
import { AlertIcon, CheckCircleIcon } from '../../ui/icons';
import { useMagicLinkVerification, type VerificationTimings } from './use-magic-link-verification';
import '../../ui/card-page.css';
import './auth.css';

export interface AuthCallbackProps extends VerificationTimings {
  /** Where to land after signing in; else the `redirect` query parameter; else `/`. Always a path on this site. */
  redirectTo?: string;
}

/** The magic-link callback screen (spec 000 §2, §4): loading, success, error. */
export function AuthCallback({ redirectTo, ...timings }: AuthCallbackProps) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const target = safeRedirect(redirectTo || params.get('redirect'), window.location.origin);
  const { view, needsProfile, retry } = useMagicLinkVerification({ token, target, ...timings });
  const { dynamic } = useAppConfig();
  const errorHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // A failure moves focus to its heading, so the explanation and the ways on are read next.
    if (view.status === 'error') errorHeading.current?.focus();
  }, [view.status]);

  const destination = needsProfile ? PROFILE_DESTINATION_TEXT : `Taking you to ${destinationLabel(target)}...`;
  const loginHref = target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;

  return (
    <div className="auth-page">
      <section className="auth-card callback" data-state={view.status} aria-labelledby="callback-title">
        {view.status === 'loading' && (
          <>
            <title>{pageTitle('Signing you in')}</title>
            <div className="callback__visual">
              <span className="spinner spinner--lg" aria-hidden="true">
                <span className="spinner__circle" />
              </span>
            </div>
            <h1 id="callback-title" className="auth-card__title">
              Verifying your magic link
            </h1>
          </>
        )}

        {view.status === 'success' && (
          <>
            <title>{pageTitle('Signed in')}</title>
            <div className="auth-card__icon auth-card__icon--success" aria-hidden="true">
              <CheckCircleIcon size={28} />
            </div>
            <h1 id="callback-title" className="auth-card__title">
              You’re signed in
            </h1>
          </>
        )}

        {/* One live region through loading and success, so the change to success is announced. */}
        {view.status !== 'error' && (
          <div role="status" className="callback__status">
            {view.status === 'loading' ? (
              <p className="auth-card__lead">Hold on a moment while we sign you in.</p>
            ) : (
              <>
                <p className="auth-card__lead">
                  {view.alreadyVerified ? 'This magic link was already verified.' : 'Your magic link has been verified.'}
                </p>
                {view.accountReclaimed && (
                  <div className="auth-notice auth-notice--warning">
                    <p className="auth-notice__title">{ACCOUNT_RECLAIMED_TITLE}</p>
                    <p>{ACCOUNT_RECLAIMED_MESSAGE}</p>
                  </div>
                )}
                <p className="callback__destination">{destination}</p>
              </>
            )}
          </div>
        )}

        {view.status === 'error' && (
          <>
            <title>{pageTitle(AUTHENTICATION_FAILED_TITLE)}</title>
            <div className="auth-card__icon auth-card__icon--danger" aria-hidden="true">
              <AlertIcon size={28} />
            </div>
            <h1 id="callback-title" className="auth-card__title" tabIndex={-1} ref={errorHeading}>
              {AUTHENTICATION_FAILED_TITLE}
            </h1>
            <div className="auth-notice auth-notice--error callback__problem" role="alert">
              <p className="auth-notice__title">{VERIFICATION_FAILED_TITLE}</p>
              <p>{view.message}</p>
              {view.reason && <p>{view.reason}</p>}
            </div>
            <p className="auth-card__lead">{VERIFY_FAILED_HELP}</p>
            <div className="auth-actions">
              {view.canRetry ? (
                <>
                  <Button variant="secondary" onClick={retry}>
                    Try again
                  </Button>
                  <ButtonLink to={loginHref}>Return to login</ButtonLink>
                </>
              ) : (
                // No token to verify again (spec 000 §2 still offers 'Try again'): trying again is asking for a new link.
                <ButtonLink to={loginHref}>Try again</ButtonLink>
              )}
            </div>
            <p className="callback__support">
              Still stuck? <a href={`mailto:${dynamic.supportEmail}`}>Contact support</a>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
