import { Button } from '../../ui/Button';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** Previous / Next with where the reader is; nothing when everything fits on one page. */
export function Pagination({ page, totalPages, onPage }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="admin-pagination">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <p className="admin-pagination__where">
        Page {page} of {totalPages}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
