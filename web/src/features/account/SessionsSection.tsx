import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { accountApi, type ActiveSession } from '../../lib/auth/account-api';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/Toast';
import { useAuth } from '../../lib/auth/AuthProvider';
import { plainFailure, type Failure } from './account-messages';
import { accountKeys, useActiveSessions } from './account-queries';
import { describeDevice } from './describe-device';
import { FailureNotice } from './FailureNotice';
import { SectionFailure, SectionLoading } from './SectionStatus';

export const SIGN_IN_METHOD_WORDS: Record<string, string> = {
  MAGIC_LINK: 'Email link',
  PASSWORD: 'Password',
  PASSKEY: 'Passkey',
  SOCIAL: 'Linked account',
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
};

/** This device first, then the most recently used. */
const byRelevance = (a: ActiveSession, b: ActiveSession) => Number(b.current) - Number(a.current) || Date.parse(b.lastUsedAt) - Date.parse(a.lastUsedAt);

/**
 * Where the member is signed in. Ending another session stops its tokens at once; ending this
 * one is signing out here, so the browser leaves for the home page like the header's Sign out.
 */
export function SessionsSection() {
  const sessions = useActiveSessions();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [ending, setEnding] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const end = async (session: ActiveSession) => {
    setEnding(session.id);
    setFailure(null);
    try {
      await accountApi.endSession(session.id);
      if (session.current) {
        await navigate('/');
        await logout();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
      toast.show(`Signed out ${describeDevice(session.userAgent)}`, { tone: 'success' });
    } catch (error) {
      setFailure(plainFailure(error));
    } finally {
      setEnding(null);
    }
  };

  return (
    <section className="card security-section" aria-labelledby="sessions-title" id="sessions">
      <h2 id="sessions-title" className="security-section__title">
        Active sessions
      </h2>
      <p className="security-section__lead">Devices signed in to your account. Sign out any you do not recognise.</p>
      {sessions.isPending ? (
        <SectionLoading label="Loading your sessions…" />
      ) : sessions.isError ? (
        <SectionFailure error={sessions.error} what="your sessions" onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <FailureNotice failure={failure} />
          <ul className="item-list" aria-label="Your sessions">
            {[...sessions.data].sort(byRelevance).map((session) => {
              const device = describeDevice(session.userAgent);
              return (
                <li key={session.id} className="item-list__item">
                  <div className="item-list__text">
                    <span className="item-list__name">{device}</span>
                    {session.current && <span className="security-badge security-badge--accent">This device</span>}
                    <span className="item-list__meta">
                      {session.ip} · Signed in with {(SIGN_IN_METHOD_WORDS[session.method] ?? session.method).toLowerCase()} on {when(session.signedInAt)}
                    </span>
                    <span className="item-list__meta">Last used {when(session.lastUsedAt)}</span>
                  </div>
                  <div className="item-list__actions">
                    <Button size="sm" variant={session.current ? 'secondary' : 'ghost'} loading={ending === session.id} disabled={ending !== null && ending !== session.id} onClick={() => void end(session)}>
                      {session.current ? (
                        'Sign out of this device'
                      ) : (
                        <>
                          Sign out{' '}<span className="visually-hidden">{`${device}, last used ${when(session.lastUsedAt)}`}</span>
                        </>
                      )}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
