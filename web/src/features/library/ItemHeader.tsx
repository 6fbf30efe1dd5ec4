import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TYPE_LABELS, type ContentType } from '../../../../domain/content/constants';
import { creatorPath, TYPE_PLURALS } from '../../lib/content/paths';
import type { CreatorCredit } from '../../lib/content/queries';
import { Breadcrumb, type BreadcrumbItem } from '../../ui/Breadcrumb';
import { ACCESS_LABELS } from './ContentCard';
import { Cover } from './Cover';
import { libraryHref } from './library-url';

export interface HeaderItem {
  type: ContentType;
  title: string;
  subtitle: string | null;
  description: string | null;
  coverImage: string | null;
  author: string | null;
  tags: string[];
  accessType: string;
}

export interface ItemHeaderProps {
  item: HeaderItem;
  creators?: CreatorCredit[] | undefined;
  /** Between the library's type and the item (a lesson's course). */
  trail?: BreadcrumbItem[];
  /** Shown under the description: key facts, actions. */
  children?: ReactNode;
  showCover?: boolean;
}

const ROLE_LABELS: Record<string, string> = { AUTHOR: 'by', CO_AUTHOR: 'with', EDITOR: 'edited by', TRANSLATOR: 'translated by', NARRATOR: 'read by', LECTURER: 'by', HOST: 'hosted by', INTERVIEWER: 'interviewer', INTERVIEWEE: 'with', CONTRIBUTOR: 'with' };

/** The credits as links to the creators' pages, grouped by role ("by Ayn Rand, edited by Leonard Peikoff"). */
export function Credits({ creators, author }: { creators: CreatorCredit[] | undefined; author: string | null }) {
  if (!creators?.length) return author ? <p className="item-header__credits">by {author}</p> : null;
  const roles = [...new Set(creators.map((c) => c.role))];
  return (
    <p className="item-header__credits">
      {roles.map((role, r) => (
        <span key={role}>
          {r > 0 && '; '}
          {ROLE_LABELS[role] ?? role.toLowerCase()}{' '}
          {creators
            .filter((c) => c.role === role)
            .map((c, i, list) => (
              <span key={c.creatorId}>
                {i > 0 && (i === list.length - 1 ? ' and ' : ', ')}
                <Link to={creatorPath(c.slug)}>{c.name}</Link>
              </span>
            ))}
        </span>
      ))}
    </p>
  );
}

/** An item page's top: the trail, the type, the title, the credits, the tags and the description. */
export function ItemHeader({ item, creators, trail = [], children, showCover = true }: ItemHeaderProps) {
  return (
    <header className={showCover ? 'item-header' : 'item-header item-header--plain'}>
      <Breadcrumb items={[{ label: 'Library', to: '/library' }, { label: TYPE_PLURALS[item.type], to: item.type === 'LEXICON_TERM' ? '/library/lexicon' : libraryHref({ type: item.type }) }, ...trail, { label: item.title }]} />
      <div className="item-header__main">
        {showCover && <Cover src={item.coverImage} title={item.title} type={item.type} size="page" />}
        <div className="item-header__text">
          <p className="item-header__type">
            {TYPE_LABELS[item.type]}
            {item.accessType !== 'OPEN' && <span> · {ACCESS_LABELS[item.accessType] ?? item.accessType}</span>}
          </p>
          <h1 className="item-header__title">{item.title}</h1>
          {item.subtitle && <p className="item-header__subtitle">{item.subtitle}</p>}
          <Credits creators={creators} author={item.author} />
          {item.description && <p className="item-header__description">{item.description}</p>}
          {item.tags.length > 0 && (
            <ul className="tag-list" aria-label="Tags">
              {item.tags.map((tag) => (
                <li key={tag}>
                  <Link className="tag" to={libraryHref({ tag })}>
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {children}
        </div>
      </div>
    </header>
  );
}
