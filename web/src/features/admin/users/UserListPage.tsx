import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ADMIN_USERS_PAGE_SIZE } from '../../../../../domain/auth/admin-users';
import { ROLE_LABELS, ROLES, type Role } from '../../../../../domain/auth/roles';
import { pageTitle } from '../../../lib/product';
import { formatDate } from '../../../lib/format';
import { emptyPage, listLookup } from '../../../lib/query-client';
import { useTRPC } from '../../../lib/trpc';
import { SelectField } from '../../../ui/fields';
import { AdminList } from '../AdminList';
import { ListFilters } from '../ListFilters';
import { useListParams } from '../list-params';
import { MayManageMembers } from './MayManageMembers';
import { memberName, userPath } from './users-paths';
import { AccountStatusBadge, RoleList } from './UserBadges';
import './users.css';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Deactivated' },
];

const asRole = (value: string | null): Role | undefined => ((ROLES as readonly string[]).includes(value ?? '') ? (value as Role) : undefined);
const asActive = (value: string | null): boolean | undefined => (value === 'true' ? true : value === 'false' ? false : undefined);

/** `/admin/users`: every member, newest first; search, role and status filters and the page kept in the address. */
export function UserListPage() {
  return (
    <MayManageMembers>
      <UserList />
    </MayManageMembers>
  );
}

function UserList() {
  const trpc = useTRPC();
  const { params, page, search, change, goTo, clear } = useListParams();
  const role = asRole(params.get('role'));
  const isActive = asActive(params.get('active'));
  const query = useQuery({
    ...listLookup(trpc.adminUsers.list.queryOptions({ search, filter: { role, isActive }, page, limit: ADMIN_USERS_PAGE_SIZE }), emptyPage('users', page, ADMIN_USERS_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(search || role || isActive !== undefined);

  return (
    <section className="admin-page" aria-labelledby="users-title">
      <title>{pageTitle('Members')}</title>
      <header className="admin-page__header">
        <div>
          <h1 id="users-title" className="admin-page__title">
            Members
          </h1>
          <p className="admin-page__lead">Everyone with an account: their roles, and whether they may sign in.</p>
        </div>
      </header>

      <ListFilters label="Members" placeholder="Name or email address" search={search} onSearch={(q) => change({ q })} clearLabel={filtered ? 'Clear filters' : null} onClear={clear}>
        <SelectField label="Role" options={ROLE_OPTIONS} placeholder="All roles" value={role ?? ''} onChange={(value) => change({ role: value || undefined })} size="sm" />
        <SelectField label="Status" options={STATUS_OPTIONS} placeholder="Active and deactivated" value={isActive === undefined ? '' : String(isActive)} onChange={(value) => change({ active: value || undefined })} size="sm" />
      </ListFilters>

      <AdminList
        query={query}
        what="members"
        noun={['member', 'members']}
        rowsOf={(data) => data.users}
        empty={filtered ? <p>No member matches these filters.</p> : <p>No members yet.</p>}
        caption="Members, newest first"
        columns={['Member', 'Roles', 'Status', 'Last sign-in', 'Joined']}
        row={(user) => (
          <tr key={user.id}>
            <th scope="row" className="admin-table__title">
              <Link to={userPath(user.id)}>{memberName(user)}</Link>
              <span className="admin-table__slug">{user.email}</span>
            </th>
            <td data-label="Roles">
              <RoleList roles={user.roles} />
            </td>
            <td data-label="Status">
              <AccountStatusBadge isActive={user.isActive} />
            </td>
            <td data-label="Last sign-in">{user.lastLoginAt ? formatDate(user.lastLoginAt, 'medium') : 'Never'}</td>
            <td data-label="Joined">{formatDate(user.createdAt, 'medium')}</td>
          </tr>
        )}
        onPage={goTo}
      />
    </section>
  );
}
