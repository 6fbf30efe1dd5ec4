/**
 * The content lifecycle (spec 002 §4 names only the default, DRAFT; the rest is ours, see
 * domain/content/README.md). `published` and `publishedAt` are never stored apart from the status
 * they follow: `publication()` derives both, and a database check refuses any row where they disagree.
 */
import type { Permission } from '../auth/roles';
import { ruleViolation } from '../shared/errors';
import type { ContentStatus } from './constants';

/** Every allowed move, and the permission it needs. A move not listed is refused. */
export const TRANSITIONS: Record<ContentStatus, Partial<Record<ContentStatus, Permission>>> = {
  DRAFT: { REVIEW: 'content.edit', PUBLISHED: 'content.publish', ARCHIVED: 'content.edit' },
  REVIEW: { DRAFT: 'content.edit', PUBLISHED: 'content.publish', ARCHIVED: 'content.edit' },
  PUBLISHED: { DRAFT: 'content.publish', ARCHIVED: 'content.publish' },
  ARCHIVED: { DRAFT: 'content.edit', PUBLISHED: 'content.publish' },
};

/**
 * The permission a move from `from` to `to` needs: `content.edit` to stay where it is, the table's
 * entry otherwise. A move the table does not list is a rule violation (422).
 */
export function transitionPermission(from: ContentStatus, to: ContentStatus): Permission {
  if (from === to) return 'content.edit';
  const permission = TRANSITIONS[from][to];
  if (!permission) throw ruleViolation(`Content cannot move from ${from} to ${to}`, 'INVALID_STATUS_TRANSITION');
  return permission;
}

/** New content starts as if it were a DRAFT moving to the status it is created with. */
export const creationPermission = (status: ContentStatus): Permission => transitionPermission('DRAFT', status);

export interface Publication {
  published: boolean;
  publishedAt: Date | null;
}

/**
 * `published` is exactly `status === 'PUBLISHED'`; `publishedAt` is when the content last became
 * PUBLISHED (kept while it stays so, cleared when it leaves).
 */
export function publication(status: ContentStatus, previous: { status: ContentStatus; publishedAt: Date | null } | null, now: Date): Publication {
  if (status !== 'PUBLISHED') return { published: false, publishedAt: null };
  if (previous?.status === 'PUBLISHED' && previous.publishedAt) return { published: true, publishedAt: previous.publishedAt };
  return { published: true, publishedAt: now };
}

/**
 * The status a save asks for. Clients of the spec send `published` beside `status`; `published`
 * alone publishes (true) or unpublishes to DRAFT (false); both must agree.
 */
export function requestedStatus(current: ContentStatus, input: { status?: ContentStatus | undefined; published?: boolean | undefined }): ContentStatus {
  if (input.status !== undefined) {
    if (input.published !== undefined && input.published !== (input.status === 'PUBLISHED')) {
      throw ruleViolation('published must agree with status: published is true exactly when status is PUBLISHED', 'PUBLISHED_STATUS_MISMATCH');
    }
    return input.status;
  }
  if (input.published === true) return 'PUBLISHED';
  if (input.published === false && current === 'PUBLISHED') return 'DRAFT';
  return current;
}
