import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import { ContactSupport } from '../../ui/ContactSupport';
import { Link, useParams } from 'react-router';
import { pageTitle } from '../../lib/product';
import { isNotFound } from '../../lib/query-client';
import { useTRPC } from '../../lib/trpc';
import { Breadcrumb, type BreadcrumbItem } from '../../ui/Breadcrumb';
import { useAuth } from '../../lib/auth/AuthProvider';
import { FailedState, LoadingState, LockedState, NotFoundState } from '../../lib/progress/PageStates';
import { ProgressToggles } from '../../lib/progress/ProgressToggles';
import { libraryPath } from '../../lib/progress/resume';
import { useContentProgress, useRecordContentProgress, type ContentProgressAnswer } from '../../lib/progress/use-content-progress';
import { failureMessage, needsSupport, usePlaybackFailure } from './playback-failure';
import { subtitleTracks } from './subtitles';
import { useVideoProgress } from './use-video-progress';
import { clockTime, resumeAt, type SavedViewing } from './video-resume';
import { TYPE_LABELS } from '../../../../domain/content/constants';
import './media.css';

type Asset = {
  id: string;
  type: 'VIDEO' | 'IMAGE' | 'AUDIO' | 'DOCUMENT';
  contentId: string | null;
  url: string | null;
  caption: string | null;
  altText: string | null;
  credit: string | null;
  mimeType: string | null;
  thumbnailUrl: string | null;
  transcript: string | null;
  subtitles?: unknown;
  width: number | null;
  height: number | null;
  isDownloadable: boolean;
};

/**
 * /watch/:id (a media asset id): the video (or audio) with the browser's own accessible controls,
 * subtitles when the asset has them, and the transcript. A member resumes where they stopped and
 * their progress is saved as they watch; visitors watch OPEN items without saving; an item the
 * entitlement check refuses is locked.
 */
export function WatchPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const { state, settled } = useAuth();
  const signedIn = settled && state.isAuthenticated;
  const withProgress = useQuery({ ...trpc.media.byIdWithProgress.queryOptions({ id }), enabled: settled && signedIn, refetchOnMount: 'always' });
  const plain = useQuery({ ...trpc.media.byId.queryOptions({ id }), enabled: settled && !signedIn });
  const query = signedIn ? withProgress : plain;
  const asset: Asset | undefined = signedIn ? withProgress.data?.mediaAsset : plain.data?.mediaAsset;
  const contentId = asset?.contentId ?? null;
  const content = useQuery({ ...trpc.library.item.queryOptions({ id: contentId ?? '' }), enabled: Boolean(contentId) });
  const access = useQuery({ ...trpc.entitlements.content.queryOptions({ id: contentId ?? '' }), enabled: Boolean(contentId) });
  // An asset without content is seen only by staff, who may open it.
  const hasAccess = contentId ? access.data?.hasAccess === true : Boolean(asset);
  const progress = useContentProgress(contentId ?? undefined, signedIn && hasAccess && Boolean(contentId));

  if (!settled || query.isPending) return <LoadingState label="Loading the video…" />;
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundState what="video" title="Video not found" />;
    return <FailedState what="video" onRetry={() => void query.refetch()} />;
  }
  if (!asset || (contentId && access.isPending)) return <LoadingState label="Loading the video…" />;
  if (contentId && access.isError) return <FailedState what="video" onRetry={() => void access.refetch()} />;
  const title = content.data?.item.title ?? asset.caption ?? 'Video';
  if (!hasAccess) return <LockedState what="video" title={title} signedIn={signedIn} preview={content.data?.item.description ?? asset.caption} />;
  if (signedIn && !withProgress.isFetchedAfterMount) return <LoadingState label="Finding your place…" />;

  const saved = signedIn ? (withProgress.data?.mediaAsset.videoProgress[0] ?? null) : null;
  return (
    <WatchView
      key={asset.id}
      asset={asset}
      content={content.data?.item}
      signedIn={signedIn}
      saved={saved}
      contentProgress={contentId && signedIn ? (progress.data?.progress ?? (progress.isSuccess ? null : undefined)) : undefined}
    />
  );
}

interface WatchViewProps {
  asset: Asset;
  content: { id: string; type: keyof typeof TYPE_LABELS; slug: string; title: string; description: string | null } | undefined;
  signedIn: boolean;
  saved: SavedViewing | null;
  /** The saved content progress (null before any), undefined while it loads or for visitors. */
  contentProgress: ContentProgressAnswer | undefined;
}

