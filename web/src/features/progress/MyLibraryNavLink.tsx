import { NavLink } from 'react-router';
import { useAuth } from '../../lib/auth/AuthProvider';
import '../../lib/progress/progress.css';

/** The main navigation's link to the member's favorites and bookmarks; nothing for visitors. */
export function MyLibraryNavLink() {
  const { state } = useAuth();
  if (!state.isAuthenticated) return null;
  return (
    <li>
      <NavLink to="/my-library" className="site-nav__link my-library-nav">
        My library
      </NavLink>
    </li>
  );
}
