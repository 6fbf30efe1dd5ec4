import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { TYPE_LABELS, type ContentStatus, type ContentType } from '../../../../domain/content/constants';
import { pageTitle } from '../../lib/product';
import { TYPE_PLURALS } from '../../lib/content/paths';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Button, ButtonLink } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../../lib/auth/AuthProvider';
import { contentApi, sharedOf, type ContentAnswer } from './admin-api';
import { defaultValues, linkedLabels, valuesFromItem, type FormValues } from './content-form';
import { CHILDREN_OF, editContentPath, newContentPath, PARENT_OF, typeFromSlug, withArticle } from './content-types';
import { ContentForm } from './ContentForm';
import { DeleteDialog } from './DeleteDialog';
import { EditorStatus } from './EditorStatus';
import { StatusBadge } from './StatusBadge';
import { StatusPanel } from './StatusPanel';
import { useEditing } from './use-editing';

const LIST_PATH = '/admin/content';

interface ChildSummary {
  id: string;
  type: ContentType;
  title: string;
  status: ContentStatus;
  orderIndex: number;
}

/** A parent's children as its answer (with relations) carries them: a book's `chapters`, others' `children`. */
export function childrenInAnswer(type: ContentType, answer: ContentAnswer): ChildSummary[] {
  const child = CHILDREN_OF[type];
  if (!child) return [];
  if (type === 'BOOK') return (answer.chapters as ChildSummary[] | undefined) ?? [];
  return ((answer.children as Record<string, ChildSummary[]> | undefined) ?? {})[child.kind] ?? [];
}

/** The first free position after a parent's children (chapters and lectures count from 0, lessons from 1). */
export function nextPosition(childType: ContentType, siblings: readonly { orderIndex: number }[]): number {
  const first = childType === 'LESSON' ? 1 : 0;
  return siblings.length === 0 ? first : Math.max(first - 1, ...siblings.map((s) => s.orderIndex)) + 1;
}

const MOVED: Record<ContentStatus, string> = {
  DRAFT: 'Moved back to draft',
  REVIEW: 'Submitted for review',
  PUBLISHED: 'Published',
  ARCHIVED: 'Archived',
};

function UnknownType({ slug }: { slug: string | undefined }) {
  return (
    <section className="message-page" aria-labelledby="unknown-type-title">
      <title>{pageTitle('Unknown content type')}</title>
      <h1 id="unknown-type-title">Unknown content type</h1>
      <p>
        There is no content type called <code>{slug}</code>.
      </p>
      <ButtonLink to={LIST_PATH}>Back to content</ButtonLink>
    </section>
  );
}

/** `/admin/content/new/:type` (`?parent=` creates it under a book, course, playlist or lexicon term). */
export function NewContentPage() {
  const { type: slug } = useParams();
  const type = typeFromSlug(slug);
  if (!type) return <UnknownType slug={slug} />;
  return <NewContent key={type} type={type} />;
}

function NewContent({ type }: { type: ContentType }) {
  const { trpc, client, created } = useEditing();
  const [params] = useSearchParams();
  const parent = PARENT_OF[type];
  const parentId = parent ? (params.get('parent') ?? undefined) : undefined;
  // A type without a parent asks nothing: the lookup stays disabled.
  const parentQuery = useQuery({ ...contentApi(client, trpc, parent?.type ?? type).itemQuery(parentId ?? ''), enabled: Boolean(parent && parentId) });
  const api = contentApi(client, trpc, type);
  const label = TYPE_LABELS[type];

  if (parentId && parentQuery.isPending) return <Spinner label={`Loading the ${TYPE_LABELS[parent!.type].toLowerCase()}…`} showLabel />;
  const parentAnswer = parentId && parentQuery.data ? parentQuery.data : null;
  const values = defaultValues(type, parentAnswer ? parentId : null);
  const labels: Record<string, string> = {};
  if (parentAnswer && parent) {
    labels[parentAnswer.id] = sharedOf(parentAnswer).title;
    const position = nextPosition(type, childrenInAnswer(parent.type, parentAnswer));
    if (parent.field === 'lexiconTerms') values.lexiconTerms = [{ lexiconTermId: parentAnswer.id, orderIndex: position }];
    else values.orderIndex = position;
  }

  const create = async (input: FormValues) => {
    const item = await api.create(input);
    await created(`${label} created`, editContentPath(type, item.id));
  };

  return (
    <section className="admin-page" aria-labelledby="new-content-title">
      <title>{pageTitle(`New ${label.toLowerCase()}`)}</title>
      <Breadcrumb
        size="sm"
        items={[
          { label: 'Content', to: LIST_PATH },
          ...(parentAnswer && parent ? [{ label: sharedOf(parentAnswer).title, to: editContentPath(parent.type, parentAnswer.id) }] : []),
          { label: `New ${label.toLowerCase()}` },
        ]}
      />
      <header className="admin-page__header">
        <div>
          <h1 id="new-content-title" className="admin-page__title">
            New {label.toLowerCase()}
          </h1>
          <p className="admin-page__lead">
            {parentAnswer ? `In “${sharedOf(parentAnswer).title}”. ` : ''}New content starts as a draft: publish it from its page once it is ready.
          </p>
        </div>
      </header>
      {parentId && parentQuery.isError && (
        <div className="admin-notice admin-notice--error" role="alert">
          We could not load the {TYPE_LABELS[parent!.type].toLowerCase()} to create this under; choose it below.
        </div>
      )}
      {parentId && parentQuery.data === null && (
        <div className="admin-notice admin-notice--error" role="alert">
          The {TYPE_LABELS[parent!.type].toLowerCase()} to create this under is not in the library any more; choose one below.
        </div>
      )}
      <ContentForm type={type} mode="create" defaultValues={values} labels={labels} submitLabel={`Create ${label.toLowerCase()}`} onSubmit={create} cancelTo={LIST_PATH} />
    </section>
  );
}

