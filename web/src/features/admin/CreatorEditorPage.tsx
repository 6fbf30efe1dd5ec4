import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { TYPE_LABELS } from '../../../../domain/content/constants';
import { pageTitle } from '../../lib/product';
import { itemLookup } from '../../lib/query-client';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import type { FormValues } from './content-form';
import { editContentPath } from './content-types';
import { CREATOR_FIELDS, creatorDefaults, creatorFormSchema, creatorValues } from './creator-form';
import { DeleteDialog } from './DeleteDialog';
import { EditorStatus } from './EditorStatus';
import { FieldForm } from './FieldForm';
import { StatusBadge } from './StatusBadge';
import { useEditing } from './use-editing';

const LIST_PATH = '/admin/creators';
const CREATOR_GROUPS = [{ id: 'creator', fields: CREATOR_FIELDS }];

/** A creator's fields, checked with the shared schema. */
function CreatorForm({ defaultValues, submitLabel, onSubmit }: { defaultValues: FormValues; submitLabel: string; onSubmit: (values: FormValues) => Promise<void> }) {
  return <FieldForm groups={CREATOR_GROUPS} schema={creatorFormSchema()} defaultValues={defaultValues} submitLabel={submitLabel} onSubmit={onSubmit} cancelTo={LIST_PATH} />;
}

/** `/admin/creators/new`. */
export function NewCreatorPage() {
  const { client, created } = useEditing();
  const create = async (values: FormValues) => {
    const { creator } = await client.creators.create.mutate(values);
    await created('Creator created', `${LIST_PATH}/${encodeURIComponent(creator.id)}`);
  };
  return (
    <section className="admin-page admin-page--narrow" aria-labelledby="new-creator-title">
      <title>{pageTitle('New creator')}</title>
      <Breadcrumb size="sm" items={[{ label: 'Creators', to: LIST_PATH }, { label: 'New creator' }]} />
      <header className="admin-page__header">
        <h1 id="new-creator-title" className="admin-page__title">
          New creator
        </h1>
      </header>
      <CreatorForm defaultValues={creatorDefaults()} submitLabel="Create creator" onSubmit={create} />
    </section>
  );
}

/** `/admin/creators/:id`: change a creator, see what they are credited on, or delete them. */
export function EditCreatorPage() {
  const { id = '' } = useParams();
  return <EditCreator key={id} id={id} />;
}

function EditCreator({ id }: { id: string }) {
  const { trpc, client, changed, deleted } = useEditing();
  const [deleting, setDeleting] = useState(false);
  const query = useQuery(itemLookup(trpc.creators.byId.queryOptions({ id })));
  const slug = query.data?.creator.slug;
  const credited = useQuery({ ...itemLookup(trpc.creators.content.queryOptions({ slug: slug ?? '', page: 1, limit: 50 })), enabled: Boolean(slug) });
  if (!query.data) return <EditorStatus query={query} noun="creator" gone="They may have been deleted." back={{ to: LIST_PATH, label: 'Back to creators' }} />;

  const { creator } = query.data;
  const works = credited.data?.content ?? [];
  const save = async (values: FormValues) => {
    await client.creators.update.mutate({ ...values, id });
    await changed('Changes saved');
  };
  const remove = async () => {
    await client.creators.delete.mutate({ id });
    await deleted('Creator deleted', trpc.creators.byId.queryKey({ id }), LIST_PATH);
  };

  return (
    <section className="admin-page" aria-labelledby="edit-creator-title">
      <title>{pageTitle(`Edit ${creator.name}`)}</title>
      <Breadcrumb size="sm" items={[{ label: 'Creators', to: LIST_PATH }, { label: creator.name }]} />
      <header className="admin-page__header">
        <div>
          <p className="admin-page__eyebrow">Edit creator</p>
          <h1 id="edit-creator-title" className="admin-page__title">
            {creator.name}
          </h1>
          <p className="admin-page__lead">
            <code>{creator.slug}</code>
          </p>
        </div>
      </header>
      <div className="admin-editor">
        <aside className="admin-editor__aside" aria-label="About this creator">
          <section className="admin-panel" aria-labelledby="credited-title">
            <h2 id="credited-title" className="admin-panel__title">
              Credited on
            </h2>
            {credited.isPending ? (
              <Spinner size="sm" label="Loading what they are credited on…" showLabel />
            ) : credited.isError ? (
              <p className="admin-panel__text" role="alert">
                We could not load what they are credited on.
              </p>
            ) : works.length === 0 ? (
              <p className="admin-panel__text">Nothing yet. Credit them from a content item’s “Creators”.</p>
            ) : (
              <ul className="admin-children">
                {works.map((item) => (
                  <li key={item.id} className="admin-children__item">
                    <Link to={editContentPath(item.type, item.id)}>{item.title}</Link> <span className="admin-children__type">{TYPE_LABELS[item.type]}</span> <StatusBadge status={item.status} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
        <div className="admin-editor__main">
          <CreatorForm defaultValues={creatorValues(creator)} submitLabel="Save changes" onSubmit={save} />
        </div>
        <section className="admin-panel admin-editor__danger" aria-labelledby="delete-creator-title">
          <h2 id="delete-creator-title" className="admin-panel__title">
            Delete
          </h2>
          <p className="admin-panel__text">Deleting cannot be undone. Their credits on content go with them; the content stays.</p>
          <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
            Delete creator
          </Button>
        </section>
      </div>
      {deleting && (
        <DeleteDialog
          title={`Delete “${creator.name}”?`}
          description={<p>This removes the creator and their credits for good. The content they are credited on stays.</p>}
          confirmLabel="Delete creator"
          onConfirm={remove}
          onClose={() => setDeleting(false)}
        />
      )}
    </section>
  );
}
