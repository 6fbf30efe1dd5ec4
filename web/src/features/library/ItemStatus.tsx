import { pageTitle } from '../../lib/product';
import { ButtonLink } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { LoadFailure } from './LoadFailure';

export interface ItemQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * What an item page shows when it has no item: loading, a failure with Try again, or "not found" (the
 * lookup answered null: a 404, no such item or one not published, lib/query-client).
 */
export function ItemStatus({ query, label, what }: { query: ItemQuery; label: string; what: string }) {
  if (query.isPending) {
    return (
      <div className="library-loading">
        <Spinner size="lg" label={`Loading ${what}…`} showLabel />
      </div>
    );
  }
  if (query.isError) {
    return (
      <>
        <title>{pageTitle(label)}</title>
        <h1 className="visually-hidden">{label}</h1>
        <LoadFailure what={what} onRetry={() => void query.refetch()} />
      </>
    );
  }
  return (
    <section className="message-page" aria-labelledby="item-missing-title">
      <title>{pageTitle(`${label} not found`)}</title>
      <p className="message-page__code">404</p>
      <h1 id="item-missing-title">{label} not found</h1>
      <p>There is no such {label.toLowerCase()} in the library. It may have been moved or taken down, or the link may be mistyped.</p>
      <ButtonLink to="/library" size="lg">
        Browse the library
      </ButtonLink>
    </section>
  );
}