/** `/admin/content/:type/:id`: change an item, move it through its lifecycle, or delete it. */
export function EditContentPage() {
  const { type: slug, id } = useParams();
  const type = typeFromSlug(slug);
  if (!type || !id) return <UnknownType slug={slug} />;
  return <EditContent key={`${type}-${id}`} type={type} id={id} />;
}

function EditContent({ type, id }: { type: ContentType; id: string }) {
  const { trpc, client, changed, deleted } = useEditing();
  const { state } = useAuth();
  const [deleting, setDeleting] = useState(false);
  const api = contentApi(client, trpc, type);
  const label = TYPE_LABELS[type];
  const query = useQuery(api.itemQuery(id));
  if (!query.data) return <EditorStatus query={query} noun={label.toLowerCase()} gone="It may have been deleted." back={{ to: LIST_PATH, label: 'Back to content' }} />;

  const answer = query.data;
  const shared = sharedOf(answer);
  const child = CHILDREN_OF[type];
  const children = childrenInAnswer(type, answer);

  const save = async (input: FormValues) => {
    await api.update(id, input);
    await changed('Changes saved');
  };
  const move = async (to: ContentStatus) => {
    await api.update(id, { status: to });
    await changed(MOVED[to]);
  };
  const remove = async () => {
    await api.remove(id);
    await deleted(`${label} deleted`, api.byIdKey(id), LIST_PATH);
  };

  return (
    <section className="admin-page" aria-labelledby="edit-content-title">
      <title>{pageTitle(`Edit ${shared.title}`)}</title>
      <Breadcrumb size="sm" items={[{ label: 'Content', to: LIST_PATH }, { label: TYPE_PLURALS[type], to: `${LIST_PATH}?type=${type}` }, { label: shared.title }]} />
      <header className="admin-page__header">
        <div>
          <p className="admin-page__eyebrow">Edit {label.toLowerCase()}</p>
          <h1 id="edit-content-title" className="admin-page__title">
            {shared.title}
          </h1>
          <p className="admin-page__lead">
            <code>{shared.slug}</code>
          </p>
        </div>
      </header>
      <div className="admin-editor">
        <aside className="admin-editor__aside" aria-label={`About this ${label.toLowerCase()}`}>
          <StatusPanel status={shared.status} publishedAt={shared.publishedAt} roles={state.roles} onMove={move} />
          {child && (
            <section className="admin-panel" aria-labelledby="children-title">
              <h2 id="children-title" className="admin-panel__title">
                {TYPE_PLURALS[child.type]}
              </h2>
              {children.length === 0 ? (
                <p className="admin-panel__text">No {TYPE_PLURALS[child.type].toLowerCase()} yet.</p>
              ) : (
                <ol className="admin-children">
                  {children.map((c) => (
                    <li key={c.id} className="admin-children__item">
                      <Link to={editContentPath(child.type, c.id)}>{c.title}</Link> <StatusBadge status={c.status} />
                    </li>
                  ))}
                </ol>
              )}
              <ButtonLink to={newContentPath(child.type, id)} size="sm" variant="secondary">
                Add {withArticle(child.type)}
              </ButtonLink>
            </section>
          )}
        </aside>
        <div className="admin-editor__main">
          <ContentForm type={type} mode="edit" defaultValues={valuesFromItem(type, answer)} labels={linkedLabels(answer)} submitLabel="Save changes" onSubmit={save} cancelTo={LIST_PATH} />
        </div>
        <section className="admin-panel admin-editor__danger" aria-labelledby="delete-title">
          <h2 id="delete-title" className="admin-panel__title">
            Delete
          </h2>
          <p className="admin-panel__text">
            Deleting cannot be undone.
            {child && type !== 'LEXICON_TERM' ? ` Its ${TYPE_PLURALS[child.type].toLowerCase()} are deleted with it.` : ''}
          </p>
          <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
            Delete {label.toLowerCase()}
          </Button>
        </section>
      </div>
      {deleting && (
        <DeleteDialog
          title={`Delete “${shared.title}”?`}
          description={
            <p>
              This removes the {label.toLowerCase()} from the library for good.
              {child && type !== 'LEXICON_TERM' && children.length > 0 ? ` Its ${children.length === 1 ? `1 ${TYPE_LABELS[child.type].toLowerCase()}` : `${children.length} ${TYPE_PLURALS[child.type].toLowerCase()}`} will be deleted too.` : ''}
            </p>
          }
          confirmLabel={`Delete ${label.toLowerCase()}`}
          onConfirm={remove}
          onClose={() => setDeleting(false)}
        />
      )}
    </section>
  );
}
