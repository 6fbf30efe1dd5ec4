/**
 * Why a video did not play, said honestly on /watch/:id (features/media/playback-failure.ts): a
 * source the site's policy refused is not blamed on the member's connection; a missing file, an
 * unknown format and a broken download each have their own message. jsdom plays nothing, so the
 * test sends what a browser would: the document's `securitypolicyviolation`, the element's error
 * with its MediaError code, and the file's status through the stubbed fetch.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WatchPage } from '../../../web/src/features/media/WatchPage';
import { classifyPlaybackFailure, violationMatches } from '../../../web/src/features/media/playback-failure';
import { aUser } from './auth-fixtures';
import { fakeTrpcServer, renderWithTrpc } from './progress-fixtures';

const ASSET_ID = '22222222-2222-4222-8222-222222222222';
const LESSON_ID = '33333333-3333-4333-8333-333333333333';
const ELSEWHERE = 'https://media.example.org/lectures/lesson-1.webm';
const HERE = 'http://localhost:3000/media/lesson-1.webm';

function serverWithAsset(url: string, mimeType: string | null = 'video/webm') {
  const server = fakeTrpcServer();
  server.auth.signedIn(aUser());
  const asset = {
    id: ASSET_ID,
    type: 'VIDEO',
    contentId: LESSON_ID,
    url,
    altText: null,
    caption: 'Lesson 1: Existence exists',
    credit: null,
    width: 640,
    height: 360,
    fileSize: null,
    mimeType,
    duration: 12,
    thumbnailUrl: null,
    videoStreamId: null,
    audioStreamId: null,
    isStreamable: true,
    isDownloadable: false,
    downloadOptions: null,
    transcript: null,
    subtitles: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    videoProgress: [],
  };
  server.procedure('media.byIdWithProgress', () => ({ mediaAsset: asset }));
  server.procedure('library.item', () => ({ item: { id: LESSON_ID, type: 'LESSON', slug: 'lesson-1', title: 'Metaphysics', description: null, accessType: 'OPEN' } }));
  server.procedure('entitlements.content', () => ({ hasAccess: true }));
  server.procedure('progress.content', () => ({ progress: null }));
  return server;
}

async function openPlayer() {
  renderWithTrpc({ path: `/watch/${ASSET_ID}`, routes: [{ path: '/watch/:id', element: <WatchPage /> }] });
  await screen.findByRole('heading', { level: 1, name: 'Lesson 1: Existence exists' });
  return document.querySelector('video')!;
}

/** What Chromium does when media-src refuses a source: a violation on the document, then the element's error. */
function refuseByPolicy(video: HTMLVideoElement, blockedURI: string) {
  const violation = new Event('securitypolicyviolation');
  Object.assign(violation, { blockedURI, effectiveDirective: 'media-src', violatedDirective: 'media-src' });
  document.dispatchEvent(violation);
  failWith(video, 4);
}

function failWith(video: HTMLVideoElement, code: number | null, canPlay = 'maybe') {
  Object.defineProperty(video, 'error', { configurable: true, get: () => (code === null ? null : { code, message: '' }) });
  video.canPlayType = () => canPlay as CanPlayTypeResult;
  fireEvent.error(video);
}

const CONNECTION = /Check your connection/;

describe('when a video does not play', () => {
  it('says the site’s policy refused it, not the member’s connection', async () => {
    serverWithAsset(ELSEWHERE);
    const video = await openPlayer();
    expect(video).toHaveAttribute('src', ELSEWHERE);
    refuseByPolicy(video, ELSEWHERE);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This video is stored on media.example.org, which this site’s security policy does not allow, so your browser refused to load it. Your connection is fine: this is ours to fix.');
    expect(alert).not.toHaveTextContent(CONNECTION);
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeInTheDocument();
  });

  it('says the file was not found when its address answers 404', async () => {
    const server = serverWithAsset(HERE);
    server.auth.on('HEAD /media/lesson-1.webm', { status: 404, body: null });
    const video = await openPlayer();
    failWith(video, 4);
    expect(await screen.findByRole('alert')).toHaveTextContent('The video file was not found on localhost:3000: it may have been moved or removed.');
  });

  it('says the browser cannot play the format when the file is there', async () => {
    const server = serverWithAsset(HERE, 'video/x-matroska');
    server.auth.on('HEAD /media/lesson-1.webm', { status: 200, body: null });
    const video = await openPlayer();
    failWith(video, 4, '');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your browser cannot play this video’s format (video/x-matroska). Try another browser.');
    expect(alert).not.toHaveTextContent(CONNECTION);
  });

  it('blames the connection only when the download broke off', async () => {
    serverWithAsset(ELSEWHERE);
    const video = await openPlayer();
    failWith(video, 2);
    expect(await screen.findByRole('alert')).toHaveTextContent('The video stopped loading: the connection to media.example.org failed. Check your connection and reload the page.');
  });

  it('shows nothing while it plays', async () => {
    serverWithAsset(HERE);
    await openPlayer();
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the evidence', () => {
  it('matches a violation by URL, or by origin after a redirect, and nothing else', () => {
    expect(violationMatches(ELSEWHERE, ELSEWHERE)).toBe(true);
    expect(violationMatches('https://media.example.org', ELSEWHERE)).toBe(true);
    expect(violationMatches('https://media.example.org/other.webm', ELSEWHERE)).toBe(false);
    expect(violationMatches('https://cdn.example.net/lectures/lesson-1.webm', ELSEWHERE)).toBe(false);
    expect(violationMatches('inline', ELSEWHERE)).toBe(false);
  });

  it('does not guess the connection when the status cannot be asked online', () => {
    const base = { mediaErrorCode: 4, probe: 'unreachable' as const, formatKnown: true, mimeType: 'video/webm' };
    expect(classifyPlaybackFailure(ELSEWHERE, { ...base, online: true })).toEqual({ kind: 'unknown', host: 'media.example.org' });
    expect(classifyPlaybackFailure(ELSEWHERE, { ...base, online: false })).toEqual({ kind: 'network', host: 'media.example.org' });
    expect(classifyPlaybackFailure(ELSEWHERE, { ...base, online: true, formatKnown: false })).toEqual({ kind: 'unsupported', mimeType: 'video/webm' });
    expect(classifyPlaybackFailure(ELSEWHERE, { ...base, online: true, probe: { status: 503 } })).toEqual({ kind: 'server', host: 'media.example.org', status: 503 });
    expect(classifyPlaybackFailure(ELSEWHERE, { ...base, online: true, mediaErrorCode: 3 })).toEqual({ kind: 'decode' });
  });
});
