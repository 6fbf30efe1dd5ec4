import { pageTitle } from '../../lib/product';
import { useAuth } from '../../lib/auth/AuthProvider';
import { SignOutButton } from '../../lib/auth/SignOutButton';
import { ContinueSection } from '../../lib/progress/ContinueSection';
import './dashboard.css';

/** 'CONTENT_EDITOR' reads 'Content editor'. */
export function roleLabel(role: string): string {
  const words = role.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** /dashboard: the signed-in member's home: what they were reading and watching, and who they are. */
export function DashboardPage() {
  const { state } = useAuth();
  const name = [state.firstName, state.lastName].filter((part) => part?.trim()).join(' ');
  const greeting = state.firstName ? `Welcome, ${state.firstName}` : 'Welcome';

  return (
    <div className="dashboard">
      <title>{pageTitle('Dashboard')}</title>
      <div className="dashboard__header">
        <p className="dashboard__eyebrow">Your dashboard</p>
        <h1 className="dashboard__title">{greeting}</h1>
      </div>

      <ContinueSection />

      <section className="card dashboard__account" aria-labelledby="account-title">
        <h2 id="account-title" className="dashboard__section-title">
          Your account
        </h2>
        <dl className="account-details">
          <div className="account-details__row">
            <dt>Name</dt>
            <dd>{name || <span className="dashboard__muted">Not set yet</span>}</dd>
          </div>
          <div className="account-details__row">
            <dt>Email</dt>
            <dd>
              {state.email}
              {state.emailVerified && <span className="dashboard-tag dashboard-tag--success">Verified</span>}
            </dd>
          </div>
          <div className="account-details__row">
            <dt>Roles</dt>
            <dd>
              <ul className="dashboard-tags" aria-label="Roles">
                {state.roles.map((role) => (
                  <li key={role} className="dashboard-tag">
                    {roleLabel(role)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <div className="dashboard__actions">
          <SignOutButton variant="secondary" />
        </div>
      </section>
    </div>
  );
}
