import { Suspense, type ReactNode } from 'react';
import { pageTitle, PRODUCT_NAME } from '../../lib/product';
import { useAppConfig } from '../../lib/use-app-config';
import { Spinner } from '../../ui/Spinner';
import { LeadCallout } from './LeadCallout';


const ENVIRONMENT_LABELS = { development: 'Development environment', test: 'Test environment' } as const;

export interface HomePageProps {
  /**
   * The library's part of the page (continue, recommendations, featured: features/library's
   * LibraryHome), given by the app shell (app/routes.tsx), which loads it after the page itself.
   */
  library?: ReactNode;
}

export function HomePage({ library }: HomePageProps) {
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
      {library && <Suspense fallback={<Spinner label="Loading the library…" showLabel />}>{library}</Suspense>}
    </>
  );
}
