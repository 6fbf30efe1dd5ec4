/**
 * Who may see and who may open a piece of content (domain/content/README.md "Who sees what",
 * "Access"). The policy is the one place the access rules live; later sources (purchases,
 * subscriptions, classroom codes) are added as AccessSource values, never as new branches here.
 * Every read of the library asks this module, so the entitlement check
 * (GET /api/entitlements/content/{id}) and what the reads withhold can never disagree.
 */
import { can, type Actor } from '../../domain/auth/actor';
import { parentIdsOf, withoutBody, type ContentItem } from '../../domain/content/model';
import { notFound } from '../../domain/shared/errors';
import type { AccessType } from '../../domain/content/constants';
import type { AccessPolicy, AccessSource, BodyLock } from '../ports/content-access';
import type { ContentDeps } from './deps';
import { seesDrafts } from './visibility';

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
    // hasAccess's rules as locks held (tests/contract/content-search-access.test.ts holds the two to
    // agree on every combination): staff hold all; unpublished bodies open to content.edit; OPEN to
    // everyone; MEMBERS to any session; PREMIUM and CLASSROOM only where a source opens all of them;
    // STAFF and RESTRICTED never below staff.
    async bodyKeys(actor) {
      if (can(actor, 'content.restricted.read')) return 'all';
      const keys = new Set<BodyLock>(['OPEN']);
      if (can(actor, 'content.edit')) keys.add('UNPUBLISHED');
      if (actor) {
        keys.add('MEMBERS');
        for (const source of sources) for (const type of (await source.opensAll?.(actor)) ?? []) if (GRANTABLE.includes(type)) keys.add(type);
      }
      return [...keys];
    },
  };
}

/** What an AccessSource may open (hasAccess asks the sources for nothing else). */
const GRANTABLE: readonly AccessType[] = ['PREMIUM', 'CLASSROOM'];

type Deps = Pick<ContentDeps, 'content' | 'access'>;

/** The items with their parents (a chapter's book, an essay's books, ...), loaded in one read. */
export interface Family {
  parentsOf(item: ContentItem): ContentItem[];
}

export async function familyOf(d: Pick<ContentDeps, 'content'>, items: readonly ContentItem[]): Promise<Family> {
  const ids = [...new Set(items.flatMap(parentIdsOf))];
  const parents = new Map((ids.length ? await d.content.byIds(ids) : []).map((p) => [p.id, p]));
  return { parentsOf: (item) => parentIdsOf(item).flatMap((id) => parents.get(id) ?? []) };
}

/**
 * Whether the actor sees the item at all: editors see every status; others see PUBLISHED items
 * whose parents are all PUBLISHED too (a draft book's published chapters stay private).
 */
export const isVisible = (actor: Actor | null, item: ContentItem, family: Family) =>
  seesDrafts(actor) || (item.status === 'PUBLISHED' && family.parentsOf(item).every((p) => p.status === 'PUBLISHED'));

/**
 * Whether the actor may open each item: the policy's answer for the item and for every parent, so
 * a child is never more open than the strictest of them (an OPEN chapter of a PREMIUM book is
 * PREMIUM). Each distinct item or parent is asked once.
 */
export async function accessTo(d: Pick<ContentDeps, 'access'>, actor: Actor | null, items: readonly ContentItem[], family: Family): Promise<Map<string, boolean>> {
  const asked = new Map<string, Promise<boolean>>();
  const opens = (item: ContentItem) => {
    if (!asked.has(item.id)) asked.set(item.id, d.access.hasAccess(actor, item, item.details));
    return asked.get(item.id)!;
  };
  const answers = await Promise.all(items.map(async (item) => (await Promise.all([item, ...family.parentsOf(item)].map(opens))).every(Boolean)));
  return new Map(items.map((item, i) => [item.id, answers[i]!]));
}

/** An item as the caller is shown it: the body withheld, and `locked`, when the caller may not open it. */
export interface GatedItem {
  item: ContentItem;
  locked: boolean;
}

export async function gate(d: Deps, actor: Actor | null, items: readonly ContentItem[], family?: Family): Promise<GatedItem[]> {
  const known = family ?? (await familyOf(d, items));
  const access = await accessTo(d, actor, items, known);
  return items.map((item) => (access.get(item.id) ? { item, locked: false } : { item: withoutBody(item), locked: true }));
}

/** The entitlement check; content the caller may not see (unpublished, or under an unpublished parent) is "not found". */
export async function contentAccess(d: Deps, actor: Actor | null, contentId: string): Promise<{ hasAccess: boolean }> {
  const item = await d.content.byId(contentId);
  if (!item) throw notFound('Content');
  const family = await familyOf(d, [item]);
  if (!isVisible(actor, item, family)) throw notFound('Content');
  return { hasAccess: (await accessTo(d, actor, [item], family)).get(item.id)! };
}
