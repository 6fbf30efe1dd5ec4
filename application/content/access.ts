/**
 * Who may open a piece of content (GET /api/entitlements/content/{id}; domain/content/README.md
 * "Access"). The policy is the one place the rules live; later sources (purchases, subscriptions,
 * classroom codes) are added as AccessSource values, never as new branches here.
 */
import { can, type Actor } from '../../domain/auth/actor';
import type { ContentRecord } from '../../domain/content/model';
import { notFound } from '../../domain/shared/errors';
import type { AccessPolicy, AccessSource } from '../ports/content-access';
import type { ContentDeps } from './deps';

export function accessPolicy(sources: readonly AccessSource[]): AccessPolicy {
  return {
    async hasAccess(actor, content, details) {
      // Staff (content.restricted.read) open everything, drafts and restricted artifacts included.
      if (can(actor, 'content.restricted.read')) return true;
      if (content.status !== 'PUBLISHED') return can(actor, 'content.edit');
      if (content.type === 'ARTIFACT' && details.isRestricted === true) return false;
      if (content.accessType === 'OPEN') return true;
      if (!actor) return false;
      if (content.accessType === 'MEMBERS') return true;
      if (content.accessType === 'STAFF') return false;
      for (const source of sources) if (await source.grants(actor, content, details)) return true;
      return false;
    },
  };
}

/** The entitlement check; unpublished content is "not found" to those who may not see it. */
export async function contentAccess(d: Pick<ContentDeps, 'content' | 'access'>, actor: Actor | null, contentId: string): Promise<{ hasAccess: boolean }> {
  const item = await d.content.byId(contentId);
  if (!item || (item.status !== 'PUBLISHED' && !can(actor, 'content.edit'))) throw notFound('Content');
  return { hasAccess: await d.access.hasAccess(actor, item, item.details) };
}
