/**
 * Where a member goes once signed in, whichever way they signed in (spec 000 §4): the target page,
 * or first /onboarding when the profile needs completing, with the target remembered for afterwards.
 */
import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { browserSession, POST_PROFILE_REDIRECT_KEY } from './magic-link';
import { useAuth } from './AuthProvider';

export const ONBOARDING_PATH = '/onboarding';

/** `target` is a safe path on this site (see `safeRedirect`). */
export function continueAfterSignIn(navigate: NavigateFunction, target: string, needsProfileCompletion: boolean): void {
  if (needsProfileCompletion) {
    browserSession.set(POST_PROFILE_REDIRECT_KEY, target);
    void navigate(ONBOARDING_PATH, { replace: true });
  } else {
    void navigate(target, { replace: true });
  }
}

/**
 * For the sign-in pages: once the session says signed in (a form just succeeded, or the member
 * arrived signed in), go on to `target`. Returns whether that is happening, so the page can stop
 * showing its forms.
 */
export function useContinueWhenSignedIn(target: string): boolean {
  const { state, settled } = useAuth();
  const navigate = useNavigate();
  const signedIn = settled && state.isAuthenticated;
  const needsProfile = state.needsProfileCompletion;
  useEffect(() => {
    if (signedIn) continueAfterSignIn(navigate, target, needsProfile);
  }, [signedIn, needsProfile, navigate, target]);
  return signedIn;
}
