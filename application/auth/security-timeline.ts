/**
 * A member's security timeline and its 'This wasn't me' (domain/auth/README.md "Security
 * timeline"): sign-ins and failed attempts, methods added and removed, password and passkey
 * changes, sessions ended, and what an administrator changed, read from the audit trail a page at
 * a time, in the product's words, with the device named and the network masked.
 */
import { requirePermission, type Actor } from '../../domain/auth/actor';
import {
  countryName,
  describeEvent,
  maskIp,
  METHOD_NAMES,
  TIMELINE_ACTIONS,
  type SecurityEventView,
  type TimelineAction,
  type TimelinePage,
} from '../../domain/auth/security-timeline';
import type { AuditAction, StoredAuditEvent } from '../ports/audit-log';
import type { AuthDeps, ClientInfo } from './deps';

// Every timeline action is one the audit log records.
const ACTIONS: readonly AuditAction[] = TIMELINE_ACTIONS satisfies readonly AuditAction[];

export type TimelineDeps = Pick<AuthDeps, 'audit' | 'devices' | 'socialProviders'>;

export interface TimelinePageView {
  events: SecurityEventView[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

function viewOf(d: TimelineDeps, event: StoredAuditEvent, currentSessionId: string | null): SecurityEventView {
  const described = describeEvent({ ...event, action: event.action as TimelineAction }, (id) => d.socialProviders.find(id)?.name ?? id);
  // What an administrator did happened on their device and network, which are not the member's to see.
  const own = !described.byAdministrator;
  return {
    id: event.id,
    kind: described.kind,
    label: described.label,
    note: described.note,
    method: event.method ? (METHOD_NAMES[event.method] ?? null) : null,
    device: own ? d.devices.describe(event.userAgent) : null,
    place: own ? countryName(event.detail?.country) : null,
    ip: own ? maskIp(event.ip) : null,
    at: event.at.toISOString(),
    outcome: event.outcome,
    thisDevice: own && currentSessionId !== null && event.sessionId === currentSessionId,
    byAdministrator: described.byAdministrator,
  };
}

/** A page of one member's timeline, newest first. `currentSessionId` marks what the reader's own session did. */
export async function timelineOf(d: TimelineDeps, userId: string, page: TimelinePage, currentSessionId: string | null): Promise<TimelinePageView> {
  const { events, total } = await d.audit.pageForUser(userId, { actions: ACTIONS, offset: (page.page - 1) * page.limit, limit: page.limit });
  return {
    events: events.map((event) => viewOf(d, event, currentSessionId)),
    total,
    page: page.page,
    limit: page.limit,
    totalPages: Math.ceil(total / page.limit),
  };
}

/** The signed-in member's own timeline. */
export async function securityTimeline(d: TimelineDeps, actor: Actor | null, page: TimelinePage): Promise<TimelinePageView> {
  const a = requirePermission(actor, 'profile.manage');
  return timelineOf(d, a.userId, page, a.sessionId);
}

/**
 * 'This wasn't me': ends every session of the member but the one asking, at once (their tokens
 * stop working on the next request), and records it. No re-authentication: it only takes access
 * away, as ending one session does, and whoever holds a stolen session gains nothing by it. The
 * member is then told to change their password (the client's part).
 */
export async function endOtherSessions(d: Pick<AuthDeps, 'sessions' | 'clock' | 'audit'>, actor: Actor | null, client: ClientInfo): Promise<{ endedSessions: number }> {
  const a = requirePermission(actor, 'profile.manage');
  const now = d.clock.now();
  const others = (await d.sessions.listActive(a.userId, now)).filter((s) => s.id !== a.sessionId);
  let ended = 0;
  for (const session of others) if (await d.sessions.revoke(session.id, 'ended by the member: not me', now)) ended++;
  await d.audit.record({ action: 'sessions.ended', outcome: 'success', userId: a.userId, sessionId: a.sessionId, ip: client.ip, userAgent: client.userAgent, detail: { count: ended, reason: 'not me' }, at: now });
  return { endedSessions: ended };
}
