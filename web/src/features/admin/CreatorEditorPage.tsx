import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { TYPE_LABELS } from '../../../../domain/content/constants';
import { pageTitle } from '../../app/product';
import { isNotFound } from '../../lib/query-client';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Button, ButtonLink } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/Toast';
import { refreshAfterContentChange } from './admin-api';
import { failureOf } from './admin-errors';
import { ContentFieldControl } from './ContentFieldControl';
import type { FormValues } from './content-form';
import { editContentPath } from './content-types';
import { CREATOR_FIELDS, creatorDefaults, creatorFormSchema, creatorValues } from './creator-form';
import { DeleteDialog } from './DeleteDialog';
import { StatusBadge } from './StatusBadge';

const LIST_PATH = '/admin/creators';
const WIDE = new Set(['textarea', 'tags']);

interface CreatorFormProps {
  defaultValues: FormValues;
  submitLabel: string;
  onSubmit: (values: FormValues) => Promise<void>;
}

/** A creator's fields, checked with the shared schema; the server's refusal in a banner and under its field. */
export function CreatorForm({ defaultValues, submitLabel, onSubmit }: CreatorFormProps) {
  const formId = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const form = useForm<FormValues>({ defaultValues, resolver: zodResolver(creatorFormSchema()), mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const fieldId = (name: string) => `${formId}-${name}`;
  const submit = form.handleSubmit(
    async (values) => {
      setBanner(null);
      try {
        await onSubmit(values);
      } catch (error) {
        const failure = failureOf(error);
        for (const field of failure.fields) {
          if (CREATOR_FIELDS.some((f) => f.name === field.path)) form.setError(field.path as Path<FormValues>, { type: 'server', message: field.message });
        }
        setBanner(failure.message);
        requestAnimationFrame(() => bannerRef.current?.focus());
      }
    },
    (errors) => {
      setBanner(null);
      const first = CREATOR_FIELDS.find((f) => errors[f.name]);
      if (first) document.getElementById(fieldId(first.name))?.focus();
    },
  );
  const submitting = form.formState.isSubmitting;
  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
      {banner && (
        <div className="admin-notice admin-notice--error" role="alert" tabIndex={-1} ref={bannerRef}>
          {banner}
        </div>
      )}
      <div className="admin-form__grid">
        {CREATOR_FIELDS.map((field) => (
          <div key={field.name} className={WIDE.has(field.widget) ? 'admin-form__cell admin-form__cell--wide' : 'admin-form__cell'}>
            <Controller
              control={form.control}
              name={field.name}
              render={({ field: control, fieldState }) => (
                <ContentFieldControl field={field} id={fieldId(field.name)} value={control.value} onChange={control.onChange} onBlur={control.onBlur} error={fieldState.error?.message} labels={{}} />
              )}
            />
          </div>
        ))}
      </div>
      <div className="admin-form__actions">
        <Button type="submit" loading={submitting}>
          {submitting ? 'Saving…' : submitLabel}
        </Button>
        <ButtonLink to={LIST_PATH} variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}

/** `/admin/creators/new`. */
export function NewCreatorPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const create = async (values: FormValues) => {
    const { creator } = await client.creators.create.mutate(values);
    await refreshAfterContentChange(queryClient, trpc);
    toast.show('Creator created', { tone: 'success' });
    await navigate(`${LIST_PATH}/${encodeURIComponent(creator.id)}`, { replace: true });
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
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const query = useQuery(trpc.creators.byId.queryOptions({ id }));
  const slug = query.data?.creator.slug;
  const credited = useQuery({ ...trpc.creators.content.queryOptions({ slug: slug ?? '', page: 1, limit: 50 }), enabled: Boolean(slug) });

  if (query.isPending) return <Spinner label="Loading the creator…" showLabel />;
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <section className="message-page" aria-labelledby="missing-creator-title">
          <title>{pageTitle('Creator not found')}</title>
          <h1 id="missing-creator-title">Creator not found</h1>
          <p>There is no creator with this id. They may have been deleted.</p>
          <ButtonLink to={LIST_PATH}>Back to creators</ButtonLink>
        </section>
      );
    }
    return (
      <section className="admin-page" aria-labelledby="creator-failed-title">
        <title>{pageTitle('Edit creator')}</title>
        <h1 id="creator-failed-title" className="admin-page__title">
          Edit creator
        </h1>
        <div className="admin-notice admin-notice--error" role="alert">
          <p>We could not load this creator. {query.error.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </section>
    );
  }

  const { creator } = query.data;
  const save = async (values: FormValues) => {
    await client.creators.update.mutate({ ...values, id });
    await refreshAfterContentChange(queryClient, trpc);
    toast.show('Changes saved', { tone: 'success' });
  };
  const remove = async () => {
    await client.creators.delete.mutate({ id });
    queryClient.removeQueries({ queryKey: trpc.creators.byId.queryKey({ id }) });
    toast.show('Creator deleted', { tone: 'success' });
    await navigate(LIST_PATH, { replace: true });
    await refreshAfterContentChange(queryClient, trpc);
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
            ) : credited.data.content.length === 0 ? (
              <p className="admin-panel__text">Nothing yet. Credit them from a content item’s “Creators”.</p>
            ) : (
              <ul className="admin-children">
                {credited.data.content.map((item) => (
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
