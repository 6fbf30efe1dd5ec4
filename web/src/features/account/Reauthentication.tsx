/**
 * Sensitive actions (removing a method, changing the preferred one or the password without the
 * current one) answer 403 REAUTHENTICATION_REQUIRED when the session signed in more than 10 minutes
 * ago. `useSensitiveAction()` runs an action; on that answer it opens the confirm-it's-you dialog
 * and, once the member has proved who they are, runs the action once more. A dialog closed
 * without confirming ends the action with `ReauthenticationCancelled`, which callers stay quiet
 * about. Several actions waiting at once share one dialog.
 *
 * The ways offered: the password, a passkey, and an e-mailed link when email links are on. The
 * link signs the member in afresh in the browser that opens it (a new session replacing this
 * one), so after opening it the member comes back and continues, and the action runs again.
 */
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { createContext, useCallback, useContext, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../lib/use-app-config';
import { accountApi } from '../../lib/auth/account-api';
import { absoluteRedirectUrl, basePathPrefix } from '../../lib/auth/redirect';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PasswordField } from '../../ui/fields/PasswordField';
import { useAuth } from '../../lib/auth/AuthProvider';
import { loginPathFor } from '../../lib/auth/RequireAuth';
import { describeFailure, isReauthenticationRequired, PASSKEY_VERIFY_FAILED_MESSAGE, plainFailure, type Failure } from './account-messages';
import { useSignInMethods } from './account-queries';
import { FailureNotice } from './FailureNotice';

export const SECURITY_PAGE_PATH = '/profile/security';
export const REAUTH_TITLE = 'Confirm it’s you';
export const PASSWORD_REQUIRED_MESSAGE = 'Enter your password';
export const REAUTH_PASSKEY_CANCELLED = 'The passkey prompt was closed or timed out. Try again, or use another way.';
export const reauthLinkSentMessage = (email: string | null) =>
  `We sent a sign-in link to ${email ?? 'your email address'}. Open it in this browser, then come back here and continue.`;

export class ReauthenticationCancelled extends Error {
  constructor() {
    super('Re-authentication was cancelled');
    this.name = 'ReauthenticationCancelled';
  }
}

export const isReauthenticationCancelled = (error: unknown) => error instanceof ReauthenticationCancelled;

type RunSensitive = <T>(action: () => Promise<T>) => Promise<T>;

const ReauthenticationContext = createContext<RunSensitive | null>(null);

export function useSensitiveAction(): RunSensitive {
  const run = useContext(ReauthenticationContext);
  if (!run) throw new Error('useSensitiveAction must be used inside <ReauthenticationProvider>');
  return run;
}

export function ReauthenticationProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pending = useRef<{ promise: Promise<boolean>; resolve: (confirmed: boolean) => void } | null>(null);

  const confirm = useCallback((): Promise<boolean> => {
    if (!pending.current) {
      let resolve!: (confirmed: boolean) => void;
      const promise = new Promise<boolean>((done) => {
        resolve = done;
      });
      pending.current = { promise, resolve };
      setOpen(true);
    }
    return pending.current.promise;
  }, []);

  const finish = useCallback((confirmed: boolean) => {
    pending.current?.resolve(confirmed);
    pending.current = null;
    setOpen(false);
  }, []);

  const run = useCallback<RunSensitive>(
    async (action) => {
      try {
        return await action();
      } catch (error) {
        if (!isReauthenticationRequired(error)) throw error;
        if (!(await confirm())) throw new ReauthenticationCancelled();
        // Once: a second refusal is reported like any other failure.
        return action();
      }
    },
    [confirm],
  );

  return (
    <ReauthenticationContext.Provider value={run}>
      {children}
      {open && <ReauthenticationDialog onDone={finish} />}
    </ReauthenticationContext.Provider>
  );
}

function ReauthenticationDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const methods = useSignInMethods();
  const auth = useAuth();
  const navigate = useNavigate();
  const { bootstrap } = useAppConfig();
  const passwordId = useId();
  const focusPassword = (select = false) => {
    const input = document.getElementById(passwordId);
    if (input instanceof HTMLInputElement) {
      input.focus();
      if (select) input.select();
    }
  };
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'passkey' | 'link' | 'leaving' | null>(null);
  const [linkSent, setLinkSent] = useState(false);

  const has = (method: 'PASSWORD' | 'PASSKEY' | 'MAGIC_LINK') => methods.data?.methods.includes(method) ?? false;
  const withPassword = has('PASSWORD');
  const withPasskey = has('PASSKEY') && browserSupportsWebAuthn();
  const withLink = has('MAGIC_LINK');

  const submitPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setFieldError(PASSWORD_REQUIRED_MESSAGE);
      focusPassword();
      return;
    }
    setFieldError(undefined);
    setFailure(null);
    setNote(null);
    setBusy('password');
    try {
      await accountApi.reauthenticateWithPassword(password);
      onDone(true);
    } catch (error) {
      setFailure(plainFailure(error));
      setBusy(null);
      focusPassword(true);
    }
  };

  const confirmWithPasskey = async () => {
    if (busy) return;
    setFailure(null);
    setNote(null);
    setBusy('passkey');
    try {
      const optionsJSON = await accountApi.passkeyReauthenticationOptions();
      let credential;
      try {
        credential = await startAuthentication({ optionsJSON });
      } catch (error) {
        if (error instanceof Error && error.name === 'NotAllowedError') setNote(REAUTH_PASSKEY_CANCELLED);
        else setFailure({ title: PASSKEY_VERIFY_FAILED_MESSAGE, detail: error instanceof Error ? error.message : null });
        setBusy(null);
        return;
      }
      await accountApi.reauthenticateWithPasskey(credential);
      onDone(true);
    } catch (error) {
      setFailure(describeFailure(error, PASSKEY_VERIFY_FAILED_MESSAGE));
      setBusy(null);
    }
  };

  const sendLink = async () => {
    if (busy) return;
    setFailure(null);
    setNote(null);
    setBusy('link');
    try {
      const origin = window.location.origin;
      await accountApi.reauthenticateByEmailLink({ redirectUrl: absoluteRedirectUrl(SECURITY_PAGE_PATH, origin), appUrl: origin, basePath: basePathPrefix(bootstrap.basePath) });
      setLinkSent(true);
      setNote(reauthLinkSentMessage(auth.state.email));
    } catch (error) {
      setFailure(plainFailure(error));
    } finally {
      setBusy(null);
    }
  };

  const signInAgain = async () => {
    setBusy('leaving');
    onDone(false);
    await auth.logout();
    await navigate(loginPathFor(SECURITY_PAGE_PATH), { replace: true });
  };

  const confirmWays = withPassword || withPasskey || withLink;
  const description = methods.isPending ? (
    <p>For your security, confirm who you are before changing how you sign in.</p>
  ) : confirmWays ? (
    <p>For your security, confirm who you are before changing how you sign in. This lasts 10 minutes.</p>
  ) : (
    <p>
      For your security, changes to how you sign in need a recent sign-in, and your account has no password, passkey or email link to confirm it with
      here. Sign in again, then come back to this page.
    </p>
  );

  return (
    <Dialog title={REAUTH_TITLE} onClose={() => onDone(false)} description={description} busy={busy !== null} className="reauth-dialog">
      <FailureNotice failure={failure} />
      <div role="status" className="reauth-dialog__note">
        {note && <p>{note}</p>}
      </div>
      {withPassword && (
        <form className="reauth-dialog__form" noValidate onSubmit={(event) => void submitPassword(event)}>
          <PasswordField
            id={passwordId}
            label="Password"
            name="password"
            autoComplete="current-password"
            size="lg"
            value={password}
            onChange={(value) => {
              setPassword(value);
              if (fieldError && value) setFieldError(undefined);
            }}
            error={fieldError}
          />
          <Button type="submit" loading={busy === 'password'} disabled={busy !== null && busy !== 'password'}>
            Confirm with password
          </Button>
        </form>
      )}
      {withPasskey && (
        <Button variant={withPassword ? 'secondary' : 'primary'} loading={busy === 'passkey'} disabled={busy !== null && busy !== 'passkey'} onClick={() => void confirmWithPasskey()}>
          Confirm with a passkey
        </Button>
      )}
      {withLink &&
        (linkSent ? (
          <div className="reauth-dialog__link">
            <Button variant={withPassword || withPasskey ? 'secondary' : 'primary'} disabled={busy !== null} onClick={() => onDone(true)}>
              I’ve opened the link, continue
            </Button>
            <Button variant="ghost" loading={busy === 'link'} disabled={busy !== null && busy !== 'link'} onClick={() => void sendLink()}>
              Send another link
            </Button>
          </div>
        ) : (
          <Button variant={withPassword || withPasskey ? 'secondary' : 'primary'} loading={busy === 'link'} disabled={busy !== null && busy !== 'link'} onClick={() => void sendLink()}>
            Email me a sign-in link
          </Button>
        ))}
      <div className="dialog__actions">
        <Button variant={confirmWays ? 'ghost' : 'primary'} loading={busy === 'leaving'} onClick={() => void signInAgain()}>
          Sign in again
        </Button>
        <Button variant="secondary" onClick={() => onDone(false)} disabled={busy !== null}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
