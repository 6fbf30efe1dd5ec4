/**
 * The library browser's state lives in the URL (`/library?q=&type=&tag=&page=`), so back and
 * forward, reloads and shared links all show the same results. Pure, so the rules are tested alone.
 *
 * - `type` is the type's path segment (`books`, `lexicon`), as in the item pages' paths; an unknown
 *   type is ignored rather than answered with an error, so an old link still shows the library.
 * - `page` is a whole number from 1; anything else reads as 1 and is left out of the URL.
 * - Changing the search text, the type or the tag goes back to page 1.
 */
import type { ContentType } from '../../../../domain/content/constants';
import { LIBRARY_SEGMENTS, typeOfSegment } from '../../lib/content/paths';

export interface LibraryState {
  q: string;
  type: ContentType | null;
  tag: string | null;
  page: number;
}

export const EMPTY_STATE: LibraryState = { q: '', type: null, tag: null, page: 1 };

export function readLibraryState(params: URLSearchParams): LibraryState {
  const page = Number(params.get('page'));
  const tag = params.get('tag')?.trim();
  return {
    q: params.get('q')?.trim() ?? '',
    type: typeOfSegment(params.get('type') ?? undefined),
    tag: tag ? tag : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function libraryParams(state: LibraryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.type) params.set('type', LIBRARY_SEGMENTS[state.type]);
  if (state.tag) params.set('tag', state.tag);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The state after a change: a new search, type or tag starts again at page 1. */
export function nextLibraryState(current: LibraryState, change: Partial<LibraryState>): LibraryState {
  const filtersChanged = ('q' in change && change.q !== current.q) || ('type' in change && change.type !== current.type) || ('tag' in change && change.tag !== current.tag);
  return { ...current, ...change, page: change.page ?? (filtersChanged ? 1 : current.page) };
}

/** `/library?…` for a state (links to a tag or a type from anywhere). */
export function libraryHref(change: Partial<LibraryState>): string {
  const query = libraryParams({ ...EMPTY_STATE, ...change }).toString();
  return query ? `/library?${query}` : '/library';
}

export const hasFilters = (state: LibraryState) => state.q !== '' || state.type !== null || state.tag !== null;
