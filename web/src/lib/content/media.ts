/**
 * How the client names a media asset (spec 002 §3 Media asset): an asset has no title, so it is
 * called by its caption, else its alt text, else its file's name, else its type.
 */
import { MEDIA_TYPES, type MediaType } from '../../../../domain/media/constants';

export const MEDIA_TYPE_LABELS: Record<MediaType, string> = { VIDEO: 'Video', IMAGE: 'Image', AUDIO: 'Audio', DOCUMENT: 'Document' };

export const MEDIA_TYPE_OPTIONS = MEDIA_TYPES.map((type) => ({ value: type, label: MEDIA_TYPE_LABELS[type] }));

export interface NamedAsset {
  type: MediaType;
  caption: string | null;
  altText: string | null;
  url: string | null;
}

const fileName = (url: string | null): string | null => {
  if (!url) return null;
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
};

export function mediaName(asset: NamedAsset): string {
  const text = [asset.caption, asset.altText].map((t) => t?.trim()).find(Boolean);
  return text ?? fileName(asset.url) ?? `${MEDIA_TYPE_LABELS[asset.type]} without a caption`;
}

/** Video and audio open in the player; images and documents are shown or linked where they are. */
export const isPlayable = (asset: { type: MediaType }) => asset.type === 'VIDEO' || asset.type === 'AUDIO';
