import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { TYPE_LABELS } from '../../../../domain/content/constants';
import { libraryPath } from '../../lib/content/paths';
import { itemLookup } from '../../lib/query-client';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { editContentPath } from './content-types';
import { ReferencePicker } from './ReferencePicker';
import { StatusBadge } from './StatusBadge';
import { usePendingAction } from './use-pending-action';

export interface AttachmentPanelProps {
  /** The item the asset is attached to, if any. */
  contentId: string | null;
  /** Attach (or move) the asset to this item; a refusal is thrown and shown here. */
  onAttach: (contentId: string) => Promise<void>;
  onDetach: () => Promise<void>;
}

/** The item an asset is attached to, read by id: its title, type, status and where it is seen. */
function AttachedItem({ contentId }: { contentId: string }) {
  const trpc = useTRPC();
  const query = useQuery(itemLookup(trpc.library.item.queryOptions({ id: contentId })));
  if (query.isPending) return <Spinner size="sm" label="Loading the item it is attached to…" showLabel />;
  if (query.isError) return <p className="admin-panel__text">Attached to an item we could not load. {query.error.message}</p>;
  if (query.data === null) return <p className="admin-panel__text">Attached to an item that is no longer in the library.</p>;
  const { item } = query.data;
  return (
    <>
      <p className="admin-panel__text">
        <Link to={editContentPath(item.type, item.id)}>{item.title}</Link> <span className="admin-children__type">{TYPE_LABELS[item.type]}</span> <StatusBadge status={item.status} />
      </p>
      {item.published && (
        <p className="admin-panel__text">
          <Link to={libraryPath(item.type, item.slug)}>See it in the library</Link>
        </p>
      )}
    </>
  );
}

/**
 * Which content an asset belongs to (PATCH /api/media/{id}/content/{contentId} attaches it, DELETE
 * /api/media/{id}/content detaches it): the item, a search of the whole library to attach it to
 * another, and a way to detach it. The server decides; its refusal is shown as it said it.
 */
export function AttachmentPanel({ contentId, onAttach, onDetach }: AttachmentPanelProps) {
  const pickerId = useId();
  const [chosen, setChosen] = useState('');
  const { pending, refusal, run } = usePendingAction<'attach' | 'detach'>();
  const act = async (which: 'attach' | 'detach', action: () => Promise<void>) => {
    if (await run(which, action)) setChosen('');
  };

  return (
    <section className="admin-panel" aria-labelledby="attached-title">
      <h2 id="attached-title" className="admin-panel__title">
        Attached to
      </h2>
      {contentId ? <AttachedItem contentId={contentId} /> : <p className="admin-panel__text">No content yet: members see an asset once it is attached to a published item.</p>}
      {contentId && (
        <div className="admin-panel__actions">
          <Button variant="secondary" size="sm" loading={pending === 'detach'} disabled={pending === 'attach'} onClick={() => void act('detach', onDetach)}>
            Detach
          </Button>
        </div>
      )}
      <ReferencePicker id={pickerId} label={contentId ? 'Move to another item' : 'Attach to an item'} hint="Search the library by title." target={undefined} value={chosen} onChange={setChosen} />
      <div className="admin-panel__actions">
        <Button size="sm" loading={pending === 'attach'} disabled={chosen === '' || pending === 'detach'} onClick={() => void act('attach', () => onAttach(chosen))}>
          {contentId ? 'Move' : 'Attach'}
        </Button>
      </div>
      {refusal && (
        <div className="admin-notice admin-notice--error" role="alert">
          {refusal}
        </div>
      )}
    </section>
  );
}
