import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CONTENT_STATUSES, CONTENT_TYPES, TYPE_LABELS, type ContentStatus, type ContentType } from '../../../../domain/content/constants';
import { pageTitle } from '../../lib/product';
import { formatDate } from '../../lib/format';
import { TYPE_PLURALS } from '../../lib/content/paths';
import { emptyPage, listLookup } from '../../lib/query-client';
import { useTRPC } from '../../lib/trpc';
import { ButtonLink } from '../../ui/Button';
import { SelectField } from '../../ui/fields';
import { editContentPath, newContentPath, withArticle } from './content-types';
import { humanEnum } from './content-form';
import { AdminList } from './AdminList';
import { ListFilters } from './ListFilters';
import { useListParams } from './list-params';
import { StatusBadge } from './StatusBadge';

export const CONTENT_PAGE_SIZE = 20;

const TYPE_OPTIONS = CONTENT_TYPES.map((type) => ({ value: type, label: TYPE_PLURALS[type] }));
const STATUS_OPTIONS = CONTENT_STATUSES.map((status) => ({ value: status, label: humanEnum(status) }));

const asType = (value: string | null): ContentType | undefined => ((CONTENT_TYPES as readonly string[]).includes(value ?? '') ? (value as ContentType) : undefined);
const asStatus = (value: string | null): ContentStatus | undefined => ((CONTENT_STATUSES as readonly string[]).includes(value ?? '') ? (value as ContentStatus) : undefined);

/** `/admin/content`: every item of every type and status, newest first, with filters kept in the address. */
export function ContentListPage() {
  const trpc = useTRPC();
  const { params, page, search, change, goTo, clear } = useListParams();
  const type = asType(params.get('type'));
  const status = asStatus(params.get('status'));

  const query = useQuery({
    ...listLookup(trpc.library.list.queryOptions({ search, page, limit: CONTENT_PAGE_SIZE, sort: 'newest', includeRelations: false, filter: { type, status } }), emptyPage('items', page, CONTENT_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

  const filtered = Boolean(type || status || search);

  return (
    <section className="admin-page" aria-labelledby="content-title">
      <title>{pageTitle('Content')}</title>
      <header className="admin-page__header">
        <div>
          <h1 id="content-title" className="admin-page__title">
            Content
          </h1>
          <p className="admin-page__lead">Every item of the library, in every status.</p>
        </div>
        <div className="admin-page__actions">
          {type && <ButtonLink to={newContentPath(type)}>New {TYPE_LABELS[type].toLowerCase()}</ButtonLink>}
          <details className="admin-create">
            <summary className="button button--secondary button--md admin-create__summary">Create content</summary>
            <ul className="admin-create__list" aria-label="Create content of a type">
              {CONTENT_TYPES.map((t) => (
                <li key={t}>
                  <Link to={newContentPath(t)} className="admin-create__link">
                    {TYPE_LABELS[t]}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        </div>
      </header>

      <ListFilters label="Content" placeholder="Titles, descriptions and text" search={search} onSearch={(q) => change({ q })} clearLabel={filtered ? 'Clear filters' : null} onClear={clear}>
        <SelectField label="Type" options={TYPE_OPTIONS} placeholder="All types" value={type ?? ''} onChange={(value) => change({ type: value || undefined })} size="sm" />
        <SelectField label="Status" options={STATUS_OPTIONS} placeholder="All statuses" value={status ?? ''} onChange={(value) => change({ status: value || undefined })} size="sm" />
      </ListFilters>

      <AdminList
        query={query}
        what="content"
        noun={['item', 'items']}
        rowsOf={(data) => data.items}
        empty={
          filtered ? (
            <p>No content matches these filters.</p>
          ) : (
            <p>
              The library is empty. Start with <Link to={newContentPath('BOOK')}>{withArticle('BOOK')}</Link>.
            </p>
          )
        }
        caption="Content, newest first"
        columns={['Title', 'Type', 'Status', 'Updated']}
        row={(item) => (
          <tr key={item.id}>
            <th scope="row" className="admin-table__title">
              <Link to={editContentPath(item.type, item.id)}>{item.title}</Link>
              <span className="admin-table__slug">{item.slug}</span>
            </th>
            <td data-label="Type">{TYPE_LABELS[item.type]}</td>
            <td data-label="Status">
              <StatusBadge status={item.status} />
            </td>
            <td data-label="Updated">{formatDate(item.updatedAt, 'medium')}</td>
          </tr>
        )}
        onPage={goTo}
      />
    </section>
  );
}
