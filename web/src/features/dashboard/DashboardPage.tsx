import { pageTitle } from '../../app/product';
import { displayName, useAuth } from '../auth/AuthProvider';
import './dashboard.css';

/** 'CONTENT_EDITOR' reads 'Content editor'. */
export function roleLabel(role: string): string {
  const words = role.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** /dashboard: the signed-in member's home; for now who they are (name, address, roles). */
export function DashboardPage() {
  const { state } = useAuth();
  const name = displayName(state);
  const greeting = state.firstName ? `Welcome back, ${state.firstName}` : 'Welcome back';

  return (
    <div className="dashboard">
      <title>{pageTitle('Dashboard')}</title>
      <header className="dashboard__header">
        <p className="dashboard__eyebrow">Your dashboard</p>
        <h1 className="dashboard__title">{greeting}</h1>
      </header>

      <section className="card dashboard__account" aria-labelledby="account-title">
        <h2 id="account-title" className="dashboard__section-title">
          Your account
        </h2>
        <dl className="account-details">
          <div className="account-details__row">
            <dt>Name</dt>
            <dd>{name}</dd>
          </div>
          <div className="account-details__row">
            <dt>Email</dt>
            <dd>
              {state.email}
              {state.emailVerified && <span className="tag tag--success">Verified</span>}
            </dd>
          </div>
          <div className="account-details__row">
            <dt>Roles</dt>
            <dd>
              <ul className="tag-list" aria-label="Roles">
                {state.roles.map((role) => (
                  <li key={role} className="tag">
                    {roleLabel(role)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
