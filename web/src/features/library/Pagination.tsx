import { Link } from 'react-router';

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The address of a page (state stays in the URL). */
  hrefOf: (page: number) => string;
  label?: string;
}

/** Previous, "Page n of m", next: links, so every page has an address. Nothing when one page holds everything. */
export function Pagination({ page, totalPages, hrefOf, label = 'Pages' }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link className="button button--secondary button--sm" to={hrefOf(page - 1)} rel="prev" aria-label="Previous page">
          Previous
        </Link>
      ) : (
        <span className="button button--secondary button--sm pagination__off" aria-disabled="true">
          Previous
        </span>
      )}
      <p className="pagination__status" aria-current="page">
        Page {page} of {totalPages}
      </p>
      {page < totalPages ? (
        <Link className="button button--secondary button--sm" to={hrefOf(page + 1)} rel="next" aria-label="Next page">
          Next
        </Link>
      ) : (
        <span className="button button--secondary button--sm pagination__off" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
