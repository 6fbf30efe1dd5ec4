import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../ui/Button';
import { displayName, useAuth } from './AuthProvider';
import './auth.css';

/** Pages a 'Sign in' link should not come back to. */
const NO_RETURN = ['/', '/login', '/auth/callback'];

/** The header's account corner: 'Sign in', or the member's name (to the dashboard) and 'Sign out'. */
export function AccountNav() {
  const { state, settled, logout } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  if (!settled && !state.isAuthenticated) return <div className="account-nav" aria-hidden="true" />;

  if (!state.isAuthenticated) {
    const here = `${location.pathname}${location.search}`;
    const to = NO_RETURN.includes(location.pathname) ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
    return (
      <div className="account-nav">
        {location.pathname !== '/login' && (
          <ButtonLink to={to} size="sm" variant="secondary">
            Sign in
          </ButtonLink>
        )}
      </div>
    );
  }

  const signOut = async () => {
    setLeaving(true);
    await logout();
    setLeaving(false);
    void navigate('/', { replace: true });
  };

  return (
    <div className="account-nav">
      <Link to="/dashboard" className="account-nav__member" aria-label={`Your dashboard (${displayName(state)})`}>
        <span className="account-nav__avatar" aria-hidden="true">
          {(state.firstName?.[0] ?? state.email?.[0] ?? '?').toUpperCase()}
        </span>
        <span className="account-nav__name">{displayName(state)}</span>
      </Link>
      <Button size="sm" variant="ghost" onClick={() => void signOut()} loading={leaving}>
        Sign out
      </Button>
    </div>
  );
}
