import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { pageTitle } from '../../../lib/product';
import { formatDate } from '../../../lib/format';
import { itemLookup } from '../../../lib/query-client';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { Breadcrumb } from '../../../ui/Breadcrumb';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/Toast';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { DeleteDialog } from '../DeleteDialog';
import { EditorStatus } from '../EditorStatus';
import { Pagination } from '../Pagination';
import { ReadFailure } from '../ReadFailure';
import { MayManageMembers } from './MayManageMembers';
import { RolesEditor } from './RolesEditor';
import { AccountStatusBadge } from './UserBadges';
import { memberName, USERS_PATH } from './users-paths';
import type { MemberRecord } from './user-types';
import './users.css';

const METHOD_WORDS: Record<string, string> = { PASSWORD: 'Password', PASSKEY: 'Passkey', SOCIAL: 'Linked account', MAGIC_LINK: 'Email link' };
export const MEMBER_EVENTS_PAGE_SIZE = 10;

/** `/admin/users/:id`: one member's profile, ways in, roles, status and recent security events. */
export function UserDetailPage() {
  return (
    <MayManageMembers>
      <UserDetail />
    </MayManageMembers>
  );
}

function UserDetail() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const query = useQuery(itemLookup(trpc.adminUsers.byId.queryOptions({ id })));
  if (!query.data) return <EditorStatus query={query} noun="member" gone="The address may be mistyped." back={{ to: USERS_PATH, label: 'Back to the members' }} />;
  return <MemberPage record={query.data} />;
}

function MemberPage({ record }: { record: MemberRecord }) {
  const { user } = record;
  const name = memberName(user);
  const { state } = useAuth();
  const self = state.userId === user.id;
  return (
    <section className="admin-page" aria-labelledby="member-title">
      <title>{pageTitle(name)}</title>
      <Breadcrumb size="sm" items={[{ label: 'Members', to: USERS_PATH }, { label: name }]} />
      <header className="admin-page__header">
        <div>
          <h1 id="member-title" className="admin-page__title">
            {name}
          </h1>
          <p className="admin-page__lead">
            {user.email} · <AccountStatusBadge isActive={user.isActive} /> {self && <span className="role-chip">You</span>}
          </p>
        </div>
      </header>
      <div className="admin-editor">
        {/* First on narrow screens: whether the member can sign in is what an administrator comes to see. */}
        <aside className="admin-editor__aside" aria-label="Status and sign-in">
          <StatusPanel record={record} self={self} />
          <SignInPanel record={record} />
        </aside>
        <div className="admin-editor__main member-main">
          <ProfilePanel record={record} />
          <RolesEditor record={record} self={self} />
          <SecurityEvents userId={user.id} />
        </div>
      </div>
    </section>
  );
}

