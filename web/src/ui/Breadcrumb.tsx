import { Link } from 'react-router';
import { classNames, type Size } from './size';

export interface BreadcrumbItem {
  label: string;
  /** Omitted for the current page (the last item). */
  to?: string;
}

export interface BreadcrumbProps {
  items: BreadcrumbItem[];
  size?: Size;
}

/** The trail to the current page, its items separated by '/' (spec 001 §2). */
export function Breadcrumb({ items, size = 'md' }: BreadcrumbProps) {
  return (
    <nav aria-label="Breadcrumb" className={classNames('breadcrumb', `breadcrumb--${size}`)}>
      <ol className="breadcrumb__list">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li className="breadcrumb__item" key={`${index}-${item.label}`}>
              {item.to && !last ? (
                <Link to={item.to}>{item.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.label}</span>
              )}
              {!last && (
                <span className="breadcrumb__separator" aria-hidden="true">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
