/**
 * The security timeline's calls (domain/auth/README.md "Security timeline") through the shared
 * fetch helper, every answer checked against its shape, and the query that pages the timeline.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { securityEventSchema } from '../../../../domain/auth/security-timeline';
import { apiFetch } from '../../lib/http';

const ok = z.literal(true);
const timelinePageSchema = z.object({ success: ok, events: z.array(securityEventSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int(), totalPages: z.number().int() });
const endedSchema = z.object({ success: ok, endedSessions: z.number().int() });

export type SecurityEvent = z.infer<typeof securityEventSchema>;
export type TimelinePage = Omit<z.infer<typeof timelinePageSchema>, 'success'>;

export const ACTIVITY_PAGE_SIZE = 20;

export const securityActivityApi = {
  events: async (page: number, signal?: AbortSignal): Promise<TimelinePage> =>
    apiFetch('/api/auth/security/events', { query: { page, limit: ACTIVITY_PAGE_SIZE }, schema: timelinePageSchema, ...(signal ? { signal } : {}) }),
  /** 'This wasn't me': every other session ends at once; answers how many did. */
  endOtherSessions: async (): Promise<number> => (await apiFetch('/api/auth/sessions/end-others', { method: 'POST', json: {}, schema: endedSchema })).endedSessions,
};

export const activityKeys = {
  all: ['account', 'activity'] as const,
  page: (page: number) => ['account', 'activity', page] as const,
};

/** One page of the timeline; the previous page stays on screen while the next one loads. */
export const useSecurityActivity = (page: number) =>
  useQuery({ queryKey: activityKeys.page(page), queryFn: ({ signal }) => securityActivityApi.events(page, signal), placeholderData: keepPreviousData });
