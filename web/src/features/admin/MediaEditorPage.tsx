import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { MEDIA_TYPES } from '../../../../domain/media/constants';
import { pageTitle } from '../../lib/product';
import { MEDIA_TYPE_LABELS, mediaName } from '../../lib/content/media';
import { itemLookup } from '../../lib/query-client';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Button } from '../../ui/Button';
import { AttachmentPanel } from './AttachmentPanel';
import type { FormValues } from './content-form';
import { DeleteDialog } from './DeleteDialog';
import { EditorStatus } from './EditorStatus';
import { FieldForm } from './FieldForm';
import { MEDIA_FORM_GROUPS, mediaDefaultValues, mediaFormSchema, mediaValues } from './media-form';
import { editMediaPath, MEDIA_LIST_PATH } from './media-paths';
import { useEditing } from './use-editing';

/** `/admin/media/new` (`?type=VIDEO` chooses the type): a new asset, attached to content from its own page once it exists. */
export function NewMediaPage() {
  const { client, created } = useEditing();
  const [params] = useSearchParams();
  const type = MEDIA_TYPES.find((t) => t === params.get('type'));
  const create = async (values: FormValues) => {
    const { mediaAsset } = await client.media.create.mutate(values);
    await created('Media asset created', editMediaPath(mediaAsset.id));
  };
  return (
    <section className="admin-page" aria-labelledby="new-media-title">
      <title>{pageTitle('New media asset')}</title>
      <Breadcrumb size="sm" items={[{ label: 'Media', to: MEDIA_LIST_PATH }, { label: 'New media asset' }]} />
      <header className="admin-page__header">
        <div>
          <h1 id="new-media-title" className="admin-page__title">
            New media asset
          </h1>
          <p className="admin-page__lead">Describe the file here; attach it to a book, a lecture or any other item from its page once it is created.</p>
        </div>
      </header>
      <FieldForm groups={MEDIA_FORM_GROUPS} schema={mediaFormSchema()} defaultValues={mediaDefaultValues(type)} submitLabel="Create media asset" onSubmit={create} cancelTo={MEDIA_LIST_PATH} />
    </section>
  );
}

/** `/admin/media/:id`: change an asset, attach it to content or detach it, or delete it. */
export function EditMediaPage() {
  const { id = '' } = useParams();
  return <EditMedia key={id} id={id} />;
}

function EditMedia({ id }: { id: string }) {
  const { trpc, client, changed, deleted } = useEditing();
  const [deleting, setDeleting] = useState(false);
  const query = useQuery(itemLookup(trpc.media.byId.queryOptions({ id })));
  if (!query.data) return <EditorStatus query={query} noun="media asset" gone="It may have been deleted." back={{ to: MEDIA_LIST_PATH, label: 'Back to media' }} />;

  const asset = query.data.mediaAsset;
  const name = mediaName(asset);
  const save = async (values: FormValues) => {
    await client.media.update.mutate({ ...values, id });
    await changed('Changes saved');
  };
  const attach = async (contentId: string) => {
    await client.media.associate.mutate({ mediaAssetId: id, contentId });
    await changed('Media asset attached');
  };
  const detach = async () => {
    await client.media.disassociate.mutate({ mediaAssetId: id });
    await changed('Media asset detached');
  };
  const remove = async () => {
    await client.media.delete.mutate({ id });
    await deleted('Media asset deleted', trpc.media.byId.queryKey({ id }), MEDIA_LIST_PATH);
  };

  return (
    <section className="admin-page" aria-labelledby="edit-media-title">
      <title>{pageTitle(`Edit ${name}`)}</title>
      <Breadcrumb size="sm" items={[{ label: 'Media', to: MEDIA_LIST_PATH }, { label: name }]} />
      <header className="admin-page__header">
        <div>
          <p className="admin-page__eyebrow">Edit {MEDIA_TYPE_LABELS[asset.type].toLowerCase()}</p>
          <h1 id="edit-media-title" className="admin-page__title">
            {name}
          </h1>
        </div>
      </header>
      <div className="admin-editor">
        <aside className="admin-editor__aside" aria-label="About this media asset">
          <AttachmentPanel contentId={asset.contentId} onAttach={attach} onDetach={detach} />
        </aside>
        <div className="admin-editor__main">
          <FieldForm groups={MEDIA_FORM_GROUPS} schema={mediaFormSchema()} defaultValues={mediaValues(asset)} submitLabel="Save changes" onSubmit={save} cancelTo={MEDIA_LIST_PATH} />
        </div>
        <section className="admin-panel admin-editor__danger" aria-labelledby="delete-media-title">
          <h2 id="delete-media-title" className="admin-panel__title">
            Delete
          </h2>
          <p className="admin-panel__text">Deleting cannot be undone. Members’ progress on it goes with it; the content it is attached to stays.</p>
          <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
            Delete media asset
          </Button>
        </section>
      </div>
      {deleting && (
        <DeleteDialog
          title={`Delete “${name}”?`}
          description={<p>This removes the media asset for good. The content it is attached to stays.</p>}
          confirmLabel="Delete media asset"
          onConfirm={remove}
          onClose={() => setDeleting(false)}
        />
      )}
    </section>
  );
}