function ProfilePanel({ record }: { record: MemberRecord }) {
  const { user } = record;
  const rows: Array<[string, string]> = [
    ['First name', user.firstName ?? 'Not given'],
    ['Last name', user.lastName ?? 'Not given'],
    ['Email', `${user.email} (${user.emailVerified ? 'verified' : 'not verified'})`],
    ['Phone', user.phoneNumber ?? 'Not given'],
    ['Country', user.country ?? 'Not given'],
    ['Language', user.language],
    ['Birth year', user.birthYear === null ? 'Not given' : String(user.birthYear)],
    ['Marketing email', user.marketingOptIn ? 'Yes' : 'No'],
    ['Weekly digest', user.weeklyDigestOptIn ? 'Yes' : 'No'],
    ['Joined', formatDate(user.createdAt, 'medium')],
    ['Last sign-in', user.lastLoginAt ? formatDate(user.lastLoginAt, 'medium') : 'Never'],
  ];
  return (
    <section className="admin-panel" aria-labelledby="profile-title">
      <h2 id="profile-title" className="admin-panel__title">
        Profile
      </h2>
      <dl className="member-facts">
        {rows.map(([term, value]) => (
          <div key={term} className="member-facts__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SignInPanel({ record }: { record: MemberRecord }) {
  const { signInMethods: m } = record;
  return (
    <section className="admin-panel" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title" className="admin-panel__title">
        Sign-in
      </h2>
      {m.methods.length === 0 ? (
        <p className="admin-panel__text">No way to sign in is set up.</p>
      ) : (
        <ul className="member-methods" aria-label="Sign-in methods">
          {m.methods.map((method) => (
            <li key={method}>
              {METHOD_WORDS[method] ?? method}
              {method === 'PASSKEY' && ` (${m.passkeys})`}
              {method === 'SOCIAL' && ` (${m.linkedAccounts.map((a) => a.providerName).join(', ')})`}
              {m.preferred === method && <span className="role-chip">Preferred</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="admin-panel__text">{record.activeSessions === 1 ? '1 active session' : `${record.activeSessions} active sessions`}</p>
    </section>
  );
}

/** Active or deactivated, and the change, after a confirmation that says what deactivating does. */
function StatusPanel({ record, self }: { record: MemberRecord; self: boolean }) {
  const { user } = record;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const change = async () => {
    await client.adminUsers.setStatus.mutate({ id: user.id, isActive: !user.isActive });
    setConfirming(false);
    await queryClient.invalidateQueries({ queryKey: trpc.adminUsers.pathKey() });
    toast.show(user.isActive ? `${memberName(user)} was deactivated` : `${memberName(user)} was reactivated`, { tone: 'success' });
  };
  return (
    <section className="admin-panel" aria-labelledby="account-status-title">
      <h2 id="account-status-title" className="admin-panel__title">
        Status
      </h2>
      <p className="admin-panel__text">
        <AccountStatusBadge isActive={user.isActive} />
      </p>
      <p className="admin-panel__text">{user.isActive ? 'This member can sign in.' : 'This member cannot sign in.'}</p>
      {self ? (
        <p className="admin-panel__text">You cannot deactivate your own account.</p>
      ) : (
        <div className="admin-panel__actions">
          <Button size="sm" variant={user.isActive ? 'danger' : 'primary'} onClick={() => setConfirming(true)}>
            {user.isActive ? 'Deactivate account' : 'Reactivate account'}
          </Button>
        </div>
      )}
      {confirming &&
        (user.isActive ? (
          <DeleteDialog
            title={`Deactivate ${memberName(user)}?`}
            description={<p>They are signed out everywhere at once ({record.activeSessions === 1 ? '1 active session' : `${record.activeSessions} active sessions`}) and cannot sign in until an administrator reactivates the account. Nothing of theirs is deleted.</p>}
            confirmLabel="Deactivate"
            onConfirm={change}
            onClose={() => setConfirming(false)}
          />
        ) : (
          <DeleteDialog title={`Reactivate ${memberName(user)}?`} description={<p>They can sign in again with their methods as they were.</p>} confirmLabel="Reactivate" onConfirm={change} onClose={() => setConfirming(false)} />
        ))}
    </section>
  );
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The member's security timeline, as they see it themselves, a page at a time. */
function SecurityEvents({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...trpc.adminUsers.securityEvents.queryOptions({ id: userId, page, limit: MEMBER_EVENTS_PAGE_SIZE }), placeholderData: keepPreviousData });
  return (
    <section className="admin-panel" aria-labelledby="member-events-title">
      <h2 id="member-events-title" className="admin-panel__title">
        Recent security events
      </h2>
      {query.isPending ? (
        <p className="admin-panel__text">Loading the security events…</p>
      ) : query.isError ? (
        <ReadFailure what="the security events" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.events.length === 0 ? (
        <p className="admin-panel__text">No security events yet.</p>
      ) : (
        <>
          <ol className="member-events" aria-label="Security events">
            {query.data.events.map((event) => (
              <li key={event.id} className={event.outcome === 'failure' ? 'member-events__item member-events__item--failed' : 'member-events__item'}>
                <span className="member-events__label">
                  {event.label}
                  {event.outcome === 'failure' && <span className="visually-hidden"> (failed)</span>}
                </span>
                {event.note && <span className="member-events__meta">{event.note}</span>}
                <span className="member-events__meta">
                  <time dateTime={event.at}>{dateTime.format(new Date(event.at))}</time>
                  {event.byAdministrator ? ' · By an administrator' : ` · ${event.device ?? 'Unknown device'} · ${event.place ?? 'Place unknown'}${event.ip ? ` · network ${event.ip}` : ''}`}
                </span>
              </li>
            ))}
          </ol>
          <Pagination page={query.data.page} totalPages={query.data.totalPages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

