import { NavLink } from 'react-router';
import './account.css';

/**
 * The header's way to the account security page: the shield shows; the words are its accessible
 * name and its tooltip.
 */
export function SecurityNavLink() {
  return (
    <NavLink to="/profile/security" className="account-nav__security" title="Account security">
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Z" />
        <path d="m9 12 2 2 4-4" />
      </svg>
      <span className="account-nav__security-label">Account security</span>
    </NavLink>
  );
}
