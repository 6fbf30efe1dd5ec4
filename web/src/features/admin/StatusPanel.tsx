import { useRef } from 'react';
import type { ContentStatus } from '../../../../domain/content/constants';
import { TRANSITIONS } from '../../../../domain/content/lifecycle';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { holds } from './permissions';
import { StatusBadge } from './StatusBadge';
import { usePendingAction } from './use-pending-action';

/** What the button for a move says. */
export function moveLabel(from: ContentStatus, to: ContentStatus): string {
  switch (to) {
    case 'REVIEW':
      return 'Submit for review';
    case 'PUBLISHED':
      return 'Publish';
    case 'ARCHIVED':
      return 'Archive';
    case 'DRAFT':
      return from === 'PUBLISHED' ? 'Unpublish' : 'Back to draft';
  }
}

/** The moves of the lifecycle (domain/content/lifecycle.ts) from `status` that these roles may make. */
export function allowedMoves(status: ContentStatus, roles: readonly string[]): ContentStatus[] {
  return (Object.entries(TRANSITIONS[status]) as [ContentStatus, Parameters<typeof holds>[1]][]).filter(([, permission]) => holds(roles, permission)).map(([to]) => to);
}

export interface StatusPanelProps {
  status: ContentStatus;
  publishedAt: string | null;
  roles: readonly string[];
  /** Asks the server for the move; a refusal is thrown and shown here. */
  onMove: (to: ContentStatus) => Promise<void>;
}

/**
 * Where the item stands in its lifecycle and the moves open from there. The server decides: a move it
 * refuses (a rule or a missing permission) is shown as it said it.
 */
export function StatusPanel({ status, publishedAt, roles, onMove }: StatusPanelProps) {
  const { pending, refusal, run } = usePendingAction<ContentStatus>();
  const moves = allowedMoves(status, roles);
  // The button pressed is gone after a move (the moves change): the focus goes to the panel's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const move = async (to: ContentStatus) => {
    if (await run(to, () => onMove(to))) heading.current?.focus();
  };

  return (
    <section className="admin-panel" aria-labelledby="status-title">
      <h2 id="status-title" className="admin-panel__title" tabIndex={-1} ref={heading}>
        Status
      </h2>
      <p className="admin-panel__text">
        <StatusBadge status={status} />
        {status === 'PUBLISHED' && publishedAt && <span> since {formatDate(publishedAt)}</span>}
      </p>
      {moves.length > 0 ? (
        <div className="admin-panel__actions">
          {moves.map((to) => (
            <Button key={to} size="sm" variant={to === 'PUBLISHED' ? 'primary' : 'secondary'} loading={pending === to} disabled={pending !== null && pending !== to} onClick={() => void move(to)}>
              {moveLabel(status, to)}
            </Button>
          ))}
        </div>
      ) : (
        <p className="admin-panel__text">Your role cannot move this item from here.</p>
      )}
      {refusal && (
        <div className="admin-notice admin-notice--error" role="alert">
          {refusal}
        </div>
      )}
    </section>
  );
}
