/**
 * A member's security timeline (domain/auth/README.md "Security timeline"): which audit events it
 * shows, what each is called in the product's words, and how much of the network address it
 * reveals. Pure: the use case (application/auth/security-timeline.ts) reads the events and the
 * device names; this file decides what the member sees.
 */
import { z } from 'zod';

/**
 * The audit actions a member sees. Left out: refresh successes (one every few minutes of use),
 * magic-link requests (recorded by address, before anyone is known), profile and preference edits
 * (not about who can get in).
 */
export const TIMELINE_ACTIONS = [
  'sign_in',
  'logout',
  'sessions.ended',
  'refresh.reuse_detected',
  'password.set',
  'method.added',
  'method.removed',
  'method.preferred',
  'passkey.registered',
  'passkey.renamed',
  'passkey.removed',
  'social.linked',
  'account.reclaimed',
  'reauthenticate',
  'user.roles_changed',
  'user.status_changed',
] as const;
export type TimelineAction = (typeof TIMELINE_ACTIONS)[number];

export const TIMELINE_KINDS = [
  'signed_in',
  'sign_in_failed',
  'signed_out',
  'session_ended',
  'sessions_ended',
  'session_reuse',
  'password_set',
  'password_changed',
  'password_change_failed',
  'method_added',
  'method_removed',
  'method_preferred',
  'passkey_added',
  'passkey_add_failed',
  'passkey_renamed',
  'passkey_removed',
  'account_linked',
  'account_reclaimed',
  'reauthenticated',
  'reauthentication_failed',
  'roles_changed',
  'status_changed',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** What the timeline needs of a recorded event. */
export interface TimelineEventFacts {
  action: TimelineAction;
  outcome: 'success' | 'failure';
  method?: string | null;
  sessionId?: string | null;
  detail?: Record<string, unknown>;
}

export interface EventDescription {
  kind: TimelineKind;
  /** The headline, in the product's words: 'Signed in with a passkey'. */
  label: string;
  /** A second line when there is more to say ('Wrong password'), else null. */
  note: string | null;
  /** Done by someone else (an administrator): the device and network of the event are theirs, not shown. */
  byAdministrator: boolean;
}

const METHOD_WORDS: Record<string, string> = {
  MAGIC_LINK: 'an email link',
  PASSWORD: 'your password',
  PASSKEY: 'a passkey',
  SOCIAL: 'a linked account',
};

/** A sign-in method as the timeline names it ('Email link', 'Password'), for the method column. */
export const METHOD_NAMES: Record<string, string> = {
  MAGIC_LINK: 'Email link',
  PASSWORD: 'Password',
  PASSKEY: 'Passkey',
  SOCIAL: 'Linked account',
};

const REMOVED_METHOD_LABELS: Record<string, string> = {
  PASSWORD: 'Password removed',
  PASSKEY: 'All passkeys removed',
  SOCIAL: 'Linked accounts unlinked',
  MAGIC_LINK: 'Sign-in by email link turned off',
};

/** Why a sign-in failed, as the member should read it; the raw reasons are the audit trail's. */
const FAILURE_NOTES: Record<string, string> = {
  'invalid credentials': 'Wrong password',
  inactive: 'The account was deactivated',
  'magic link turned off': 'Sign-in by email link is turned off',
  'wrong current password': 'Wrong current password',
  counter: 'The passkey looked copied and was refused',
  'unknown-credential': 'The passkey is not registered to this account',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const roleList = (value: unknown): string | null => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]).join(', ') : null);

/**
 * The timeline entry of one event. `provider` names a social provider by its id (the configured
 * display name; the id itself when the provider is no longer configured).
 */
