import { NavLink } from 'react-router';
import { useAuth } from '../../lib/auth/AuthProvider';
import { canEditContent } from './permissions';

/** The header's 'Admin' entry: shown only to members who may edit content. */
export function AdminNavLink() {
  const { state } = useAuth();
  if (!state.isAuthenticated || !canEditContent(state.roles)) return null;
  return (
    <li>
      <NavLink to="/admin" className="site-nav__link">
        Admin
      </NavLink>
    </li>
  );
}
