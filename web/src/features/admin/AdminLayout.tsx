import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { pageTitle } from '../../lib/product';
import { ButtonLink } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../../lib/auth/AuthProvider';
import { loginPathFor } from '../../lib/auth/RequireAuth';
import { MEDIA_LIST_PATH } from './media-paths';
import { canEditContent, holds } from './permissions';
import './admin.css';

/**
 * The guard and frame of every admin page: waits for the session check, sends visitors to sign in,
 * tells members without content.edit they are not allowed (the server refuses them anyway), and
 * gives editors the admin navigation.
 */
export function AdminLayout() {
  const { state, settled } = useAuth();
  const location = useLocation();
  if (!settled) {
    return (
      <div className="admin-loading">
        <Spinner size="lg" label="Checking your session…" showLabel />
      </div>
    );
  }
  if (!state.isAuthenticated) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  if (!canEditContent(state.roles)) return <NotAllowedPage />;
  return (
    <div className="admin">
      <nav aria-label="Admin" className="admin-nav">
        <ul className="admin-nav__list">
          <li>
            <NavLink to="/admin/content" className="admin-nav__link">
              Content
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/creators" className="admin-nav__link">
              Creators
            </NavLink>
          </li>
          {holds(state.roles, 'media.manage') && (
            <li>
              <NavLink to={MEDIA_LIST_PATH} className="admin-nav__link">
                Media
              </NavLink>
            </li>
          )}
          {holds(state.roles, 'users.manage') && (
            <li>
              <NavLink to="/admin/users" className="admin-nav__link">
                Members
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

/** `/admin` itself: the content list is where editing starts. */
export function AdminHome() {
  return <Navigate to="/admin/content" replace />;
}

export function NotAllowedPage() {
  return (
    <section className="message-page" aria-labelledby="not-allowed-title">
      <title>{pageTitle('Not allowed')}</title>
      <p className="message-page__code">403</p>
      <h1 id="not-allowed-title">Not allowed</h1>
      <p>Your account is not allowed to edit the library. Content editors and administrators manage content here; if you should be one of them, ask an administrator to give you the role.</p>
      <ButtonLink to="/" size="lg">
        Go to the home page
      </ButtonLink>
    </section>
  );
}