export function describeEvent(event: TimelineEventFacts, provider: (id: string) => string = (id) => id): EventDescription {
  const detail = event.detail ?? {};
  const method = event.method ?? null;
  const providerName = text(detail.provider) ? provider(detail.provider as string) : null;
  const methodWords = method === 'SOCIAL' && providerName ? providerName : (METHOD_WORDS[method ?? ''] ?? 'an unknown method');
  const reasonNote = FAILURE_NOTES[text(detail.reason) ?? ''] ?? null;
  const own = (kind: TimelineKind, label: string, note: string | null = null): EventDescription => ({ kind, label, note, byAdministrator: false });
  const failed = event.outcome === 'failure';

  switch (event.action) {
    case 'sign_in':
      if (failed) return own('sign_in_failed', `Failed sign-in attempt with ${methodWords}`, reasonNote);
      if (detail.registered === true || detail.created === true) return own('signed_in', `Account created; signed in with ${methodWords}`);
      return own('signed_in', `Signed in with ${methodWords}`);
    case 'logout': {
      const endedFrom = text(detail.endedFrom);
      if (endedFrom && endedFrom !== event.sessionId) return own('session_ended', 'A session was ended from another device');
      return own('signed_out', 'Signed out');
    }
    case 'sessions.ended': {
      const count = typeof detail.count === 'number' ? detail.count : 0;
      return own('sessions_ended', 'Signed out everywhere else', count === 1 ? '1 session ended' : `${count} sessions ended`);
    }
    case 'refresh.reuse_detected':
      return own('session_reuse', 'A session was ended for your safety', 'Its sign-in was used again after it had been replaced, which can mean it was copied');
    case 'password.set':
      if (failed) return own('password_change_failed', 'Password change refused', reasonNote);
      return detail.changed === true ? own('password_changed', 'Password changed') : own('password_set', 'Password set');
    case 'method.added':
      return own('method_added', method === 'MAGIC_LINK' ? 'Sign-in by email link turned on' : `Sign-in method added: ${METHOD_NAMES[method ?? ''] ?? 'unknown'}`);
    case 'method.removed':
      return own('method_removed', REMOVED_METHOD_LABELS[method ?? ''] ?? 'A sign-in method was removed');
    case 'method.preferred':
      return own('method_preferred', `Preferred sign-in method set to ${(METHOD_NAMES[method ?? ''] ?? 'unknown').toLowerCase()}`);
    case 'passkey.registered':
      return failed ? own('passkey_add_failed', 'A passkey could not be added', reasonNote) : own('passkey_added', 'Passkey added');
    case 'passkey.renamed':
      return own('passkey_renamed', 'Passkey renamed');
    case 'passkey.removed':
      return own('passkey_removed', 'Passkey removed');
    case 'social.linked':
      return own('account_linked', providerName ? `${providerName} account linked` : 'Account linked', detail.claimedUnverifiedAccount === true ? 'Your address was confirmed; sign-in methods set up before were removed' : null);
    case 'account.reclaimed':
      return own('account_reclaimed', 'Your address was confirmed', 'Sign-in methods and sessions set up before it was confirmed were removed');
    case 'reauthenticate':
      return failed ? own('reauthentication_failed', `Failed attempt to confirm it was you with ${methodWords}`, reasonNote) : own('reauthenticated', `Confirmed it was you with ${methodWords}`);
    case 'user.roles_changed': {
      const after = roleList(detail.after);
      const before = roleList(detail.before);
      return { kind: 'roles_changed', label: 'Your roles were changed by an administrator', note: after ? `Now: ${after}${before ? ` (before: ${before})` : ''}` : null, byAdministrator: true };
    }
    case 'user.status_changed':
      return {
        kind: 'status_changed',
        label: detail.after === false ? 'Your account was deactivated by an administrator' : 'Your account was reactivated by an administrator',
        note: detail.after === false && typeof detail.sessionsEnded === 'number' ? `${detail.sessionsEnded} active ${detail.sessionsEnded === 1 ? 'session was' : 'sessions were'} ended` : null,
        byAdministrator: true,
      };
  }
}

const IPV4_PART = /^\d{1,3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

function ipv4Parts(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((p) => IPV4_PART.test(p))) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : null;
}

