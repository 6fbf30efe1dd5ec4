import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../trpc';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../auth/AuthProvider';
import { resumePath, resumeVerb, shownPercentage } from './resume';
import { TYPE_LABELS } from '../../../../domain/content/constants';
import './progress.css';

/** How many items the section shows: the most recent few, not a history. */
export const CONTINUE_LIMIT = 6;

export interface ContinueSectionProps {
  /** The section's heading level in the page that holds it. */
  headingLevel?: 2 | 3;
}

/**
 * "Continue where you left off": the signed-in member's items in progress, most recent first, each
 * a link to where they stopped. Renders nothing for visitors, so a public page may always hold it.
 */
export function ContinueSection({ headingLevel = 2 }: ContinueSectionProps) {
  const { state, settled } = useAuth();
  if (!settled || !state.isAuthenticated) return null;
  return <ContinueList headingLevel={headingLevel} />;
}

function ContinueList({ headingLevel }: Required<ContinueSectionProps>) {
  const trpc = useTRPC();
  const query = useQuery(trpc.progress.list.queryOptions({ status: 'IN_PROGRESS', limit: CONTINUE_LIMIT, page: 1 }));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section className="continue" aria-labelledby="continue-title" aria-busy={query.isPending || undefined}>
      <Heading id="continue-title" className="continue__title">
        Continue where you left off
      </Heading>
      {query.isPending ? (
        <Spinner label="Loading what you were reading and watching…" showLabel />
      ) : query.isError ? (
        <div className="progress-notice progress-notice--error" role="alert">
          <p>We could not load what you were reading and watching.</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.progress.length === 0 ? (
        <p className="continue__empty">
          Nothing in progress yet. Start a chapter or a video in the <Link to="/library">library</Link> and it will wait for you here.
        </p>
      ) : (
        <ul className="continue__list">
          {query.data.progress.map((entry) => {
            const percent = shownPercentage(entry.percentage);
            return (
              <li key={entry.contentId} className="continue__item">
                <Link className="continue__link" to={resumePath(entry)}>
                  <span className="continue__type">{TYPE_LABELS[entry.content.type]}</span>
                  <span className="continue__name">{entry.content.title}</span>
                  <span className="visually-hidden">, {percent}% done. </span>
                  <span className="continue__action" aria-hidden="true">
                    {resumeVerb(entry)} · {percent}%
                  </span>
                </Link>
                <div className="continue__bar" aria-hidden="true">
                  <span className="continue__fill" style={{ width: `${percent}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
