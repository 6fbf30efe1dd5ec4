import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageTitle } from '../../lib/product';
import { Button, ButtonLink } from '../../ui/Button';
import { ConfirmDialog } from './ConfirmDialog';
import { accountKeys } from './account-queries';
import { SectionFailure, SectionLoading } from './SectionStatus';
import { activityKeys, securityActivityApi, useSecurityActivity, type SecurityEvent } from './security-activity-api';
import '../../ui/card-page.css';
import './account.css';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
};

export const NO_ACTIVITY_MESSAGE = 'No security activity yet.';
export const PLACE_UNKNOWN = 'Place unknown';

/** Where an event came from: the country when a trusted proxy named it, and the network it came from. */
function whereFrom(event: SecurityEvent): string | null {
  if (event.byAdministrator) return null;
  const place = event.place ?? PLACE_UNKNOWN;
  return event.ip ? `${place} · network ${event.ip}` : place;
}

/**
 * /profile/security/activity: the member's security timeline, a page at a time (the page in the
 * address), and 'This wasn't me', which signs out every other device after a confirmation and
 * then points to the password. See README.md.
 */
export function SecurityActivityPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const activity = useSecurityActivity(page);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [ended, setEnded] = useState<number | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLHeadingElement>(null);

  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    listRef.current?.focus();
  };

  const endOthers = async () => {
    const count = await securityActivityApi.endOtherSessions();
    setEnded(count);
    await Promise.all([queryClient.invalidateQueries({ queryKey: activityKeys.all }), queryClient.invalidateQueries({ queryKey: accountKeys.sessions })]);
  };

  return (
    <div className="security-page">
      <title>{pageTitle('Security activity')}</title>
      <div className="security-page__header">
        <p className="security-page__eyebrow">
          <Link to="/profile/security">Account security</Link>
        </p>
        <h1 className="security-page__title">Security activity</h1>
        <p className="security-page__lead">Sign-ins, failed attempts, changes to how you sign in and sessions ended, newest first.</p>
      </div>

      <section className="card security-section activity-alarm" aria-labelledby="not-me-title">
        <h2 id="not-me-title" className="security-section__title">
          Something you don’t recognise?
        </h2>
        {ended === null ? (
          <>
            <p className="security-section__lead">If a sign-in or a change below was not you, sign out every other device at once, then change your password.</p>
            <div>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                This wasn’t me
              </Button>
            </div>
          </>
        ) : (
          <div className="auth-notice activity-outcome" role="status" ref={outcomeRef} tabIndex={-1}>
            <p className="auth-notice__title">{ended === 0 ? 'No other device was signed in.' : ended === 1 ? 'We signed out 1 other session.' : `We signed out ${ended} other sessions.`}</p>
            <p>Now change your password (or set one), so whoever it was cannot sign in with it again, and check your sign-in methods and passkeys.</p>
            <p>
              <ButtonLink to="/profile/security#password" size="sm">
                Change your password
              </ButtonLink>
            </p>
          </div>
        )}
      </section>

      <section className="card security-section" aria-labelledby="activity-title">
        <h2 id="activity-title" className="security-section__title" ref={listRef} tabIndex={-1}>
          Recent activity
        </h2>
        {activity.isPending ? (
          <SectionLoading label="Loading your security activity…" rows={4} />
        ) : activity.isError ? (
          <SectionFailure error={activity.error} what="your security activity" onRetry={() => void activity.refetch()} />
        ) : activity.data.events.length === 0 ? (
          <p className="security-empty">{page > 1 ? 'Nothing on this page.' : NO_ACTIVITY_MESSAGE}</p>
        ) : (
          <>
            <ol className="item-list activity-list" aria-label="Your security activity">
              {activity.data.events.map((event) => (
                <ActivityItem key={event.id} event={event} onNotMe={() => setConfirming(true)} />
              ))}
            </ol>
            {activity.data.totalPages > 1 && (
              <nav className="security-pager" aria-label="Activity pages">
                <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                  Newer
                </Button>
                <span>
                  Page {activity.data.page} of {activity.data.totalPages}
                </span>
                <Button size="sm" variant="secondary" disabled={page >= activity.data.totalPages} onClick={() => goTo(page + 1)}>
                  Older
                </Button>
              </nav>
            )}
          </>
        )}
      </section>

      {confirming && (
        <ConfirmDialog
          title="Sign out everywhere else?"
          description={<p>Every other device signed in to your account is signed out at once. You stay signed in here, so you can change your password next.</p>}
          confirmLabel="Sign out everywhere else"
          onConfirm={endOthers}
          focusAfter={() => outcomeRef.current}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

function ActivityItem({ event, onNotMe }: { event: SecurityEvent; onNotMe(): void }) {
  const failed = event.outcome === 'failure';
  const from = whereFrom(event);
  const offerNotMe = event.kind === 'signed_in' && !event.thisDevice;
  return (
    <li className={failed ? 'item-list__item activity-item activity-item--failed' : 'item-list__item activity-item'}>
      <div className="item-list__text">
        <span className="item-list__name">{event.label}</span>
        {failed && <span className="security-badge security-badge--warning">Failed</span>}
        {event.thisDevice && <span className="security-badge security-badge--accent">This device</span>}
        {event.note && <span className="item-list__meta activity-item__note">{event.note}</span>}
        <span className="item-list__meta">
          <time dateTime={event.at}>{when(event.at)}</time>
          {event.byAdministrator ? ' · By an administrator' : ` · ${event.device ?? 'Unknown device'}`}
        </span>
        {from && <span className="item-list__meta">{from}</span>}
      </div>
      {offerNotMe && (
        <div className="item-list__actions">
          <Button size="sm" variant="ghost" onClick={onNotMe}>
            This wasn’t me<span className="visually-hidden">{`: ${event.label}, ${when(event.at)}, ${event.device ?? 'Unknown device'}`}</span>
          </Button>
        </div>
      )}
    </li>
  );
}
