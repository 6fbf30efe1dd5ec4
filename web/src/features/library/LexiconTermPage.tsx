/** `/library/lexicon/:slug`: a lexicon term (spec 002 §3 Lexicon term): its definition and excerpts from the works. */
import { Link, useParams } from 'react-router';
import { pageTitle } from '../../lib/product';
import { libraryPath } from '../../lib/content/paths';
import { textOf, useContentItem, useTermExcerpts, type ContentItem } from '../../lib/content/queries';
import { Spinner } from '../../ui/Spinner';
import { AccessNotice, useAccess } from './AccessNotice';
import { TermList } from './ItemParts';
import { ItemHeader } from './ItemHeader';
import { ItemStatus } from './ItemStatus';
import { LoadFailure } from './LoadFailure';
import './library.css';

export function LexiconTermPage() {
  const { slug = '' } = useParams();
  const query = useContentItem('LEXICON_TERM', slug);
  if (!query.data) return <ItemStatus query={query} label="Term" what="this term" />;
  return <TermView term={query.data} slug={slug} />;
}

function Citation({ excerpt }: { excerpt: Record<string, unknown> }) {
  const parts = [excerpt.workTitle, excerpt.bookTitle !== excerpt.workTitle ? excerpt.bookTitle : null].filter((p): p is string => typeof p === 'string' && p !== '');
  if (parts.length === 0) return null;
  return (
    <figcaption className="excerpt__source">
      <cite>{parts.join(', ')}</cite>
      {typeof excerpt.pageNumber === 'number' && `, page ${excerpt.pageNumber}`}
    </figcaption>
  );
}

function TermView({ term, slug }: { term: ContentItem; slug: string }) {
  const { access, retry } = useAccess(term);
  const excerpts = useTermExcerpts(slug);
  const pointsTo = typeof term.pointsToTerm === 'string' && term.pointsToTerm ? term.pointsToTerm : null;
  return (
    <article className="item-page">
      <title>{pageTitle(`${term.title} · Lexicon`)}</title>
      <ItemHeader item={term} creators={term.creators} showCover={false} />
      <AccessNotice item={term} access={access} onRetry={retry} />
      <div className="item-body">
        {pointsTo && (
          <p className="item-section__note">
            See <Link to={`/library?q=${encodeURIComponent(pointsTo)}&type=lexicon`}>{pointsTo}</Link>.
          </p>
        )}
        <section className="item-section" aria-labelledby="excerpts-title" aria-busy={excerpts.isPending || undefined}>
          <h2 id="excerpts-title">Definition and excerpts</h2>
          {access !== 'open' ? null : excerpts.isPending ? (
            <Spinner label="Loading the excerpts…" showLabel />
          ) : excerpts.isError ? (
            <LoadFailure what="the excerpts" onRetry={() => void excerpts.refetch()} inline />
          ) : excerpts.data.length === 0 ? (
            <p className="item-section__note">No excerpts have been published for this term yet.</p>
          ) : (
            <ol className="excerpts">
              {excerpts.data.map((excerpt) => (
                <li key={excerpt.id} className="excerpt">
                  <figure className="excerpt__figure">
                    <blockquote className="item-quote">
                      <p>{textOf(excerpt.excerpt) ?? excerpt.title}</p>
                    </blockquote>
                    <Citation excerpt={excerpt} />
                  </figure>
                  {textOf(excerpt.analysis) && <p className="excerpt__analysis">{textOf(excerpt.analysis)}</p>}
                  <Link className="excerpt__more" to={libraryPath('EXCERPT', excerpt.slug)}>
                    About this excerpt<span className="visually-hidden">: {excerpt.title}</span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
        <TermList title="Related terms" terms={term.relatedTerms} />
      </div>
    </article>
  );
}
