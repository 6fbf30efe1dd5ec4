import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pageTitle } from '../../lib/product';
import { formatDate } from '../../lib/format';
import { emptyPage, listLookup } from '../../lib/query-client';
import { useTRPC } from '../../lib/trpc';
import { ButtonLink } from '../../ui/Button';
import { AdminList } from './AdminList';
import { ListFilters } from './ListFilters';
import { useListParams } from './list-params';

export const CREATOR_PAGE_SIZE = 20;

/** `/admin/creators`: every creator by name, with search and paging kept in the address. */
export function CreatorListPage() {
  const trpc = useTRPC();
  const { page, search, change, goTo, clear } = useListParams();
  const query = useQuery({
    ...listLookup(trpc.creators.listPage.queryOptions({ search, featured: undefined, page, limit: CREATOR_PAGE_SIZE }), emptyPage('creators', page, CREATOR_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

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

      <ListFilters label="Creators" placeholder="Names" search={search} onSearch={(q) => change({ q })} clearLabel={search ? 'Clear search' : null} onClear={clear} />

      <AdminList
        query={query}
        what="creators"
        noun={['creator', 'creators']}
        rowsOf={(data) => data.creators}
        empty={
          search ? (
            <p>No creator matches “{search}”.</p>
          ) : (
            <p>
              No creators yet. <Link to="/admin/creators/new">Add the first one</Link>.
            </p>
          )
        }
        caption="Creators by name"
        columns={['Name', 'Title', 'Featured', 'Updated']}
        row={(creator) => (
          <tr key={creator.id}>
            <th scope="row" className="admin-table__title">
              <Link to={`/admin/creators/${encodeURIComponent(creator.id)}`}>{creator.name}</Link>
              <span className="admin-table__slug">{creator.slug}</span>
            </th>
            <td data-label="Title">{[creator.title, creator.organization].filter(Boolean).join(', ') || '—'}</td>
            <td data-label="Featured">{creator.featured ? 'Yes' : 'No'}</td>
            <td data-label="Updated">{formatDate(creator.updatedAt, 'medium')}</td>
          </tr>
        )}
        onPage={goTo}
      />
    </section>
  );
}
