import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_RECLAIMED_KEY, ACCOUNT_RECLAIMED_MESSAGE, ACCOUNT_RECLAIMED_TITLE, browserSession } from '../../lib/auth/magic-link';

const SECURITY_PATH = '/profile/security';

/**
 * Once, on the page a member lands on after the e-mailed link that reclaimed their account
 * (use-magic-link-verification.ts keeps the flag in session storage): the address is confirmed,
 * and the ways in and sessions set up before it was were removed. Stays until dismissed.
 */
export function AccountReclaimedNotice() {
  const { pathname } = useLocation();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    // The callback page tells it itself; the page after it takes the flag.
    if (pathname.endsWith('/auth/callback')) return;
    if (browserSession.take(ACCOUNT_RECLAIMED_KEY)) setShown(true);
  }, [pathname]);

  if (!shown) return null;
  return (
    <div className="reclaimed-notice" role="status">
      <p className="reclaimed-notice__title">{ACCOUNT_RECLAIMED_TITLE}</p>
      <p>
        {ACCOUNT_RECLAIMED_MESSAGE} <Link to={SECURITY_PATH}>Review your security settings</Link>
      </p>
      <button type="button" className="reclaimed-notice__close" onClick={() => setShown(false)}>
        Dismiss
      </button>
    </div>
  );
}
