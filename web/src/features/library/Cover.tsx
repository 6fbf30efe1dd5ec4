import { useState } from 'react';
import type { ContentType } from '../../../../domain/content/constants';
import { TYPE_LABELS } from '../../../../domain/content/constants';

export interface CoverProps {
  src: string | null;
  title: string;
  type: ContentType;
  size?: 'card' | 'page';
}

/**
 * An item's cover, or (no cover, or one that does not load) a typographic stand-in with its type
 * and initial, so a grid keeps its rhythm. Decorative either way: the title sits beside it in text.
 */
export function Cover({ src, title, type, size = 'card' }: CoverProps) {
  const [failed, setFailed] = useState(false);
  const className = `cover cover--${size} cover--${type.toLowerCase().replace('_', '-')}`;
  if (src && !failed) {
    return (
      <span className={className}>
        <img className="cover__image" src={src} alt="" loading="lazy" onError={() => setFailed(true)} />
      </span>
    );
  }
  return (
    <span className={`${className} cover--placeholder`} aria-hidden="true">
      {size === 'page' && <span className="cover__type">{TYPE_LABELS[type]}</span>}
      <span className="cover__initial">{title.trim().charAt(0).toUpperCase()}</span>
    </span>
  );
}
