/**
 * The media page at /watch/:id over a scripted server: the player resumes at the saved second,
 * saves the video's progress and its lesson's (with the asset to come back to) on pause, marks
 * completion near the end, shows subtitles, and locks what the entitlement check refuses. jsdom
 * plays nothing, so the test moves the player's clock and sends its events as a browser would.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WatchPage } from '../../../web/src/features/media/WatchPage';
import { aUser } from './auth-fixtures';
import { fakeTrpcServer, ProcedureError, renderWithTrpc } from './progress-fixtures';

const ASSET_ID = '22222222-2222-4222-8222-222222222222';
const LESSON_ID = '33333333-3333-4333-8333-333333333333';

function anAsset(videoProgress: unknown[] = []) {
  return {
    id: ASSET_ID,
    type: 'VIDEO',
    contentId: LESSON_ID,
    url: 'http://localhost:3000/media/demo.webm',
    altText: null,
    caption: 'Lesson 1: Existence exists',
    credit: null,
    width: 640,
    height: 360,
    fileSize: null,
    mimeType: 'video/webm',
    duration: 12,
    thumbnailUrl: null,
    videoStreamId: null,
    audioStreamId: null,
    isStreamable: true,
    isDownloadable: false,
    downloadOptions: null,
    transcript: 'Existence exists.\n\nA is A.',
    subtitles: [{ lang: 'en', url: 'http://localhost:3000/media/demo.en.vtt' }],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    videoProgress,
  };
}

const aLesson = { id: LESSON_ID, type: 'LESSON', slug: 'lesson-1', title: 'Metaphysics', description: 'Existence, identity, consciousness.', accessType: 'OPEN' };

function watchServer({ signedIn = true, hasAccess = true, saved = [{ position: 4.2, duration: 12, completed: false, lastWatchedAt: '2026-03-01T11:00:00.000Z' }] as unknown[] } = {}) {
  const server = fakeTrpcServer();
  if (signedIn) server.auth.signedIn(aUser());
  server.procedure('media.byIdWithProgress', () => ({ mediaAsset: anAsset(saved) }));
  server.procedure('media.byId', () => {
    const { videoProgress: _none, ...asset } = anAsset();
    return { mediaAsset: asset };
  });
  server.procedure('library.item', () => ({ item: aLesson }));
  server.procedure('entitlements.content', () => ({ hasAccess }));
  server.procedure('progress.content', () => ({ progress: null }));
  server.procedure('progress.recordVideo', (input) => ({ videoProgress: { ...(input as object), completed: Boolean((input as { completed?: boolean }).completed), lastWatchedAt: '2026-03-01T12:00:00.000Z' } }));
  server.procedure('progress.recordContent', (input) => ({ progress: { contentId: LESSON_ID, status: 'IN_PROGRESS', percentage: 0, position: 0, duration: null, totalTimeSpent: 0, sessionCount: 1, rating: null, isFavorited: false, isBookmarked: false, wasDismissed: false, discoverySource: null, metadata: {}, startedAt: '2026-03-01T10:00:00.000Z', completedAt: null, lastAccessedAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', ...(input as object) } }));
  return server;
}

/** Gives jsdom's video element a clock and a length. */
function playerClock(video: HTMLVideoElement, duration = 12) {
  let time = 0;
  let paused = true;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => time, set: (t: number) => void (time = t) });
  Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
  Object.defineProperty(video, 'ended', { configurable: true, get: () => time >= duration });
  return {
    play: () => {
      paused = false;
      fireEvent.play(video);
    },
    to: (t: number) => {
      time = t;
      fireEvent.timeUpdate(video);
    },
    pause: () => {
      paused = true;
      fireEvent.pause(video);
    },
  };
}

const routes = [{ path: '/watch/:id', element: <WatchPage /> }];

describe('the media page', () => {
  it('resumes at the saved second and offers to start over', async () => {
    watchServer();
    renderWithTrpc({ path: `/watch/${ASSET_ID}`, routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 1: Existence exists' })).toBeInTheDocument();
    const video = document.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAccessibleName('Lesson 1: Existence exists');
    expect(video.querySelector('track')).toHaveAttribute('srclang', 'en');
    for (const link of screen.getAllByRole('link', { name: 'Metaphysics' })) expect(link).toHaveAttribute('href', '/library/lessons/lesson-1');
    playerClock(video);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(4.2);
    expect(await screen.findByText('Resumed at 0:04, where you left off.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start from the beginning' }));
    expect(video.currentTime).toBe(0);
    expect(screen.queryByText(/Resumed at/)).toBeNull();
  });

  it('saves on pause the video’s place and its lesson’s, with the asset to come back to; completes near the end', async () => {
    const server = watchServer({ saved: [] });
    renderWithTrpc({ path: `/watch/${ASSET_ID}`, routes });
    await screen.findByRole('heading', { level: 1, name: 'Lesson 1: Existence exists' });
    const video = document.querySelector('video')!;
    const clock = playerClock(video);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(0);

    clock.play();
    clock.to(3); // the first position goes out at once
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    clock.to(5);
    clock.pause(); // pausing sends the latest at once... after the save under way
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    const videoSaves = server.callsTo('progress.recordVideo').map((c) => c.input);
    expect(videoSaves[0]).toEqual({ mediaAssetId: ASSET_ID, position: 3, duration: 12 });
    expect(videoSaves.at(-1)).toEqual({ mediaAssetId: ASSET_ID, position: 5, duration: 12 });
    const contentSaves = server.callsTo('progress.recordContent').map((c) => c.input as Record<string, unknown>);
    expect(contentSaves[0]).toMatchObject({ contentId: LESSON_ID, position: 3, duration: 12, percentage: 25, newSession: true, metadata: { mediaAssetId: ASSET_ID } });
    expect(contentSaves.at(-1)).toMatchObject({ contentId: LESSON_ID, position: 5, percentage: 41.7, metadata: { mediaAssetId: ASSET_ID } });
    expect(contentSaves.at(-1)).not.toHaveProperty('newSession');

    clock.play();
    clock.to(11.5); // 95%: watched
    clock.pause();
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(server.callsTo('progress.recordVideo').at(-1)!.input).toEqual({ mediaAssetId: ASSET_ID, position: 11.5, duration: 12, completed: true });
    expect(server.callsTo('progress.recordContent').at(-1)!.input).toMatchObject({ percentage: 100 });
  });

  it('lets a visitor watch an OPEN video without saving, and locks one the entitlement check refuses', async () => {
    const server = watchServer({ signedIn: false });
    const { unmount } = renderWithTrpc({ path: `/watch/${ASSET_ID}`, routes });
    await screen.findByRole('heading', { level: 1, name: 'Lesson 1: Existence exists' });
    const video = document.querySelector('video')!;
    const clock = playerClock(video);
    fireEvent.loadedMetadata(video);
    clock.play();
    clock.to(6);
    clock.pause();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(server.callsTo('media.byIdWithProgress')).toEqual([]);
    expect(server.callsTo('progress.recordVideo')).toEqual([]);
    unmount();

    watchServer({ hasAccess: false });
    renderWithTrpc({ path: `/watch/${ASSET_ID}`, routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Metaphysics' })).toBeInTheDocument();
    expect(screen.getByText('Your account does not include access to this video.')).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });

  it('says so when there is no such video', async () => {
    const server = watchServer();
    server.procedure('media.byIdWithProgress', () => {
      throw new ProcedureError('NOT_FOUND', 404);
    });
    renderWithTrpc({ path: `/watch/${ASSET_ID}`, routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Video not found' })).toBeInTheDocument();
  });
});
