import { Link } from 'react-router';
import type { ContentSummary } from '../../lib/content/queries';

export interface ChildListProps {
  items: ContentSummary[];
  /** Where each child opens; null when it cannot be opened (locked). */
  hrefOf: (item: ContentSummary) => string | null;
  /** Shown before the title: "Chapter 1", "Lesson 2". */
  numberLabel?: (item: ContentSummary, index: number) => string;
  /** Extra facts after the description (a lesson's length, "Video"). */
  detailOf?: (item: ContentSummary) => string | null;
  label: string;
}

/** A parent's children in order (a book's chapters, a course's lessons); an ordered list, so its order is announced. */
export function ChildList({ items, hrefOf, numberLabel, detailOf, label }: ChildListProps) {
  return (
    <ol className="child-list" aria-label={label}>
      {items.map((item, index) => {
        const href = hrefOf(item);
        const detail = detailOf?.(item);
        return (
          <li key={item.id} className="child-list__item">
            {numberLabel && <span className="child-list__number">{numberLabel(item, index)}</span>}
            <span className="child-list__title">
              {href ? <Link to={href}>{item.title}</Link> : <span className="child-list__locked">{item.title}<span className="visually-hidden"> (locked)</span></span>}
            </span>
            {item.description && <span className="child-list__description">{item.description}</span>}
            {detail && <span className="child-list__detail">{detail}</span>}
          </li>
        );
      })}
    </ol>
  );
}
