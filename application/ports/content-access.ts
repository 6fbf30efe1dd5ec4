import type { Actor } from '../../domain/auth/actor';
import type { AccessType } from '../../domain/content/constants';
import type { ContentRecord } from '../../domain/content/model';

/** Whether one source grants the member access to an item (a purchase, a subscription, a classroom code...). */
export interface AccessSource {
  name: string;
  grants(actor: Actor, content: ContentRecord, details: Record<string, unknown>): Promise<boolean>;
  /**
   * The access types (PREMIUM, CLASSROOM) this source opens to the actor for every item of that
   * type (a subscription), so that search can match those bodies inside its one query. A source
   * that opens single items (a purchase) answers [] or leaves this out: search then finds those
   * items by their catalogue text only, never by a body the policy would keep.
   */
  opensAll?(actor: Actor): Promise<readonly AccessType[]>;
}

/**
 * What keeps an item's body from a caller (migrations/0011_search_access.ts `body_locks`): its access
 * type and each parent's, RESTRICTED for a restricted artifact, UNPUBLISHED for an unpublished item
 * or parent. A caller may read a body when they hold every one of its locks.
 */
export type BodyLock = AccessType | 'RESTRICTED' | 'UNPUBLISHED';

/** The locks a caller holds, or 'all' (content.restricted.read): what search may match bodies by. */
export type BodyKeys = readonly BodyLock[] | 'all';

/** Decides access to content (domain/content/README.md "Access"), combining the sources it is given. */
export interface AccessPolicy {
  hasAccess(actor: Actor | null, content: ContentRecord, details: Record<string, unknown>): Promise<boolean>;
  /** The same rules as hasAccess, as the locks the caller holds, for the library's one-query search. */
  bodyKeys(actor: Actor | null): Promise<BodyKeys>;
}
