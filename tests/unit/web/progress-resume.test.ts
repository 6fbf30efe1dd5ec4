/** Where a member resumes: the link from "continue where you left off", the video's start, its subtitles. */
import { describe, expect, it } from 'vitest';
import { subtitleTracks } from '../../../web/src/features/media/subtitles';
import { viewingOf } from '../../../web/src/features/media/use-video-progress';
import { clockTime, resumeAt, watchedPercentage } from '../../../web/src/features/media/video-resume';
import { libraryPath, resumePath, resumeVerb, watchedAsset } from '../../../web/src/lib/progress/resume';

describe('resumePath', () => {
  it('sends chapters and essays to the reader, a watched item to its video, anything else to its library page', () => {
    expect(resumePath({ metadata: {}, content: { type: 'CHAPTER', slug: 'atlas-shrugged-chapter-1' } })).toBe('/read/chapters/atlas-shrugged-chapter-1');
    expect(resumePath({ metadata: {}, content: { type: 'ESSAY', slug: 'mans-rights' } })).toBe('/read/essays/mans-rights');
    expect(resumePath({ metadata: { mediaAssetId: 'a1b2' }, content: { type: 'LESSON', slug: 'lesson-1' } })).toBe('/watch/a1b2');
    expect(resumePath({ metadata: {}, content: { type: 'BOOK', slug: 'anthem' } })).toBe('/library/books/anthem');
    expect(resumePath({ metadata: {}, content: { type: 'LEXICON_TERM', slug: 'reason' } })).toBe('/library/lexicon/reason');
    expect(resumePath({ metadata: { mediaAssetId: '' }, content: { type: 'COURSE', slug: 'intro' } })).toBe('/library/courses/intro');
    expect(libraryPath('PLAYLIST', 'ford hall')).toBe('/library/playlists/ford%20hall');
  });

  it('reads the watched asset only from a non-empty string', () => {
    expect(watchedAsset({ mediaAssetId: 'x' })).toBe('x');
    expect(watchedAsset({ mediaAssetId: 42 })).toBeNull();
    expect(watchedAsset(null)).toBeNull();
    expect(resumeVerb({ metadata: { mediaAssetId: 'x' }, content: { type: 'LESSON', slug: 's' } })).toBe('Watch');
    expect(resumeVerb({ metadata: {}, content: { type: 'ESSAY', slug: 's' } })).toBe('Read');
    expect(resumeVerb({ metadata: {}, content: { type: 'COURSE', slug: 's' } })).toBe('Open');
  });
});

describe('resuming a video', () => {
  it('starts at the saved second, except when finished, barely begun or at the very end', () => {
    expect(resumeAt({ position: 42.5, duration: 600, completed: false })).toBe(42.5);
    expect(resumeAt({ position: 42.5, duration: 600, completed: true })).toBe(0);
    expect(resumeAt({ position: 1, duration: 600, completed: false })).toBe(0);
    expect(resumeAt({ position: 599, duration: 600, completed: false })).toBe(0);
    expect(resumeAt({ position: 580, duration: 600, completed: false })).toBe(0); // past 95%
    expect(resumeAt({ position: 5, duration: 12, completed: false }, 12.04)).toBe(5);
    expect(resumeAt({ position: 11, duration: 0, completed: false }, 12)).toBe(0);
    expect(resumeAt(null)).toBe(0);
  });

  it('takes a snapshot of the player, completed from 95% watched or at the end, and once completed stays so', () => {
    expect(viewingOf({ currentTime: 4.26, duration: 12.008, ended: false }, false)).toEqual({ position: 4.3, duration: 12, completed: false });
    expect(viewingOf({ currentTime: 11.5, duration: 12, ended: false }, false)?.completed).toBe(true);
    expect(viewingOf({ currentTime: 12, duration: 12, ended: true }, false)?.completed).toBe(true);
    expect(viewingOf({ currentTime: 2, duration: 12, ended: false }, true)?.completed).toBe(true);
    expect(viewingOf({ currentTime: 0, duration: Number.NaN, ended: false }, false)).toBeNull();
  });

  it('formats times and shares', () => {
    expect(clockTime(5.9)).toBe('0:05');
    expect(clockTime(65)).toBe('1:05');
    expect(clockTime(3723)).toBe('1:02:03');
    expect(watchedPercentage(3, 12)).toBe(25);
    expect(watchedPercentage(3, 0)).toBe(0);
    expect(watchedPercentage(13, 12)).toBe(100);
  });
});

describe('subtitleTracks', () => {
  it('reads the asset’s subtitles JSON into tracks, skipping what cannot be used', () => {
    expect(subtitleTracks([{ lang: 'en', url: 'https://cdn.example.org/a.en.vtt' }, { srclang: 'fr', src: '/media/a.fr.vtt', label: 'Français', kind: 'captions' }])).toEqual([
      { src: 'https://cdn.example.org/a.en.vtt', srcLang: 'en', label: 'English', kind: 'subtitles' },
      { src: '/media/a.fr.vtt', srcLang: 'fr', label: 'Français', kind: 'captions' },
    ]);
    expect(subtitleTracks(JSON.stringify([{ language: 'de', url: 'https://x.org/de.vtt' }]))).toEqual([{ src: 'https://x.org/de.vtt', srcLang: 'de', label: 'German', kind: 'subtitles' }]);
    expect(subtitleTracks([{ lang: 'en', url: 'javascript:alert(1)' }, { lang: 'en' }, { url: 'https://x.org/a.vtt' }, 'en', null])).toEqual([]);
    expect(subtitleTracks('not json')).toEqual([]);
    expect(subtitleTracks({ en: 'https://x.org/a.vtt' })).toEqual([]);
    expect(subtitleTracks(undefined)).toEqual([]);
  });
});
