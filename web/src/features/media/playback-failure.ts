/**
 * Why a video or audio did not play, told honestly. A media element reports little: a source the
 * site's Content-Security-Policy refused, a file that is not there and a format the browser cannot
 * play all end as MEDIA_ERR_SRC_NOT_SUPPORTED. So the player gathers evidence (README.md):
 * - a `securitypolicyviolation` event on the document for the source's URL: refused by policy;
 * - the element's MediaError code: MEDIA_ERR_NETWORK (the download broke off), MEDIA_ERR_DECODE;
 * - the file's status, asked with HEAD (possible on this origin and on a media host that allows
 *   CORS): 404/410 not found, another error status the server's;
 * - `canPlayType(mimeType)`: whether the browser knows the format at all.
 */
import { useCallback, useEffect, useState, type SyntheticEvent } from 'react';

export type PlaybackFailure =
  | { kind: 'policy'; host: string }
  | { kind: 'not-found'; host: string }
  | { kind: 'server'; host: string; status: number }
  | { kind: 'unsupported'; mimeType: string | null }
  | { kind: 'decode' }
  | { kind: 'network'; host: string }
  | { kind: 'unknown'; host: string };

/** What the file's HEAD answered, or that it could not be asked (cross-origin without CORS, offline). */
export type SourceProbe = { status: number } | 'unreachable';

export interface FailureEvidence {
  /** MediaError.code, or null when the element has none. */
  mediaErrorCode: number | null;
  probe: SourceProbe | null;
  /** `canPlayType(mimeType) !== ''`; null without a declared type. */
  formatKnown: boolean | null;
  mimeType: string | null;
  online: boolean;
}

// MediaError's codes (the constants are not on jsdom's MediaError).
const MEDIA_ERR_NETWORK = 2;
const MEDIA_ERR_DECODE = 3;

const hostOf = (url: string) => {
  try {
    return new URL(url, document.baseURI).host;
  } catch {
    return url;
  }
};

/** Does a violation's `blockedURI` name this source? Browsers give the URL, or only its origin after a redirect. */
export function violationMatches(blockedURI: string, sourceUrl: string): boolean {
  try {
    const source = new URL(sourceUrl, document.baseURI);
    const blocked = new URL(blockedURI, document.baseURI);
    if (blocked.href === source.href) return true;
    return blocked.origin === source.origin && (blocked.pathname === '/' || blocked.pathname === '') && !blocked.search;
  } catch {
    return false;
  }
}

/** The failure the evidence shows, once the element has failed and was not refused by policy. */
export function classifyPlaybackFailure(sourceUrl: string, e: FailureEvidence): PlaybackFailure {
  const host = hostOf(sourceUrl);
  if (e.mediaErrorCode === MEDIA_ERR_NETWORK) return { kind: 'network', host };
  if (e.mediaErrorCode === MEDIA_ERR_DECODE) return { kind: 'decode' };
  if (e.probe && e.probe !== 'unreachable') {
    if (e.probe.status === 404 || e.probe.status === 410) return { kind: 'not-found', host };
    if (e.probe.status >= 400) return { kind: 'server', host, status: e.probe.status };
    // The file is there and the browser still could not read it: its format.
    return { kind: 'unsupported', mimeType: e.mimeType };
  }
  if (!e.online) return { kind: 'network', host };
  if (e.formatKnown === false) return { kind: 'unsupported', mimeType: e.mimeType };
  return { kind: 'unknown', host };
}

/** The sentence shown for a failure; `noun` is "video" or "audio". */
export function failureMessage(failure: PlaybackFailure, noun: 'video' | 'audio'): string {
  switch (failure.kind) {
    case 'policy':
      return `This ${noun} is stored on ${failure.host}, which this site’s security policy does not allow, so your browser refused to load it. Your connection is fine: this is ours to fix.`;
    case 'not-found':
      return `The ${noun} file was not found on ${failure.host}: it may have been moved or removed.`;
    case 'server':
      return `The server at ${failure.host} could not send the ${noun} (error ${failure.status}). Try again later.`;
    case 'unsupported':
      return `Your browser cannot play this ${noun}’s format${failure.mimeType ? ` (${failure.mimeType})` : ''}. Try another browser.`;
    case 'decode':
      return `The ${noun} file is damaged and cannot be played.`;
    case 'network':
      return `The ${noun} stopped loading: the connection to ${failure.host} failed. Check your connection and reload the page.`;
    case 'unknown':
      return `The ${noun} could not be loaded from ${failure.host}. Reload the page to try again.`;
  }
}

/** Failures only the site's team can mend: the message offers support. */
export const needsSupport = (failure: PlaybackFailure) => failure.kind === 'policy' || failure.kind === 'not-found' || failure.kind === 'decode' || failure.kind === 'unknown';

export async function probeSource(url: string): Promise<SourceProbe> {
  try {
    const res = await fetch(url, { method: 'HEAD', credentials: 'omit', cache: 'no-store' });
    return { status: res.status };
  } catch {
    return 'unreachable';
  }
}

/**
 * The failure of one source, for a player: pass `onError` to the media element. Answers null while
 * it plays (or while the reason is still being asked).
 */
export function usePlaybackFailure(sourceUrl: string | null, mimeType: string | null) {
  const [refused, setRefused] = useState(false);
  const [evidence, setEvidence] = useState<FailureEvidence | null>(null);

  useEffect(() => {
    if (!sourceUrl) return;
    const onViolation = (event: Event) => {
      const blocked = (event as SecurityPolicyViolationEvent).blockedURI;
      if (typeof blocked === 'string' && violationMatches(blocked, sourceUrl)) setRefused(true);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [sourceUrl]);

  const onError = useCallback(
    (event: SyntheticEvent<HTMLMediaElement>) => {
      if (!sourceUrl) return;
      const element = event.currentTarget;
      const code = element.error?.code ?? null;
      const base = { mediaErrorCode: code, formatKnown: mimeType ? element.canPlayType(mimeType) !== '' : null, mimeType, online: navigator.onLine };
      if (code === MEDIA_ERR_NETWORK || code === MEDIA_ERR_DECODE) {
        setEvidence({ ...base, probe: null });
        return;
      }
      void probeSource(sourceUrl).then((probe) => setEvidence({ ...base, probe }));
    },
    [sourceUrl, mimeType],
  );

  const failure: PlaybackFailure | null = !sourceUrl
    ? null
    : refused
      ? { kind: 'policy', host: hostOf(sourceUrl) }
      : evidence
        ? classifyPlaybackFailure(sourceUrl, evidence)
        : null;
  return { failure, onError };
}
