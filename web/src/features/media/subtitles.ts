/**
 * An asset's `subtitles` JSON (spec 002 §3 Media asset: JSON, shape not fixed by the spec) read as
 * `<track>` elements. Accepted entry shapes: `{ lang | srclang | language, url | src, label?, kind? }`;
 * entries without an http(s) or same-site URL are skipped, so a malformed value never breaks the player.
 */
export interface SubtitleTrack {
  src: string;
  srcLang: string;
  label: string;
  kind: 'subtitles' | 'captions';
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'French', de: 'German', es: 'Spanish', it: 'Italian', pt: 'Portuguese', ru: 'Russian', zh: 'Chinese', ja: 'Japanese' };

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

function usableUrl(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code);
    if (name && name !== code) return name;
  } catch {
    // An unknown code: fall back below.
  }
  return LANGUAGE_NAMES[code.toLowerCase()] ?? code;
}

export function subtitleTracks(subtitles: unknown): SubtitleTrack[] {
  let value = subtitles;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const tracks: SubtitleTrack[] = [];
  for (const entry of value) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    const src = text(e.url) ?? text(e.src);
    const srcLang = text(e.lang) ?? text(e.srclang) ?? text(e.srcLang) ?? text(e.language);
    if (!src || !srcLang || !usableUrl(src)) continue;
    tracks.push({ src, srcLang, label: text(e.label) ?? languageName(srcLang), kind: e.kind === 'captions' ? 'captions' : 'subtitles' });
  }
  return tracks;
}
