import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { TYPE_LABELS } from '../../../../domain/content/constants';
import { pageTitle } from '../../lib/product';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { resumePath, shownPercentage } from '../../lib/progress/resume';
import { useRecordContentProgress } from '../../lib/progress/use-content-progress';
import '../../lib/progress/progress.css';

export const SAVED_PAGE_SIZE = 12;

type Flag = 'isFavorited' | 'isBookmarked';

const SECTIONS: { flag: Flag; title: string; empty: string; remove: string }[] = [
  { flag: 'isFavorited', title: 'Favorites', empty: 'No favorites yet. Mark a chapter, an essay or a video as a favorite and it will be listed here.', remove: 'Remove from favorites' },
  { flag: 'isBookmarked', title: 'Bookmarks', empty: 'No bookmarks yet. Bookmark what you mean to come back to and it will be listed here.', remove: 'Remove bookmark' },
];

/** /my-library: the member's favorites and bookmarks, each list paged, each item a link to where to resume. */
export function MyLibraryPage() {
  return (
    <div className="my-library">
      <title>{pageTitle('My library')}</title>
      <header className="my-library__header">
        <h1>My library</h1>
        <p className="my-library__lead">What you marked as a favorite or bookmarked, most recent first.</p>
      </header>
      {SECTIONS.map((section) => (
        <SavedList key={section.flag} {...section} />
      ))}
    </div>
  );
}

function SavedList({ flag, title, empty, remove }: (typeof SECTIONS)[number]) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...trpc.progress.list.queryOptions({ [flag]: true, page, limit: SAVED_PAGE_SIZE }), placeholderData: keepPreviousData });
  const { record } = useRecordContentProgress();
  const [removing, setRemoving] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const headingId = `saved-${flag}`;

  const unmark = async (contentId: string) => {
    setRemoving(contentId);
    setFailed(false);
    try {
      await record({ contentId, [flag]: false });
    } catch {
      setFailed(true);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section className="saved" aria-labelledby={headingId} aria-busy={query.isFetching || undefined}>
      <h2 id={headingId} className="saved__title">
        {title}
        {query.data && query.data.total > 0 && <span className="saved__count"> ({query.data.total})</span>}
      </h2>
      {query.isPending ? (
        <Spinner label={`Loading your ${title.toLowerCase()}…`} showLabel />
      ) : query.isError ? (
        <div className="progress-notice progress-notice--error" role="alert">
          <p>We could not load your {title.toLowerCase()}.</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.progress.length === 0 ? (
        <p className="saved__empty">
          {empty} <Link to="/library">Browse the library</Link>.
        </p>
      ) : (
        <>
          {failed && (
            <p className="progress-toggles__error" role="alert">
              We could not update your {title.toLowerCase()}. Please try again.
            </p>
          )}
          <ul className="saved__list">
            {query.data.progress.map((entry) => (
              <li key={entry.contentId} className="saved__item">
                <div className="saved__body">
                  <span className="continue__type">{TYPE_LABELS[entry.content.type]}</span>
                  <Link className="saved__link" to={resumePath(entry)}>
                    {entry.content.title}
                  </Link>
                  <span className="saved__status">{statusText(entry.status, entry.percentage)}</span>
                </div>
                <Button variant="ghost" size="sm" loading={removing === entry.contentId} onClick={() => void unmark(entry.contentId)} aria-label={`${remove}: ${entry.content.title}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {query.data.totalPages > 1 && (
            <nav className="saved__pager" aria-label={`${title} pages`}>
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <span>
                Page {query.data.page} of {query.data.totalPages}
              </span>
              <Button variant="secondary" size="sm" disabled={page >= query.data.totalPages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function statusText(status: string, percentage: number): string {
  if (status === 'COMPLETED') return 'Finished';
  if (status === 'IN_PROGRESS') return `${shownPercentage(percentage)}% done`;
  return 'Not started';
}
