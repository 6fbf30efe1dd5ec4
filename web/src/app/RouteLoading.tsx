import { Spinner } from '../ui/Spinner';

/** While the first page's code downloads (a lazy route): the same centred spinner as the start-up. */
export function RouteLoading() {
  return (
    <main id="main" className="site-main site-main--centered">
      <Spinner size="lg" label="Loading the page…" />
    </main>
  );
}
