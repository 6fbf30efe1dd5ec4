import type { ReactNode } from 'react';
import type { PageInfo } from '../../lib/query-client';
import { Spinner } from '../../ui/Spinner';
import { Pagination } from './Pagination';
import { ReadFailure } from './ReadFailure';

export interface ListQuery<P> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: { message: string } | null;
  data: P | undefined;
  refetch: () => unknown;
}

export interface AdminListProps<P extends PageInfo, R> {
  query: ListQuery<P>;
  /** What the list holds, as 'the … could not be loaded' says it: 'content', 'creators', 'media assets'. */
  what: string;
  /** The count's noun, one and many: ['item', 'items']. */
  noun: [string, string];
  rowsOf: (page: P) => R[];
  /** Shown when the page has no rows (nothing yet, or nothing matching). */
  empty: ReactNode;
  caption: string;
  columns: string[];
  /** One `<tr>` a row, its first cell a row header. */
  row: (row: R) => ReactNode;
  onPage: (page: number) => void;
}

/**
 * An admin list's states: loading, a failed read with Try again, empty, or the count, the table (rows
 * become cards on narrow screens) and the pages.
 */
export function AdminList<P extends PageInfo, R>({ query, what, noun, rowsOf, empty, caption, columns, row, onPage }: AdminListProps<P, R>) {
  if (query.isPending) return <Spinner label={`Loading ${what}…`} showLabel />;
  if (query.isError && query.error) return <ReadFailure what={`the ${what}`} error={query.error} onRetry={() => void query.refetch()} />;
  const page = query.data;
  const rows = page ? rowsOf(page) : [];
  if (!page || rows.length === 0) return <div className="admin-empty">{empty}</div>;
  return (
    <>
      <p className="admin-count" aria-live="polite">
        {page.total === 1 ? `1 ${noun[0]}` : `${page.total} ${noun[1]}`}
        {query.isFetching && <span className="visually-hidden"> (updating)</span>}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows.map(row)}</tbody>
        </table>
      </div>
      <Pagination page={page.page} totalPages={page.totalPages} onPage={onPage} />
    </>
  );
}
