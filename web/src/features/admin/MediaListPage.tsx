import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TYPE_LABELS, type ContentType } from '../../../../domain/content/constants';
import { MEDIA_TYPES, type MediaType } from '../../../../domain/media/constants';
import { pageTitle } from '../../lib/product';
import { MEDIA_TYPE_LABELS, MEDIA_TYPE_OPTIONS, mediaName } from '../../lib/content/media';
import { formatDate } from '../../lib/format';
import { emptyPage, itemLookup, listLookup } from '../../lib/query-client';
import { useTRPC } from '../../lib/trpc';
import { ButtonLink } from '../../ui/Button';
import { SelectField } from '../../ui/fields';
import { editContentPath } from './content-types';
import { AdminList } from './AdminList';
import { ListFilters } from './ListFilters';
import { useListParams } from './list-params';
import { editMediaPath, newMediaPath } from './media-paths';

export const MEDIA_PAGE_SIZE = 20;

const asMediaType = (value: string | null): MediaType | undefined => ((MEDIA_TYPES as readonly string[]).includes(value ?? '') ? (value as MediaType) : undefined);

/** The items the listed assets are attached to, read by id (one batched request): id -> title and type, or null when gone. */
function useAttachedItems(contentIds: readonly string[]) {
  const trpc = useTRPC();
  const ids = [...new Set(contentIds)];
  const items = useQueries({ queries: ids.map((id) => itemLookup(trpc.library.item.queryOptions({ id }))) });
  return new Map(ids.map((id, i) => [id, items[i]?.data]));
}

/** An item an asset is attached to: its title and type, once read (null: no longer there). */
function AttachedTo({ item }: { item: { item: { id: string; type: ContentType; title: string } } | null | undefined }) {
  if (item === undefined) return 'Loading…';
  if (item === null) return 'An item no longer in the library';
  return (
    <>
      <Link to={editContentPath(item.item.type, item.item.id)}>{item.item.title}</Link> <span className="admin-children__type">{TYPE_LABELS[item.item.type]}</span>
    </>
  );
}

/** `/admin/media`: every media asset, newest first, with its type filter, search and page kept in the address. */
export function MediaListPage() {
  const trpc = useTRPC();
  const { params, page, search, change, goTo, clear } = useListParams();
  const type = asMediaType(params.get('type'));
  const query = useQuery({
    ...listLookup(trpc.media.listPage.queryOptions({ type, search, page, limit: MEDIA_PAGE_SIZE }), emptyPage('mediaAssets', page, MEDIA_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
  const attached = useAttachedItems((query.data?.mediaAssets ?? []).flatMap((asset) => asset.contentId ?? []));
  const filtered = Boolean(type || search);

  return (
    <section className="admin-page" aria-labelledby="media-title">
      <title>{pageTitle('Media')}</title>
      <header className="admin-page__header">
        <div>
          <h1 id="media-title" className="admin-page__title">
            Media
          </h1>
          <p className="admin-page__lead">The videos, images, recordings and documents of the library, attached to its content.</p>
        </div>
        <div className="admin-page__actions">
          <ButtonLink to={newMediaPath(type)}>New media asset</ButtonLink>
        </div>
      </header>

      <ListFilters label="Media" placeholder="Captions and alt text" search={search} onSearch={(q) => change({ q })} clearLabel={filtered ? 'Clear filters' : null} onClear={clear}>
        <SelectField label="Type" options={MEDIA_TYPE_OPTIONS} placeholder="All types" value={type ?? ''} onChange={(value) => change({ type: value || undefined })} size="sm" />
      </ListFilters>

      <AdminList
        query={query}
        what="media assets"
        noun={['media asset', 'media assets']}
        rowsOf={(data) => data.mediaAssets}
        empty={
          filtered ? (
            <p>No media asset matches these filters.</p>
          ) : (
            <p>
              No media assets yet. <Link to={newMediaPath()}>Add the first one</Link>.
            </p>
          )
        }
        caption="Media assets, newest first"
        columns={['Asset', 'Type', 'Attached to', 'Updated']}
        row={(asset) => (
          <tr key={asset.id}>
            <th scope="row" className="admin-table__title">
              <Link to={editMediaPath(asset.id)}>{mediaName(asset)}</Link>
              {asset.mimeType && <span className="admin-table__slug">{asset.mimeType}</span>}
            </th>
            <td data-label="Type">{MEDIA_TYPE_LABELS[asset.type]}</td>
            <td data-label="Attached to">{asset.contentId ? <AttachedTo item={attached.get(asset.contentId)} /> : 'Not attached'}</td>
            <td data-label="Updated">{formatDate(asset.updatedAt, 'medium')}</td>
          </tr>
        )}
        onPage={goTo}
      />
    </section>
  );
}
