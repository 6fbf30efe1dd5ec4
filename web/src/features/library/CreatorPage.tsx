/** `/creators/:slug`: a creator (spec 002 §3 Creator): who they are and the content they are credited on, page by page. */
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { pageTitle } from '../../lib/product';
import { creatorPath } from '../../lib/content/paths';
import { useCreatorContent, type Creator } from '../../lib/content/queries';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { ContentGrid } from './ContentCard';
import { ItemStatus } from './ItemStatus';
import { Pagination } from './Pagination';
import './library.css';

function Portrait({ creator }: { creator: Creator }) {
  const [failed, setFailed] = useState(false);
  if (creator.imageUrl && !failed) return <img className="portrait" src={creator.imageUrl} alt="" onError={() => setFailed(true)} />;
  const initials = creator.name
    .split(/\s+/)
    .map((w) => w.charAt(0))
    .slice(0, 2)
    .join('')
    .toUpperCase();
  return (
    <span className="portrait portrait--placeholder" aria-hidden="true">
      {initials}
    </span>
  );
}

export function CreatorPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useCreatorContent(slug, page);
  if (!query.data) return <ItemStatus query={query} label="Creator" what="this creator" />;
  const { creator, content, total, totalPages } = query.data;
  return (
    <article className="item-page">
      <title>{pageTitle(creator.name)}</title>
      <header className="item-header">
        <Breadcrumb items={[{ label: 'Library', to: '/library' }, { label: creator.name }]} />
        <div className="item-header__main creator-header">
          <Portrait creator={creator} />
          <div className="item-header__text">
            <p className="item-header__type">Creator</p>
            <h1 className="item-header__title">{creator.name}</h1>
            {(creator.title || creator.organization) && <p className="item-header__subtitle">{[creator.title, creator.organization].filter(Boolean).join(', ')}</p>}
            {creator.bio && <p className="item-header__description">{creator.bio}</p>}
            {creator.expertise.length > 0 && (
              <ul className="tag-list" aria-label="Expertise">
                {creator.expertise.map((e) => (
                  <li key={e} className="tag tag--plain">
                    {e}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </header>
      <section className="item-section" aria-labelledby="works-title" aria-busy={query.isFetching || undefined}>
        <h2 id="works-title">In the library</h2>
        {total === 0 ? (
          <p className="item-section__note">Nothing by {creator.name} has been published yet.</p>
        ) : (
          <>
            <p className="library-results__count">
              {total} {total === 1 ? 'item' : 'items'}
            </p>
            <div className={query.isPlaceholderData ? 'library-results library-results--stale' : 'library-results'}>
              <ContentGrid items={content} />
            </div>
            <Pagination page={page} totalPages={totalPages} hrefOf={(p) => (p > 1 ? `${creatorPath(creator.slug)}?page=${p}` : creatorPath(creator.slug))} label="Pages of works" />
          </>
        )}
      </section>
    </article>
  );
}
