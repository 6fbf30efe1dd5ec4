/**
 * Sign-in with a passkey (domain/auth/README.md "Passkeys"): request options from the server, the
 * browser's ceremony (@simplewebauthn/browser), then the assertion back to the server.
 *
 * Two ways in, one ceremony at a time (the library aborts the previous one when a new one starts):
 * - autofill (conditional mediation), started on mount where the browser supports it: the member's
 *   passkeys appear in the e-mail field's suggestions. It is quiet: only a failed verification of a
 *   passkey the member picked is reported. It is aborted when the page goes away.
 * - the button: a modal ceremony that replaces the autofill one; afterwards autofill starts again.
 * A closed or timed-out dialog is 'cancelled' (a calm note), not an error.
 */
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { authApi, type AuthApi } from '../../lib/auth/api';
import { describePasskeyFailure } from '../../lib/auth/sign-in-failures';
import { useAuth } from '../../lib/auth/AuthProvider';

export type PasskeyNotice = { kind: 'cancelled' | 'failed'; message: string } | null;

export interface PasskeySignIn {
  /** False in browsers without WebAuthn: the page offers no passkey button. */
  supported: boolean;
  /** The button's ceremony or a verification is under way. */
  pending: boolean;
  notice: PasskeyNotice;
  signIn(): Promise<void>;
}

type Ceremony = 'none' | 'autofill' | 'button';

export function usePasskeySignIn({ autofill = true, api = authApi }: { autofill?: boolean; api?: AuthApi } = {}): PasskeySignIn {
  const auth = useAuth();
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<PasskeyNotice>(null);
  // Bumped after the button's ceremony ends, to offer autofill again.
  const [autofillRound, setAutofillRound] = useState(0);
  const ceremony = useRef<Ceremony>('none');
  const mounted = useRef(true);

  const { completeSignIn, failSignIn } = auth;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Leaving the page ends whatever ceremony is open, so no dialog or suggestion outlives it.
      if (ceremony.current !== 'none') WebAuthnAbortService.cancelCeremony();
      ceremony.current = 'none';
    };
  }, []);

  useEffect(() => {
    if (!autofill || !supported) return;
    let live = true;
    const options = new AbortController();
    let verifying = false;
    const run = async () => {
      if (!(await browserSupportsWebAuthnAutofill())) return;
      const optionsJSON = await api.passkeySignInOptions(options.signal);
      // The button may have been used meanwhile: its ceremony must not be replaced.
      if (!live || ceremony.current !== 'none') return;
      ceremony.current = 'autofill';
      const credential = await startAuthentication({ optionsJSON, useBrowserAutofill: true });
      if (!live) return;
      ceremony.current = 'none';
      verifying = true;
      setPending(true);
      completeSignIn(await api.signInWithPasskey(credential));
    };
    run().catch((error: unknown) => {
      if (ceremony.current === 'autofill') ceremony.current = 'none';
      // Before the member picked a passkey, autofill fails quietly (the button still works), and
      // its abort by the button's ceremony is no news at all.
      if (!live || !mounted.current || !verifying) return;
      setPending(false);
      const failure = describePasskeyFailure(error);
      if (failure.kind === 'aborted') return;
      if (failure.kind === 'failed') failSignIn(failure.message);
      setNotice(failure);
    });
    return () => {
      live = false;
      options.abort();
      if (ceremony.current === 'autofill') {
        WebAuthnAbortService.cancelCeremony();
        ceremony.current = 'none';
      }
    };
  }, [autofill, supported, autofillRound, api, completeSignIn, failSignIn]);

  const signIn = useCallback(async () => {
    if (ceremony.current === 'button') return;
    // Set before anything is awaited, so an autofill start still on its way stands back.
    ceremony.current = 'button';
    setPending(true);
    setNotice(null);
    try {
      const optionsJSON = await api.passkeySignInOptions();
      // Starting this ceremony aborts the autofill one (the library keeps one at a time).
      const credential = await startAuthentication({ optionsJSON });
      const user = await api.signInWithPasskey(credential);
      ceremony.current = 'none';
      if (mounted.current) completeSignIn(user);
    } catch (error) {
      ceremony.current = 'none';
      if (!mounted.current) return;
      const failure = describePasskeyFailure(error);
      if (failure.kind !== 'aborted') {
        if (failure.kind === 'failed') failSignIn(failure.message);
        setNotice(failure);
      }
      setAutofillRound((round) => round + 1);
    } finally {
      if (mounted.current) setPending(false);
    }
  }, [api, completeSignIn, failSignIn]);

  return { supported, pending, notice, signIn };
}
