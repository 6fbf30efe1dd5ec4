import { Button } from '../../ui/Button';
import { classNames } from '../../ui/size';
import { PasskeyIcon } from '../../ui/icons';
import type { PasskeySignIn as PasskeySignInState } from './use-passkey-sign-in';

/**
 * The passkey button and what it has to say. The note is a live region that is always there, so a
 * cancelled or failed attempt is announced; a failure is also an alert.
 */
export function PasskeySignIn({ passkey }: { passkey: PasskeySignInState }) {
  if (!passkey.supported) return null;
  const { notice } = passkey;
  return (
    <div className="passkey-sign-in">
      <Button variant="secondary" size="lg" className="passkey-sign-in__button" loading={passkey.pending} onClick={() => void passkey.signIn()}>
        <PasskeyIcon />
        Sign in with a passkey
      </Button>
      <div role="status" className="passkey-sign-in__status">
        {notice?.kind === 'cancelled' && <p className="auth-card__hint passkey-sign-in__note">{notice.message}</p>}
      </div>
      {notice?.kind === 'failed' && (
        <p className={classNames('auth-notice', 'auth-notice--error', 'passkey-sign-in__error')} role="alert">
          {notice.message}
        </p>
      )}
    </div>
  );
}
