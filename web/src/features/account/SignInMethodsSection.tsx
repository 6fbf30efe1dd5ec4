import { useState } from 'react';
import type { AuthMethod, PreferredMethod } from '../../../../domain/auth/schemas';
import { useAppConfig } from '../../lib/use-app-config';
import { accountApi, type SignInMethods } from '../../lib/auth/account-api';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/Toast';
import { useAuth } from '../../lib/auth/AuthProvider';
import { plainFailure, type Failure } from './account-messages';
import { accountKeys, useMethodsChanged, useSignInMethods, useSocialAccounts } from './account-queries';
import { ConfirmDialog } from './ConfirmDialog';
import { FailureNotice } from './FailureNotice';
import { isReauthenticationCancelled, useSensitiveAction } from './Reauthentication';
import { SectionFailure, SectionLoading } from './SectionStatus';

interface MethodInfo {
  label: string;
  /** Where the page sets it up or manages it. */
  anchor: string | null;
  preferable: boolean;
  on: string;
  off: string;
  removeLabel: string;
}

export const METHOD_INFO: Record<AuthMethod, MethodInfo> = {
  PASSWORD: { label: 'Password', anchor: '#password', preferable: true, on: 'Set up', off: 'Not set up', removeLabel: 'Remove' },
  PASSKEY: { label: 'Passkeys', anchor: '#passkeys', preferable: true, on: 'Set up', off: 'Not set up', removeLabel: 'Remove' },
  SOCIAL: { label: 'Linked accounts', anchor: '#linked-accounts', preferable: true, on: 'Linked', off: 'None linked', removeLabel: 'Unlink' },
  MAGIC_LINK: { label: 'Email link', anchor: null, preferable: false, on: 'On', off: 'Off', removeLabel: 'Turn off' },
};

const ORDER: AuthMethod[] = ['PASSWORD', 'PASSKEY', 'SOCIAL', 'MAGIC_LINK'];

/** What the confirmation says each removal does. */
export function removalText(method: AuthMethod, email: string | null, providers: string[]): { title: string; body: string; confirm: string; done: string } {
  switch (method) {
    case 'PASSWORD':
      return { title: 'Remove your password?', body: 'You will no longer be able to sign in with a password.', confirm: 'Remove password', done: 'Password removed' };
    case 'PASSKEY':
      return { title: 'Remove all passkeys?', body: 'Every passkey on your account stops working at once.', confirm: 'Remove all passkeys', done: 'Passkeys removed' };
    case 'SOCIAL': {
      const names = providers.length > 0 ? ` (${providers.join(', ')})` : '';
      return {
        title: 'Unlink all accounts?',
        body: `This unlinks every account linked to yours${names}, not just one. You will no longer be able to sign in with them.`,
        confirm: 'Unlink all',
        done: 'Accounts unlinked',
      };
    }
    case 'MAGIC_LINK':
      return {
        title: 'Turn off email links?',
        body: `Sign-in links will no longer be sent${email ? ` to ${email}` : ''}. You will sign in with your other methods only.`,
        confirm: 'Turn off email links',
        done: 'Email links turned off',
      };
  }
}

/** Removes a whole method (behind the re-authentication), brings the page up to date and says so. */
export function useRemoveMethod() {
  const runSensitive = useSensitiveAction();
  const methodsChanged = useMethodsChanged();
  const toast = useToast();
  return async (method: AuthMethod) => {
    const answer: SignInMethods = await runSensitive(() => accountApi.removeMethod(method));
    methodsChanged(answer, method === 'PASSKEY' ? [accountKeys.passkeyPages] : method === 'SOCIAL' ? [accountKeys.social] : []);
    toast.show(removalText(method, null, []).done, { tone: 'success' });
  };
}

