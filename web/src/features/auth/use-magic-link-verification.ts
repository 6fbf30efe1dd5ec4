/**
 * The callback's state machine (spec 000 §4): loading, success, error.
 * - no token: error 'No verification token found in the URL.' ('Try again' leads to the sign-in form);
 * - the browser-session marker of this token exists: success at once, redirect after 1.5 s;
 * - otherwise wait 2 s, verify; success stores the marker and redirects after 2.5 s;
 *   TOKEN_ALREADY_USED counts as success and redirects after 1.5 s; anything else is the error state;
 * - a link already used, when this browser then has no session, lands on the sign-in form saying
 *   so ('This link was already used...', the redirect remembered), never on a page it cannot open;
 * - a verification that reclaimed the account (accountReclaimed) says so here and on arrival;
 * - a member who must complete the profile goes to /onboarding, the target remembered for afterwards.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { authApi, type AuthApi } from '../../lib/auth/api';
import {
  ACCOUNT_RECLAIMED_KEY,
  browserSession,
  describeVerifyFailure,
  FRESH_REDIRECT_DELAY_MS,
  LINK_USED_NOTICE,
  NO_TOKEN_MESSAGE,
  VERIFIED_REDIRECT_DELAY_MS,
  VERIFY_DELAY_MS,
  verifiedMarkerKey,
} from '../../lib/auth/magic-link';
import { authPagePath } from '../../lib/auth/redirect';
import { isApiError } from '../../lib/http';
import { continueAfterSignIn } from '../../lib/auth/after-sign-in';
import { useAuth } from '../../lib/auth/AuthProvider';

export type VerificationView =
  | { status: 'loading' }
  /** `needsProfile` null: not known from this verification (already verified), the session decides. */
  | { status: 'success'; alreadyVerified: boolean; needsProfile: boolean | null; accountReclaimed?: boolean }
  | { status: 'error'; message: string; reason: string | null; canRetry: boolean };

/** The sign-in form with the 'link already used' notice, the target remembered. */
export function linkUsedLoginPath(target: string): string {
  const path = authPagePath('/login', target);
  return `${path}${path.includes('?') ? '&' : '?'}notice=${LINK_USED_NOTICE}`;
}

export interface VerificationTimings {
  verifyDelayMs?: number;
  freshRedirectDelayMs?: number;
  verifiedRedirectDelayMs?: number;
}

export interface VerificationOptions extends VerificationTimings {
  token: string | null;
  /** A safe path on this site: where the member lands. */
  target: string;
  api?: AuthApi;
}

export function useMagicLinkVerification({
  token,
  target,
  verifyDelayMs = VERIFY_DELAY_MS,
  freshRedirectDelayMs = FRESH_REDIRECT_DELAY_MS,
  verifiedRedirectDelayMs = VERIFIED_REDIRECT_DELAY_MS,
  api = authApi,
}: VerificationOptions): { view: VerificationView; needsProfile: boolean; retry(): void } {
  const auth = useAuth();
  const navigate = useNavigate();
  const [view, setView] = useState<VerificationView>(() => (token ? { status: 'loading' } : { status: 'error', message: NO_TOKEN_MESSAGE, reason: null, canRetry: false }));
  const [attempt, setAttempt] = useState(0);

  // Read when the timers fire, so they use the latest session and options without restarting.
  const latest = useRef({ auth, navigate, target, verifyDelayMs, freshRedirectDelayMs, verifiedRedirectDelayMs, api });
  latest.current = { auth, navigate, target, verifyDelayMs, freshRedirectDelayMs, verifiedRedirectDelayMs, api };

  useEffect(() => {
    if (!token) {
      setView({ status: 'error', message: NO_TOKEN_MESSAGE, reason: null, canRetry: false });
      return;
    }
    let cancelled = false;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const later = (ms: number, run: () => void) => timers.push(setTimeout(run, ms));
    const marker = verifiedMarkerKey(token);

    const go = (needsProfile: boolean | null) => {
      const { auth: current, navigate: to, target: destination } = latest.current;
      continueAfterSignIn(to, destination, needsProfile ?? (current.state.isAuthenticated && current.state.needsProfileCompletion));
    };
    const alreadyVerified = () => {
      browserSession.set(marker, 'true');
      setView({ status: 'success', alreadyVerified: true, needsProfile: null });
      later(latest.current.verifiedRedirectDelayMs, () => {
        // Used on another device (or signed out since): no session here, so say so on the sign-in form.
        const { auth: current, navigate: to, target: destination } = latest.current;
        if (!current.state.isAuthenticated && !current.state.isLoading) void to(linkUsedLoginPath(destination), { replace: true });
        else go(null);
      });
    };

    if (browserSession.get(marker)) {
      alreadyVerified();
    } else {
      setView({ status: 'loading' });
      later(latest.current.verifyDelayMs, () => {
        latest.current.api.verifyMagicLink(token).then(
          ({ user, accountReclaimed }) => {
            if (cancelled) return;
            browserSession.set(marker, 'true');
            if (accountReclaimed) browserSession.set(ACCOUNT_RECLAIMED_KEY, 'true');
            latest.current.auth.completeSignIn(user);
            setView({ status: 'success', alreadyVerified: false, needsProfile: user.needsProfileCompletion, accountReclaimed });
            later(latest.current.freshRedirectDelayMs, () => go(user.needsProfileCompletion));
          },
          (error: unknown) => {
            if (cancelled) return;
            if (isApiError(error) && error.code === 'TOKEN_ALREADY_USED') return alreadyVerified();
            const failure = describeVerifyFailure(error);
            latest.current.auth.failSignIn(failure.message);
            setView({ status: 'error', ...failure, canRetry: true });
          },
        );
      });
    }
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
  }, [token, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const needsProfile =
    view.status === 'success' && (view.needsProfile ?? (auth.state.isAuthenticated && auth.state.needsProfileCompletion));
  return { view, needsProfile, retry };
}
