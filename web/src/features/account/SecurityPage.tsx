import { Link } from 'react-router';
import { pageTitle } from '../../lib/product';
import { useMethodsInAuthState } from './account-queries';
import { LinkedAccountsSection } from './LinkedAccountsSection';
import { PasskeysSection } from './PasskeysSection';
import { PasswordSection } from './PasswordSection';
import { ReauthenticationProvider } from './Reauthentication';
import { SessionsSection } from './SessionsSection';
import { SignInMethodsSection } from './SignInMethodsSection';
import '../../ui/card-page.css';
import './account.css';

/**
 * /profile/security: how the member signs in (methods, password, passkeys, linked accounts) and
 * where they are signed in. Each section loads and fails on its own; sensitive actions ask the
 * member to confirm who they are first (Reauthentication.tsx). See README.md.
 */
export function SecurityPage() {
  useMethodsInAuthState();
  return (
    <ReauthenticationProvider>
      <div className="security-page">
        <title>{pageTitle('Account security')}</title>
        <div className="security-page__header">
          <p className="security-page__eyebrow">Your profile</p>
          <h1 className="security-page__title">Account security</h1>
          <p className="security-page__lead">Choose how you sign in, and see where your account is signed in.</p>
          <p className="security-page__lead">
            <Link to="/profile/security/activity">See your security activity</Link>: sign-ins, failed attempts and changes, and a way to act on one that wasn’t you.
          </p>
        </div>
        <SignInMethodsSection />
        <PasswordSection />
        <PasskeysSection />
        <LinkedAccountsSection />
        <SessionsSection />
      </div>
    </ReauthenticationProvider>
  );
}
