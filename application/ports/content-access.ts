import type { Actor } from '../../domain/auth/actor';
import type { ContentRecord } from '../../domain/content/model';

/** Whether one source grants the member access to an item (a purchase, a subscription, a classroom code...). */
export interface AccessSource {
  name: string;
  grants(actor: Actor, content: ContentRecord, details: Record<string, unknown>): Promise<boolean>;
}

/** Decides access to content (domain/content/README.md "Access"), combining the sources it is given. */
export interface AccessPolicy {
  hasAccess(actor: Actor | null, content: ContentRecord, details: Record<string, unknown>): Promise<boolean>;
}
