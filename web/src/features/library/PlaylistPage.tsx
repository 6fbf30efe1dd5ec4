/**
 * `/library/playlists/:slug`: a playlist (spec 002 §3 Playlist) with its lectures in order; a
 * lecture with a video or audio asset opens in the player (`/watch/:id`), any other on its page.
 */
import { useParams } from 'react-router';
import { pageTitle } from '../../lib/product';
import { libraryPath, watchPath } from '../../lib/content/paths';
import { useContentItem, useMediaOfContent, type ContentItem, type ContentSummary } from '../../lib/content/queries';
import { AccessNotice, useAccess } from './AccessNotice';
import { ChildList } from './ChildList';
import { Facts, Prose, RelatedItems, TermList } from './ItemParts';
import { ItemHeader } from './ItemHeader';
import { ItemStatus } from './ItemStatus';
import { factValue } from './item-layouts';
import './library.css';

export function PlaylistPage() {
  const { slug = '' } = useParams();
  const query = useContentItem('PLAYLIST', slug);
  if (!query.data) return <ItemStatus query={query} label="Playlist" what="this playlist" />;
  return <PlaylistView playlist={query.data} />;
}

function PlaylistView({ playlist }: { playlist: ContentItem }) {
  const { access, retry } = useAccess(playlist);
  const open = access === 'open';
  const lectures = playlist.children?.lectures ?? [];
  const media = useMediaOfContent(lectures.map((l) => l.id));
  const playable = new Map<string, { id: string; type: string }>();
  lectures.forEach((lecture, i) => {
    const asset = media[i]?.data?.mediaAssets.find((a) => a.type === 'VIDEO' || a.type === 'AUDIO');
    if (asset) playable.set(lecture.id, asset);
  });
  const hrefOf = (lecture: ContentSummary) => {
    if (!open) return null;
    const asset = playable.get(lecture.id);
    return asset ? watchPath(asset.id) : libraryPath('LECTURE', lecture.slug);
  };
  return (
    <article className="item-page">
      <title>{pageTitle(playlist.title)}</title>
      <ItemHeader item={playlist} creators={playlist.creators}>
        <Facts facts={[['Lectures', lectures.length ? String(lectures.length) : null], ['Length', factValue(playlist.durationMinutes, 'minutes')]]} />
      </ItemHeader>
      <AccessNotice item={playlist} access={access} onRetry={retry} />
      <div className="item-body">
        <Prose title="Overview" text={playlist.overview} />
        <TermList title="Topics" terms={playlist.topics} />
        <section className="item-section" aria-labelledby="lectures-title">
          <h2 id="lectures-title">Lectures</h2>
          {lectures.length === 0 ? (
            <p className="item-section__note">No lectures have been published yet.</p>
          ) : (
            <ChildList
              label="Lectures"
              items={lectures}
              numberLabel={(_l, i) => `${i + 1}.`}
              hrefOf={hrefOf}
              detailOf={(l) => {
                const asset = playable.get(l.id);
                return asset ? (asset.type === 'AUDIO' ? 'Audio' : 'Video') : null;
              }}
            />
          )}
        </section>
        <RelatedItems items={playlist.relatedContent} />
      </div>
    </article>
  );
}
