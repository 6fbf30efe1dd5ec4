import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../lib/auth/redirect';
import { useAuth } from './AuthProvider';
import { MagicLinkRequest } from './MagicLinkRequest';
import './auth.css';

/** /login: sign-in by magic link; `redirect` names the page to land on afterwards (spec 000 §2, §7). */
export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const { state, settled } = useAuth();

  // Someone already signed in has nothing to do here: on to where they were going.
  if (settled && state.isAuthenticated) return <Navigate to={safeRedirect(redirect, window.location.origin)} replace />;

  return (
    <div className="auth-page">
      <div className="auth-card">
        <MagicLinkRequest redirect={redirect} headingLevel={1} />
      </div>
    </div>
  );
}
