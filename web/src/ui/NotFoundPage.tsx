import { useLocation } from 'react-router';
import { pageTitle } from '../lib/product';
import { ButtonLink } from './Button';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="message-page" aria-labelledby="not-found-title">
      <title>{pageTitle('Page not found')}</title>
      <p className="message-page__code">404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <ButtonLink to="/" size="lg">
        Go to the home page
      </ButtonLink>
    </section>
  );
}
