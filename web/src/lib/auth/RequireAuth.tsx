import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from './AuthProvider';

/** The sign-in page that brings the member back to `path` afterwards. */
export const loginPathFor = (path: string) => `/login?redirect=${encodeURIComponent(path)}`;

/**
 * The guard of signed-in pages: waits for the first session check, then shows the page or sends
 * the visitor to sign in, with the page they wanted as the redirect.
 */
export function RequireAuth() {
  const { state, settled } = useAuth();
  const location = useLocation();
  if (!settled) {
    return (
      <div className="auth-page auth-page--loading">
        <Spinner size="lg" label="Checking your session…" showLabel />
      </div>
    );
  }
  if (!state.isAuthenticated) return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  return <Outlet />;
}
