/**
 * Browsing the library beyond one type: what its filters offer (types and tags with counts) and
 * what to suggest to a member next (domain/content/README.md, "Browsing").
 */
import { requirePermission, type Actor } from '../../domain/auth/actor';
import type { ContentType } from '../../domain/content/constants';
import type { ContentItem } from '../../domain/content/model';
import type { LibraryFacets } from '../ports/content-repository';
import type { ContentDeps } from './deps';
import { seesDrafts, visibleStatuses } from './visibility';

type Deps = Pick<ContentDeps, 'content'>;

/**
 * What is suggested: whole works a member can start from. Chapters, lessons, lectures and excerpts
 * are reached through their book, course, playlist or lexicon term; lexicon terms are looked up,
 * not recommended; archive artifacts are restricted by default.
 */
export const RECOMMENDED_TYPES: readonly ContentType[] = ['BOOK', 'ESSAY', 'COURSE', 'PLAYLIST', 'INTERVIEW', 'CLIP', 'DISCUSSION', 'TRACK'];

export async function libraryFacets(d: Deps, actor: Actor | null): Promise<LibraryFacets> {
  return d.content.facets(seesDrafts(actor) ? 'everything' : 'public');
}

/** Suggestions for the signed-in member (content.progress: they are drawn from the member's progress). */
export async function recommendations(d: Deps, actor: Actor | null, input: { limit: number }): Promise<ContentItem[]> {
  const member = requirePermission(actor, 'content.progress');
  return d.content.recommendedFor({ userId: member.userId, types: RECOMMENDED_TYPES, statuses: visibleStatuses(member), limit: input.limit });
}
