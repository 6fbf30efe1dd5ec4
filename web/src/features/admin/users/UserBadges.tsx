import { ROLE_LABELS, type Role } from '../../../../../domain/auth/roles';

/** A member's roles in words; MEMBER alone reads 'Member', otherwise it goes without saying. */
export function RoleList({ roles }: { roles: readonly Role[] }) {
  const shown = roles.length > 1 ? roles.filter((role) => role !== 'MEMBER') : roles;
  return (
    <ul className="role-list" aria-label="Roles">
      {shown.map((role) => (
        <li key={role} className={role === 'ADMIN' ? 'role-chip role-chip--admin' : 'role-chip'}>
          {ROLE_LABELS[role]}
        </li>
      ))}
    </ul>
  );
}

/** Whether the member may sign in (the colour only repeats the word). */
export function AccountStatusBadge({ isActive }: { isActive: boolean }) {
  return <span className={isActive ? 'status-badge status-badge--published' : 'status-badge status-badge--archived'}>{isActive ? 'Active' : 'Deactivated'}</span>;
}
