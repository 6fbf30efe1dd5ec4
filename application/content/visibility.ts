/**
 * Who sees what: members and visitors see PUBLISHED content only, and only while its parents are
 * published too (access.ts isVisible; the repository's view does the same for lists); editors
 * (content.edit) see every status. Asking for what you may not see (published=false, a DRAFT
 * filter) is 403; an unpublished item looked up by id or slug is "not found" to those who may not
 * see it, so drafts stay private.
 */
import { can, requirePermission, type Actor } from '../../domain/auth/actor';
import type { ContentStatus } from '../../domain/content/constants';

export const PUBLIC_STATUSES: readonly ContentStatus[] = ['PUBLISHED'];

export const seesDrafts = (actor: Actor | null) => can(actor, 'content.edit');

/** The actor's view for the repository (ContentQuery.statuses): undefined means everything. */
export const visibleStatuses = (actor: Actor | null): readonly ContentStatus[] | undefined => (seesDrafts(actor) ? undefined : PUBLIC_STATUSES);

/** A list that asks for unpublished content needs content.edit. */
export function requireVisibleFilter(actor: Actor | null, filter: { published?: boolean | undefined; status?: ContentStatus | undefined }) {
  const asksForUnpublished = filter.published === false || (filter.status !== undefined && filter.status !== 'PUBLISHED');
  if (asksForUnpublished) requirePermission(actor, 'content.edit');
}