function WatchView({ asset, content, signedIn, saved, contentProgress }: WatchViewProps) {
  const trpc = useTRPC();
  const videoRef = useRef<HTMLVideoElement>(null);
  const recordVideo = useMutation(trpc.progress.recordVideo.mutationOptions());
  const { record: recordContent } = useRecordContentProgress();
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const tracks = subtitleTracks(asset.subtitles);
  const title = content?.title ?? asset.caption ?? 'Video';
  const isAudio = asset.type === 'AUDIO';
  const playable = (asset.type === 'VIDEO' || isAudio) && Boolean(asset.url);
  const { failure, onError } = usePlaybackFailure(playable ? asset.url : null, asset.mimeType);

  useVideoProgress({ videoRef, mediaAssetId: asset.id, contentId: asset.contentId, saving: signedIn && playable, recordVideo: recordVideo.mutateAsync, recordContent });

  const onLoadedMetadata = () => {
    const video = videoRef.current;
    if (!video || resumedAt !== null) return;
    const at = resumeAt(saved, video.duration);
    if (at > 0) video.currentTime = at;
    setResumedAt(at);
  };
  const startOver = () => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = 0;
    setResumedAt(0);
    video.focus();
  };

  const trail: BreadcrumbItem[] = [{ label: 'Library', to: '/library' }];
  if (content) trail.push({ label: content.title, to: libraryPath(content.type, content.slug) });
  trail.push({ label: asset.caption ?? title });

  const Player = isAudio ? 'audio' : 'video';
  return (
    <article className="watch" aria-labelledby="watch-title">
      <title>{pageTitle(title)}</title>
      <Breadcrumb items={trail} size="sm" />
      <header className="watch__header">
        {content && (
          <p className="watch__eyebrow">
            {TYPE_LABELS[content.type]}: <Link to={libraryPath(content.type, content.slug)}>{content.title}</Link>
          </p>
        )}
        <h1 id="watch-title" className="watch__title">
          {asset.caption ?? title}
        </h1>
      </header>

      {playable ? (
        <figure className={isAudio ? 'watch__player watch__player--audio' : 'watch__player'}>
          <Player
            ref={videoRef as RefObject<HTMLVideoElement>}
            className="watch__media"
            controls
            preload="metadata"
            playsInline
            poster={!isAudio ? (asset.thumbnailUrl ?? undefined) : undefined}
            aria-label={asset.caption ?? title}
            aria-describedby={asset.credit ? 'watch-credit' : undefined}
            onLoadedMetadata={onLoadedMetadata}
            // On the element, not a <source>: only then does its MediaError say what went wrong.
            src={asset.url!}
            onError={onError}
            width={asset.width ?? undefined}
            height={asset.height ?? undefined}
          >
            {tracks.map((t, i) => (
              <track key={t.src} src={t.src} kind={t.kind} srcLang={t.srcLang} label={t.label} default={i === 0} />
            ))}
            Your browser cannot play this {isAudio ? 'audio' : 'video'}. {asset.url && <a href={asset.url}>Download it</a>}
          </Player>
          {asset.credit && (
            <figcaption id="watch-credit" className="watch__credit">
              {asset.credit}
            </figcaption>
          )}
        </figure>
      ) : (
        <p className="watch__unplayable">This item has no {isAudio ? 'audio' : 'video'} to play.</p>
      )}

      {failure && (
        <div className="watch__error" role="alert">
          <p>{failureMessage(failure, isAudio ? 'audio' : 'video')}</p>
          {needsSupport(failure) && <ContactSupport />}
        </div>
      )}

      <div className="watch__bar">
        <p className="watch__status" role="status">
          {resumedAt !== null && resumedAt > 0 ? `Resumed at ${clockTime(resumedAt)}, where you left off.` : saved?.completed ? 'You have watched this to the end.' : ''}
        </p>
        {resumedAt !== null && resumedAt > 0 && (
          <button type="button" className="watch__link-button" onClick={startOver}>
            Start from the beginning
          </button>
        )}
      </div>

      {content && <ProgressToggles contentId={content.id} progress={contentProgress} signedIn={signedIn} noun={TYPE_LABELS[content.type].toLowerCase()} />}

      {content?.description && <p className="watch__description">{content.description}</p>}
      {tracks.length > 0 && <p className="watch__hint">Subtitles: {tracks.map((t) => t.label).join(', ')}. Turn them on or off from the player’s controls.</p>}
      {asset.transcript && (
        <details className="watch__transcript">
          <summary>Transcript</summary>
          <div className="watch__transcript-text">
            {asset.transcript.split(/\n\s*\n/).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </details>
      )}
      {asset.isDownloadable && asset.url && (
        <p>
          <a href={asset.url} download>
            Download
          </a>
        </p>
      )}
    </article>
  );
}
