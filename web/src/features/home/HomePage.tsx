import { lazy, Suspense } from 'react';
import { pageTitle, PRODUCT_NAME } from '../../app/product';
import { useAppConfig } from '../../app/use-app-config';
import { Spinner } from '../../ui/Spinner';
import { LeadCallout } from '../lead/LeadCallout';

// The library's part of the home page (continue, recommendations, featured) loads after the page itself.
const LibraryHome = lazy(() => import('../library/LibraryHome'));

const ENVIRONMENT_LABELS = { development: 'Development environment', test: 'Test environment' } as const;

export function HomePage() {
  const { dynamic } = useAppConfig();
  const environment = dynamic.environment === 'production' ? null : ENVIRONMENT_LABELS[dynamic.environment];
  return (
    <>
      <title>{pageTitle()}</title>
      <section className="hero" aria-labelledby="home-title">
        {environment && <p className="badge">{environment}</p>}
        <h1 id="home-title" className="hero__title">
          Welcome to the {PRODUCT_NAME}
        </h1>
        <p className="hero__lead">
          Study the philosophy of Objectivism at your own pace: read, listen and learn from the works of Ayn Rand and
          the thinkers who carry her ideas forward, with programmes for teachers and their students.
        </p>
      </section>
      <LeadCallout />
      <Suspense fallback={<Spinner label="Loading the library…" showLabel />}>
        <LibraryHome />
      </Suspense>
    </>
  );
}
