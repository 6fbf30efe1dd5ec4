import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONTENT_STATUSES, CONTENT_TYPES, TYPE_LABELS, type ContentStatus, type ContentType } from '../../../../domain/content/constants';
import { pageTitle } from '../../app/product';
import { formatDate } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import { Button, ButtonLink } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/fields';
import { Spinner } from '../../ui/Spinner';
import { editContentPath, newContentPath, TYPE_PLURALS, withArticle } from './content-types';
import { humanEnum } from './content-form';
import { Pagination } from './Pagination';
import { StatusBadge } from './StatusBadge';

export const CONTENT_PAGE_SIZE = 20;

const TYPE_OPTIONS = CONTENT_TYPES.map((type) => ({ value: type, label: TYPE_PLURALS[type] }));
const STATUS_OPTIONS = CONTENT_STATUSES.map((status) => ({ value: status, label: humanEnum(status) }));

const asType = (value: string | null): ContentType | undefined => ((CONTENT_TYPES as readonly string[]).includes(value ?? '') ? (value as ContentType) : undefined);
const asStatus = (value: string | null): ContentStatus | undefined => ((CONTENT_STATUSES as readonly string[]).includes(value ?? '') ? (value as ContentStatus) : undefined);

/** `/admin/content`: every item of every type and status, newest first, with filters kept in the address. */
export function ContentListPage() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const type = asType(params.get('type'));
  const status = asStatus(params.get('status'));
  const search = params.get('q')?.trim() || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(search ?? '');

  const query = useQuery({
    ...trpc.library.list.queryOptions({ search, page, limit: CONTENT_PAGE_SIZE, sort: 'newest', includeRelations: false, filter: { type, status } }),
    placeholderData: keepPreviousData,
  });

  /** A new filter starts again at page 1. */
  const change = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    change({ q: text.trim() || undefined });
  };
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

      <form role="search" aria-label="Content" className="admin-filters" onSubmit={submitSearch}>
        <SelectField label="Type" options={TYPE_OPTIONS} placeholder="All types" value={type ?? ''} onChange={(value) => change({ type: value || undefined })} size="sm" />
        <SelectField label="Status" options={STATUS_OPTIONS} placeholder="All statuses" value={status ?? ''} onChange={(value) => change({ status: value || undefined })} size="sm" />
        <TextField label="Search" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Titles, descriptions and text" size="sm" className="admin-filters__search" />
        <div className="admin-filters__actions">
          <Button type="submit" size="sm">
            Search
          </Button>
          {filtered && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setText('');
                setParams(new URLSearchParams());
              }}
            >
              Clear filters
            </Button>
          )}
        </div>
      </form>

      {query.isPending ? (
        <Spinner label="Loading content…" showLabel />
      ) : query.isError ? (
        <div className="admin-notice admin-notice--error" role="alert">
          <p>We could not load the content. {query.error.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.items.length === 0 ? (
        <div className="admin-empty">
          {filtered ? (
            <p>No content matches these filters.</p>
          ) : (
            <p>
              The library is empty. Start with <Link to={newContentPath('BOOK')}>{withArticle('BOOK')}</Link>.
            </p>
          )}
        </div>
      ) : (
        <>
          <p className="admin-count" aria-live="polite">
            {query.data.total === 1 ? '1 item' : `${query.data.total} items`}
            {query.isFetching && <span className="visually-hidden"> (updating)</span>}
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Content, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((item) => (
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
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={query.data.page} totalPages={query.data.totalPages} onPage={(next) => change({ page: next > 1 ? String(next) : undefined })} />
        </>
      )}
    </section>
  );
}
