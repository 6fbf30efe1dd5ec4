import type { ContentStatus } from '../../../../domain/content/constants';
import { humanEnum } from './content-form';

/** A content status as a labelled badge (the colour only repeats what the word says). */
export function StatusBadge({ status }: { status: ContentStatus }) {
  return <span className={`status-badge status-badge--${status.toLowerCase()}`}>{humanEnum(status)}</span>;
}
