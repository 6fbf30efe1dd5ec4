import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageTitle } from '../../app/product';
import { formatDate } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import { Button, ButtonLink } from '../../ui/Button';
import { TextField } from '../../ui/fields';
import { Spinner } from '../../ui/Spinner';
import { Pagination } from './Pagination';

export const CREATOR_PAGE_SIZE = 20;

/** `/admin/creators`: every creator by name, with search and paging kept in the address. */
export function CreatorListPage() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(search ?? '');
  const query = useQuery({ ...trpc.creators.listPage.queryOptions({ search, featured: undefined, page, limit: CREATOR_PAGE_SIZE }), placeholderData: keepPreviousData });

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (text.trim()) next.set('q', text.trim());
    setParams(next);
  };
  const goTo = (next: number) => {
    const merged = new URLSearchParams(params);
    if (next > 1) merged.set('page', String(next));
    else merged.delete('page');
    setParams(merged);
  };

  return (
    <section className="admin-page" aria-labelledby="creators-title">
      <title>{pageTitle('Creators')}</title>
      <header className="admin-page__header">
        <div>
          <h1 id="creators-title" className="admin-page__title">
            Creators
          </h1>
          <p className="admin-page__lead">The authors, lecturers and hosts credited on the library’s content.</p>
        </div>
        <div className="admin-page__actions">
          <ButtonLink to="/admin/creators/new">New creator</ButtonLink>
        </div>
      </header>

      <form role="search" aria-label="Creators" className="admin-filters" onSubmit={submitSearch}>
        <TextField label="Search" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Names" size="sm" className="admin-filters__search" />
        <div className="admin-filters__actions">
          <Button type="submit" size="sm">
            Search
          </Button>
          {search && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setText('');
                setParams(new URLSearchParams());
              }}
            >
              Clear search
            </Button>
          )}
        </div>
      </form>

      {query.isPending ? (
        <Spinner label="Loading creators…" showLabel />
      ) : query.isError ? (
        <div className="admin-notice admin-notice--error" role="alert">
          <p>We could not load the creators. {query.error.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.creators.length === 0 ? (
        <div className="admin-empty">
          {search ? (
            <p>No creator matches “{search}”.</p>
          ) : (
            <p>
              No creators yet. <Link to="/admin/creators/new">Add the first one</Link>.
            </p>
          )}
        </div>
      ) : (
        <>
          <p className="admin-count" aria-live="polite">
            {query.data.total === 1 ? '1 creator' : `${query.data.total} creators`}
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Creators by name</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Title</th>
                  <th scope="col">Featured</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {query.data.creators.map((creator) => (
                  <tr key={creator.id}>
                    <th scope="row" className="admin-table__title">
                      <Link to={`/admin/creators/${encodeURIComponent(creator.id)}`}>{creator.name}</Link>
                      <span className="admin-table__slug">{creator.slug}</span>
                    </th>
                    <td data-label="Title">{[creator.title, creator.organization].filter(Boolean).join(', ') || '—'}</td>
                    <td data-label="Featured">{creator.featured ? 'Yes' : 'No'}</td>
                    <td data-label="Updated">{formatDate(creator.updatedAt, 'medium')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={query.data.page} totalPages={query.data.totalPages} onPage={goTo} />
        </>
      )}
    </section>
  );
}
