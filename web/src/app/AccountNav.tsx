import { Link, useLocation } from 'react-router';
import { ButtonLink } from '../ui/Button';
import { SecurityNavLink } from '../features/account/SecurityNavLink';
import { displayName, useAuth } from '../lib/auth/AuthProvider';
import { SignOutButton } from '../lib/auth/SignOutButton';
import '../ui/card-page.css';
import '../features/auth/auth.css';

/** Pages a 'Sign in' link should not come back to. */
const NO_RETURN = ['/', '/login', '/auth/callback'];

/** The header's account corner: 'Sign in', or the member's name (to the dashboard), 'Account security' and 'Sign out'. */
export function AccountNav() {
  const { state, settled } = useAuth();
  const location = useLocation();

  if (!state.isAuthenticated) {
    // On /login itself the link would lead nowhere.
    if (location.pathname === '/login') return null;
    if (!settled) return <div className="account-nav account-nav--pending" aria-hidden="true" />;
    const here = `${location.pathname}${location.search}`;
    // From /register, sign-in keeps the page the visitor was heading for (its own `redirect`).
    const to =
      location.pathname === '/register'
        ? `/login${location.search}`
        : NO_RETURN.includes(location.pathname)
          ? '/login'
          : `/login?redirect=${encodeURIComponent(here)}`;
    return (
      <div className="account-nav">
        <ButtonLink to={to} size="sm" variant="secondary">
          Sign in
        </ButtonLink>
      </div>
    );
  }

  const name = displayName(state);
  return (
    <div className="account-nav">
      <Link to="/dashboard" className="account-nav__member" title={name}>
        <span className="account-nav__avatar" aria-hidden="true">
          {(state.firstName?.[0] ?? state.email?.[0] ?? '?').toUpperCase()}
        </span>
        {/* Out of sight (the avatar stands for it): the link's name for screen readers. */}
        <span className="account-nav__name">{name}</span>
      </Link>
      <SecurityNavLink />
      <SignOutButton className="account-nav__sign-out" />
    </div>
  );
}
