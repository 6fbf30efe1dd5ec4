import { useState } from 'react';
import { useAppConfig } from '../../lib/use-app-config';
import { socialConnectUrl } from '../../lib/auth/social';
import { formatDate } from '../../lib/format';
import { requireApiGatewayUrl } from '../../lib/http';
import { Button } from '../../ui/Button';
import { useAuth } from '../../lib/auth/AuthProvider';
import { useSocialAccounts } from './account-queries';
import { accountApi } from '../../lib/auth/account-api';
import { pageNavigation } from '../../lib/page-navigation';
import { describeFailure, type Failure } from './account-messages';
import { FailureNotice } from './FailureNotice';
import { isReauthenticationCancelled, SECURITY_PAGE_PATH, useSensitiveAction } from './Reauthentication';
import { SectionFailure, SectionLoading } from './SectionStatus';
import { RemoveMethodDialog, useRemoveMethod } from './SignInMethodsSection';

export const NO_LINKED_ACCOUNTS_MESSAGE = 'No linked accounts yet';
export const CONNECT_FAILED_MESSAGE = 'The account could not be connected. Please try again.';

/**
 * The member's linked provider accounts, and a Connect link for each configured provider not
 * linked yet: a full navigation to /api/auth/connect/{id}, which links the provider to this
 * signed-in member and comes back here. Linking adds a way in, so it needs a recent sign-in: the
 * link first asks the server (useSensitiveAction: the confirm-it's-you dialog when it is stale),
 * then navigates. Unlinking removes every linked account (the server keeps
 * SOCIAL as one method), and the confirmation says so.
 */
export function LinkedAccountsSection() {
  const accounts = useSocialAccounts();
  const { bootstrap, dynamic } = useAppConfig();
  const { state } = useAuth();
  const removeMethod = useRemoveMethod();
  const [unlinking, setUnlinking] = useState(false);
  const runSensitive = useSensitiveAction();
  const [connectFailure, setConnectFailure] = useState<Failure | null>(null);
  const connect = async (href: string) => {
    setConnectFailure(null);
    try {
      await runSensitive(() => accountApi.requireRecentSignIn());
      pageNavigation.leaveTo(href);
    } catch (error) {
      if (!isReauthenticationCancelled(error)) setConnectFailure(describeFailure(error, CONNECT_FAILED_MESSAGE));
    }
  };
  const where = { apiBase: requireApiGatewayUrl(), basePath: bootstrap.basePath };
  const linked = new Set((accounts.data ?? []).map((account) => account.provider));
  const connectable = dynamic.socialProviders.filter((provider) => !linked.has(provider.id));

  return (
    <section className="card security-section" aria-labelledby="linked-title" id="linked-accounts" tabIndex={-1}>
      <h2 id="linked-title" className="security-section__title" tabIndex={-1}>
        Linked accounts
      </h2>
      <p className="security-section__lead">Sign in with an account you already have at another service.</p>
      {accounts.isPending ? (
        <SectionLoading label="Loading your linked accounts…" rows={1} />
      ) : accounts.isError ? (
        <SectionFailure error={accounts.error} what="your linked accounts" onRetry={() => void accounts.refetch()} />
      ) : (
        <>
          {accounts.data.length === 0 ? (
            <p className="security-empty">{NO_LINKED_ACCOUNTS_MESSAGE}</p>
          ) : (
            <ul className="item-list" aria-label="Your linked accounts">
              {accounts.data.map((account) => (
                <li key={account.id} className="item-list__item">
                  <div className="item-list__text">
                    <span className="item-list__name">{account.providerName}</span>
                    {account.email && <span className="item-list__detail">{account.email}</span>}
                    <span className="item-list__meta">
                      Linked {formatDate(account.linkedAt, 'medium')} · Last used {formatDate(account.lastUsedAt, 'medium')}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <FailureNotice failure={connectFailure} />
          {(connectable.length > 0 || accounts.data.length > 0) && (
            <div className="security-form__actions security-form__actions--start">
              {connectable.map((provider) => (
                <a
                  key={provider.id}
                  className="button button--secondary button--md"
                  href={socialConnectUrl(provider.id, SECURITY_PAGE_PATH, where)}
                  onClick={(event) => {
                    event.preventDefault();
                    void connect(event.currentTarget.href);
                  }}
                >
                  Connect {provider.name}
                </a>
              ))}
              {accounts.data.length > 0 && (
                <Button variant="ghost" onClick={() => setUnlinking(true)}>
                  {accounts.data.length === 1 ? 'Unlink account' : 'Unlink all accounts'}
                </Button>
              )}
            </div>
          )}
          {dynamic.socialProviders.length === 0 && accounts.data.length === 0 && <p className="security-section__note">No sign-in providers are available on this site.</p>}
        </>
      )}
      {unlinking && (
        <RemoveMethodDialog
          method="SOCIAL"
          email={state.email}
          providers={[...new Set((accounts.data ?? []).map((account) => account.providerName))]}
          onConfirm={() => removeMethod('SOCIAL')}
          onClose={() => setUnlinking(false)}
          focusAfter={() => document.getElementById('linked-title')}
        />
      )}
    </section>
  );
}
