/**
 * `/library`: search (the server's full-text search), type and tag filters, the featured shelf and
 * the results page by page. Everything the page shows follows from its URL (library-url.ts).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CONTENT_TYPES, type ContentType } from '../../../../domain/content/constants';
import { pageTitle } from '../../lib/product';
import { LIBRARY_SEGMENTS, TYPE_PLURALS, typeOfSegment } from '../../lib/content/paths';
import { useFeatured, useLibraryBrowse, useLibraryFacets, type LibraryFacets } from '../../lib/content/queries';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { ContentGrid } from './ContentCard';
import { SearchIcon } from './icons';
import { hasFilters, libraryHref, libraryParams, nextLibraryState, readLibraryState, type LibraryState } from './library-url';
import { LoadFailure } from './LoadFailure';
import { Pagination } from './Pagination';
import './library.css';

export function LibraryPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = readLibraryState(params);
  const go = (change: Partial<LibraryState>) => {
    const query = libraryParams(nextLibraryState(state, change)).toString();
    void navigate(query ? `/library?${query}` : '/library');
  };
  const facets = useLibraryFacets();
  const browsing = !hasFilters(state) && state.page === 1;

  return (
    <div className="library">
      <title>{pageTitle(state.q ? `“${state.q}” in the library` : 'Library')}</title>
      <header className="library__header">
        <h1>Library</h1>
        <p className="library__lead">Books, essays, courses, lectures and more. Search by title, subject or words in the text.</p>
      </header>
      <SearchForm q={state.q} onSearch={(q) => go({ q })} />
      <Filters state={state} facets={facets.data} onChange={go} />
      {browsing && <FeaturedShelf />}
      <Results state={state} />
    </div>
  );
}

function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const id = useId();
  // Back, forward and links change the URL: the box follows.
  useEffect(() => setText(q), [q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="library-search" onSubmit={submit}>
      <label htmlFor={id} className="library-search__label">
        Search the library
      </label>
      <div className="library-search__row">
        <span className="library-search__field">
          <span className="library-search__icon">
            <SearchIcon />
          </span>
          <input
            id={id}
            className="library-search__input"
            type="search"
            name="q"
            value={text}
            maxLength={200}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Try “virtue” or “Atlas”"
            onChange={(event) => setText(event.target.value)}
          />
        </span>
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}

function Filters({ state, facets, onChange }: { state: LibraryState; facets: LibraryFacets | undefined; onChange: (change: Partial<LibraryState>) => void }) {
  const typeId = useId();
  const tagId = useId();
  const counts = new Map(facets?.types.map((t) => [t.type, t.count]));
  // With the counts, only the types the library holds; without them (still loading, or failed), every type.
  const types: readonly ContentType[] = facets ? CONTENT_TYPES.filter((t) => counts.has(t) || t === state.type) : CONTENT_TYPES;
  const tags = facets?.tags ?? [];
  const tagOptions = state.tag && !tags.some((t) => t.tag === state.tag) ? [{ tag: state.tag, count: 0 }, ...tags] : tags;
  return (
    <div className="library-filters">
      <div className="library-filters__field">
        <label htmlFor={typeId}>Type</label>
        <select id={typeId} value={state.type ? LIBRARY_SEGMENTS[state.type] : ''} onChange={(event) => onChange({ type: typeOfSegment(event.target.value) })}>
          <option value="">All types</option>
          {types.map((type) => (
            <option key={type} value={LIBRARY_SEGMENTS[type]}>
              {TYPE_PLURALS[type]}
              {counts.has(type) ? ` (${counts.get(type)})` : ''}
            </option>
          ))}
        </select>
      </div>
      {tagOptions.length > 0 && (
        <div className="library-filters__field">
          <label htmlFor={tagId}>Tag</label>
          <select id={tagId} value={state.tag ?? ''} onChange={(event) => onChange({ tag: event.target.value || null })}>
            <option value="">All tags</option>
            {tagOptions.map(({ tag, count }) => (
              <option key={tag} value={tag}>
                {tag}
                {count ? ` (${count})` : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      {hasFilters(state) && (
        <Button variant="ghost" size="sm" className="library-filters__clear" onClick={() => onChange({ q: '', type: null, tag: null })}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

function FeaturedShelf() {
  const featured = useFeatured(4);
  if (featured.isPending || featured.isError || featured.data.items.length === 0) return null;
  return (
    <section className="library-section" aria-labelledby="featured-title">
      <h2 id="featured-title">Featured</h2>
      <ContentGrid items={featured.data.items} />
    </section>
  );
}

function describe(state: LibraryState, total: number): string {
  const found = `${total} ${total === 1 ? 'item' : 'items'}`;
  const what = [state.type ? TYPE_PLURALS[state.type].toLowerCase() : null, state.tag ? `tagged “${state.tag}”` : null].filter(Boolean).join(' ');
  if (state.q) return `${found} found for “${state.q}”${what ? ` among ${what}` : ''}`;
  return what ? `${found}: ${what}` : `${found} in the library`;
}

function Results({ state }: { state: LibraryState }) {
  const { query, items, page } = useLibraryBrowse(state);
  const heading = state.q ? 'Search results' : hasFilters(state) ? 'Results' : 'Everything in the library';
  return (
    <section className="library-section" aria-labelledby="results-title" aria-busy={query.isFetching || undefined}>
      <h2 id="results-title">{heading}</h2>
      {query.isPending ? (
        <div className="library-loading">
          <Spinner label="Loading the library…" showLabel />
        </div>
      ) : query.isError && !items ? (
        <LoadFailure what="the library" onRetry={() => void query.refetch()} inline />
      ) : items && page && items.length > 0 ? (
        <>
          <p className="library-results__count" role="status">
            {describe(state, page.total)}
          </p>
          <div className={query.isPlaceholderData ? 'library-results library-results--stale' : 'library-results'}>
            <ContentGrid items={items} />
          </div>
          <Pagination page={state.page} totalPages={page.totalPages} hrefOf={(p) => libraryHref({ ...state, page: p })} label="Result pages" />
        </>
      ) : (
        <EmptyResults state={state} pastTheEnd={Boolean(page && page.total > 0)} lastPage={page?.totalPages ?? 1} />
      )}
    </section>
  );
}

function EmptyResults({ state, pastTheEnd, lastPage }: { state: LibraryState; pastTheEnd: boolean; lastPage: number }) {
  const navigate = useNavigate();
  if (pastTheEnd) {
    return (
      <div className="library-empty" role="status">
        <p className="library-empty__title">No results on this page</p>
        <p>There are only {lastPage} pages of results.</p>
        <Button variant="secondary" onClick={() => void navigate(libraryHref({ ...state, page: lastPage }))}>
          Go to the last page
        </Button>
      </div>
    );
  }
  return (
    <div className="library-empty" role="status">
      <p className="library-empty__title">No results</p>
      <p>{hasFilters(state) ? 'Nothing in the library matches your search and filters. Try other words, or clear the filters.' : 'The library is empty for now.'}</p>
      {hasFilters(state) && (
        <Button variant="secondary" onClick={() => void navigate('/library')}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

