import { Link } from 'react-router';
import type { ContentType } from '../../../../domain/content/constants';
import { TYPE_LABELS } from '../../../../domain/content/constants';
import { openPath } from '../../lib/content/paths';
import { Cover } from './Cover';

export interface CardItem {
  id: string;
  type: ContentType;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  coverImage: string | null;
  author?: string | null;
  accessType?: string;
}

/** One item in a grid: the whole card is its link (one tab stop), the type and author beside the title. */
export function ContentCard({ item, headingLevel = 3 }: { item: CardItem; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="content-card">
      <Cover src={item.coverImage} title={item.title} type={item.type} />
      <div className="content-card__body">
        <p className="content-card__type">
          {TYPE_LABELS[item.type]}
          {item.accessType && item.accessType !== 'OPEN' && <span className="content-card__access"> · {ACCESS_LABELS[item.accessType] ?? item.accessType}</span>}
        </p>
        <Heading className="content-card__title">
          <Link className="content-card__link" to={openPath(item)}>
            {item.title}
          </Link>
        </Heading>
        {item.subtitle && <p className="content-card__subtitle">{item.subtitle}</p>}
        {item.author && <p className="content-card__author">{item.author}</p>}
        {item.description && <p className="content-card__description">{item.description}</p>}
      </div>
    </article>
  );
}

/** How an access type reads on a card (domain/content/README.md "Access"). */
export const ACCESS_LABELS: Record<string, string> = {
  MEMBERS: 'Members',
  PREMIUM: 'Premium',
  CLASSROOM: 'Classroom',
  STAFF: 'Staff only',
};

export function ContentGrid({ items, headingLevel = 3, label }: { items: CardItem[]; headingLevel?: 2 | 3 | 4; label?: string }) {
  return (
    <ul className="content-grid" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <ContentCard item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
