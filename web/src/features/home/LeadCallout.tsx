/**
 * The home page's call to action for visitors who are not signed in: it leads to the
 * lead-generation flow at /get-started. Nothing shows until the session check has answered,
 * and nothing for a signed-in member.
 */
import { ButtonLink } from '../../ui/Button';
import { useAuth } from '../../lib/auth/AuthProvider';
import './home.css';

/** The lead-generation flow (features/lead), a route of app/routes.tsx. */
const LEAD_ROUTE = '/get-started';

export function LeadCallout() {
  const { state, settled } = useAuth();
  if (!settled || state.isAuthenticated) return null;
  return (
    <section className="lead-callout" aria-labelledby="lead-callout-title">
      <div className="lead-callout__text">
        <h2 id="lead-callout-title" className="lead-callout__title">
          Start reading today
        </h2>
        <p className="lead-callout__lead">
          Enter your email address and we will send you a sign-in link: no password needed.
        </p>
      </div>
      <ButtonLink to={LEAD_ROUTE} className="lead-callout__action">
        Get started
      </ButtonLink>
    </section>
  );
}