/** The member's ways in: each with its state, the preferred one marked, make preferred, remove. */
export function SignInMethodsSection() {
  const methods = useSignInMethods();
  const social = useSocialAccounts();
  const { dynamic } = useAppConfig();
  const { state } = useAuth();
  const toast = useToast();
  const runSensitive = useSensitiveAction();
  const methodsChanged = useMethodsChanged();
  const [removing, setRemoving] = useState<AuthMethod | null>(null);
  const [preferring, setPreferring] = useState<PreferredMethod | null>(null);
  const [turningOn, setTurningOn] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const makePreferred = async (method: PreferredMethod) => {
    setPreferring(method);
    setFailure(null);
    try {
      methodsChanged(await runSensitive(() => accountApi.setPreferredMethod(method)));
      toast.show(`${METHOD_INFO[method].label} is now your preferred way to sign in`, { tone: 'success' });
    } catch (error) {
      if (!isReauthenticationCancelled(error)) setFailure(plainFailure(error));
    } finally {
      setPreferring(null);
    }
  };

  // No re-authentication: turning email links on only adds a way in through the member's own mailbox.
  const turnOnEmailLinks = async () => {
    setTurningOn(true);
    setFailure(null);
    try {
      methodsChanged(await accountApi.addMethod('MAGIC_LINK'));
      toast.show('Email links turned on', { tone: 'success' });
    } catch (error) {
      setFailure(plainFailure(error));
    } finally {
      setTurningOn(false);
    }
  };

  const remove = useRemoveMethod();

  return (
    <section className="card security-section" aria-labelledby="methods-title">
      <h2 id="methods-title" className="security-section__title" tabIndex={-1}>
        Sign-in methods
      </h2>
      <p className="security-section__lead">The ways you can sign in to your account. Keep at least two, so losing one never locks you out.</p>
      {methods.isPending ? (
        <SectionLoading label="Loading your sign-in methods…" rows={4} />
      ) : methods.isError ? (
        <SectionFailure error={methods.error} what="your sign-in methods" onRetry={() => void methods.refetch()} />
      ) : (
        <>
          <FailureNotice failure={failure} />
          <p className="security-section__meta">
            {state.email && <span className="security-section__email">{state.email}</span>}
            <span className={methods.data.emailVerified ? 'security-badge security-badge--success' : 'security-badge security-badge--warning'}>
              {methods.data.emailVerified ? 'Email verified' : 'Email not verified'}
            </span>
          </p>
          <ul className="method-list">
            {ORDER.map((method) => {
              const info = METHOD_INFO[method];
              const on = methods.data.methods.includes(method);
              const preferred = methods.data.preferredMethod === method;
              return (
                <li key={method} className="method-list__item">
                  <div className="method-list__text">
                    <span className="method-list__name">{info.label}</span>
                    <span className={on ? 'security-badge security-badge--success' : 'security-badge'}>{on ? info.on : info.off}</span>
                    {preferred && <span className="security-badge security-badge--accent">Preferred</span>}
                  </div>
                  <div className="method-list__actions">
                    {on && info.preferable && !preferred && (
                      <Button size="sm" variant="secondary" loading={preferring === method} disabled={preferring !== null} onClick={() => void makePreferred(method as PreferredMethod)}>
                        Make preferred<span className="visually-hidden">: {info.label}</span>
                      </Button>
                    )}
                    {on && (
                      <Button size="sm" variant="ghost" onClick={() => setRemoving(method)}>
                        {info.removeLabel}
                        <span className="visually-hidden">: {info.label}</span>
                      </Button>
                    )}
                    {!on && method === 'MAGIC_LINK' && (
                      <Button size="sm" variant="secondary" loading={turningOn} onClick={() => void turnOnEmailLinks()}>
                        Turn on<span className="visually-hidden">: {info.label}</span>
                      </Button>
                    )}
                    {!on && info.anchor && (method !== 'SOCIAL' || dynamic.socialProviders.length > 0) && (
                      <a className="button button--sm button--secondary" href={info.anchor}>
                        Set up<span className="visually-hidden">: {info.label}</span>
                      </a>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {removing && (
        <RemoveMethodDialog
          method={removing}
          email={state.email}
          providers={[...new Set((social.data ?? []).map((account) => account.providerName))]}
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
          // The Remove button goes with the method: focus lands on the section instead.
          focusAfter={() => document.getElementById('methods-title')}
        />
      )}
    </section>
  );
}

export function RemoveMethodDialog({
  method,
  email,
  providers,
  onConfirm,
  onClose,
  focusAfter,
}: {
  method: AuthMethod;
  email: string | null;
  providers: string[];
  onConfirm(): Promise<void>;
  onClose(): void;
  focusAfter(): HTMLElement | null;
}) {
  const text = removalText(method, email, providers);
  return <ConfirmDialog title={text.title} description={<p>{text.body}</p>} confirmLabel={text.confirm} onConfirm={onConfirm} onClose={onClose} focusAfter={focusAfter} />;
}