/** The eight hextets of an IPv6 address (an embedded IPv4 tail as two), or null. */
function ipv6Hextets(ip: string): number[] | null {
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const side = (part: string | undefined): number[] | null => {
    if (!part) return [];
    const out: number[] = [];
    const groups = part.split(':');
    for (let i = 0; i < groups.length; i++) {
      const group = groups[i]!;
      if (i === groups.length - 1 && group.includes('.')) {
        const v4 = ipv4Parts(group);
        if (!v4) return null;
        out.push(v4[0]! * 256 + v4[1]!, v4[2]! * 256 + v4[3]!);
      } else if (HEXTET.test(group)) out.push(parseInt(group, 16));
      else return null;
    }
    return out;
  };
  const left = side(halves[0]);
  const right = side(halves[1]);
  if (!left || !right) return null;
  if (halves.length === 1) return left.length === 8 ? left : null;
  const missing = 8 - left.length - right.length;
  return missing >= 1 ? [...left, ...Array<number>(missing).fill(0), ...right] : null;
}

/**
 * The network a request came from, never the address itself: IPv4 to its /24 ('203.0.113.0/24'),
 * IPv6 to its /64 ('2001:db8:85a3:8d3::/64', '2001:db8::/64'), an IPv4-mapped IPv6 address as the IPv4 one. Null
 * when the text is not an address (the transport records 'unknown' when it has none).
 */
export function maskIp(ip: string | null | undefined): string | null {
  if (!ip || ip.length > 100) return null;
  const address = ip.trim().toLowerCase().split('%')[0]!;
  const v4 = ipv4Parts(address);
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0/24`;
  const v6 = ipv6Hextets(address);
  if (!v6) return null;
  // ::ffff:a.b.c.d is an IPv4 client seen by a dual-stack socket.
  if (v6.slice(0, 5).every((h) => h === 0) && v6[5] === 0xffff) return `${v6[6]! >> 8}.${v6[6]! & 255}.${v6[7]! >> 8}.0/24`;
  // Written as RFC 5952 would: the zeros that end the prefix join the masked half under '::'.
  const prefix = v6.slice(0, 4);
  while (prefix.length > 0 && prefix[prefix.length - 1] === 0) prefix.pop();
  return `${prefix.map((h) => h.toString(16)).join(':')}::/64`;
}

/** Codes that name no country: unknown to Cloudflare ('XX') and to CLDR ('ZZ'), and Tor ('T1'). */
const NO_COUNTRY = new Set(['XX', 'ZZ', 'T1']);

/** ISO 3166-1 alpha-2, as the trusted proxies send it. */
export const isCountryCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Z0-9]{2}$/.test(value) && !NO_COUNTRY.has(value);

/** A country's English name from its code, or null when it names none. */
export function countryName(code: unknown): string | null {
  if (!isCountryCode(code)) return null;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code);
    return name ?? null;
  } catch {
    return null;
  }
}

export const TIMELINE_PAGE_SIZE = 20;
const PAGE_MESSAGE = 'Page must be a whole number from 1';
const LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 100';

/** `?page=&limit=` of the timeline (20 a page by default, at most 100). */
export const timelinePageFields = {
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1_000_000, PAGE_MESSAGE).optional().default(1),
  limit: z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE).optional().default(TIMELINE_PAGE_SIZE),
};
export const timelinePageSchema = z.object(timelinePageFields).default({ page: 1, limit: TIMELINE_PAGE_SIZE });
export type TimelinePage = z.output<typeof timelinePageSchema>;

export const OUTCOMES = ['success', 'failure'] as const;

/** One entry of the timeline as the API answers it. */
export const securityEventSchema = z.object({
  id: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  label: z.string(),
  note: z.string().nullable(),
  method: z.string().nullable(),
  /** 'Chrome on macOS'; null for what an administrator did. */
  device: z.string().nullable(),
  /** The country the trusted proxy named, or null: unknown. */
  place: z.string().nullable(),
  /** The network (/24 or /64), never the full address; null when unknown or not the member's. */
  ip: z.string().nullable(),
  at: z.string(),
  outcome: z.enum(OUTCOMES),
  /** Done by the session reading the timeline. */
  thisDevice: z.boolean(),
  byAdministrator: z.boolean(),
});
export type SecurityEventView = z.infer<typeof securityEventSchema>;
