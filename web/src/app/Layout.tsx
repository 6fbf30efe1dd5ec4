import { Suspense, useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AdminNavLink } from '../features/admin/AdminNavLink';
import { AccountNav } from './AccountNav';
import { AccountReclaimedNotice } from '../features/auth/AccountReclaimedNotice';
import { MyLibraryNavLink } from '../features/progress/MyLibraryNavLink';
import { LogoMark } from '../ui/icons';
import { usePageViews } from './page-views';
import { PRODUCT_NAME } from '../lib/product';
import { ThemeSwitcher } from './ThemeSwitcher';
import { useAppConfig } from '../lib/use-app-config';
import { Spinner } from '../ui/Spinner';

/** Moves focus to the new page's content after client-side navigation, as a full page load would. */
function useFocusOnNavigation(target: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    target.current?.focus({ preventScroll: true });
  }, [pathname, target]);
}

export function Layout() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const { dynamic } = useAppConfig();
  usePageViews();
  useFocusOnNavigation(main);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main" onClick={skipToContent}>
        Skip to main content
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="brand">
            <LogoMark />
            <span className="brand__name">{PRODUCT_NAME}</span>
          </Link>
          <nav aria-label="Main" className="site-nav">
            <ul className="site-nav__list">
              <li>
                <NavLink to="/" end className="site-nav__link">
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink to="/library" className="site-nav__link">
                  Library
                </NavLink>
              </li>
              <MyLibraryNavLink />
              <AdminNavLink />
            </ul>
          </nav>
          <ThemeSwitcher />
          <AccountNav />
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1} className="site-main">
        <div className="container">
          <AccountReclaimedNotice />
          {/* A lazy page (routes.tsx) shows this while its code downloads. One boundary per path: a
              navigation shows the new page's spinner at once instead of keeping the page left
              behind on screen (a signed-in page kept there would react to signing out). */}
          <Suspense key={pathname} fallback={<Spinner size="lg" label="Loading the page…" className="site-main__loading" />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <footer className="site-footer">
        <div className="container site-footer__inner">
          <p className="site-footer__copyright">
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </p>
          <nav aria-label="Legal" className="site-footer__nav">
            <ul className="site-footer__list">
              <li>
                <NavLink to="/terms">Terms of Service</NavLink>
              </li>
              <li>
                <NavLink to="/privacy">Privacy Policy</NavLink>
              </li>
              <li>
                <a href={`mailto:${dynamic.supportEmail}`}>Contact support</a>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
      <ScrollRestoration />
    </div>
  );
}
