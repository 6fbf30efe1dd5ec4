/**
 * The media assets attached to an item, once the member may open it: video and audio open in the
 * player, images are shown with their caption and credit, documents open from their address.
 */
import { Link } from 'react-router';
import { isPlayable, MEDIA_TYPE_LABELS, mediaName } from '../../lib/content/media';
import { watchPath } from '../../lib/content/paths';
import type { MediaAsset } from '../../lib/content/queries';

function AssetEntry({ asset }: { asset: MediaAsset }) {
  const name = mediaName(asset);
  if (isPlayable(asset)) {
    return (
      <Link to={watchPath(asset.id)}>
        {asset.type === 'AUDIO' ? 'Listen' : 'Watch'}: {name}
      </Link>
    );
  }
  if (asset.type === 'IMAGE' && asset.url) {
    return (
      <figure className="media-list__figure">
        <img src={asset.url} alt={asset.altText ?? ''} loading="lazy" width={asset.width ?? undefined} height={asset.height ?? undefined} />
        {(asset.caption || asset.credit) && <figcaption>{[asset.caption, asset.credit].filter(Boolean).join(' · ')}</figcaption>}
      </figure>
    );
  }
  if (!asset.url) return <span>{name}</span>;
  return (
    <a href={asset.url} rel="noopener noreferrer" target="_blank">
      {name}
      <span className="visually-hidden"> ({MEDIA_TYPE_LABELS[asset.type].toLowerCase()}, opens in a new tab)</span>
    </a>
  );
}

export function MediaSection({ assets }: { assets: MediaAsset[] | undefined }) {
  if (!assets?.length) return null;
  return (
    <section className="item-section" aria-labelledby="media-title">
      <h2 id="media-title">Watch, listen and look</h2>
      <ul className="media-list">
        {assets.map((asset) => (
          <li key={asset.id} className="media-list__item">
            <span className="media-list__type">{MEDIA_TYPE_LABELS[asset.type]}</span>
            <AssetEntry asset={asset} />
          </li>
        ))}
      </ul>
    </section>
  );
}
