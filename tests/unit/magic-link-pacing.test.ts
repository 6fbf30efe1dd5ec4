/** When a magic-link request is answered without a mail (domain/auth/magic-link-pacing.ts; issue 11 §5). */
import { describe, expect, it } from 'vitest';
import { BUSY_ADDRESS_LINKS, mustPace } from '../../domain/auth/magic-link-pacing';

const now = new Date('2026-05-04T09:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const PACE = 60;

describe('mustPace', () => {
  it('never paces the first link, or a request after the interval', () => {
    expect(mustPace({ count: 0, latest: null }, '198.51.100.1', now, PACE)).toBe(false);
    expect(mustPace({ count: 1, latest: { requester: '203.0.113.9', createdAt: ago(60) } }, '198.51.100.1', now, PACE)).toBe(false);
    expect(mustPace({ count: 12, latest: { requester: '203.0.113.9', createdAt: ago(61) } }, '198.51.100.1', now, PACE)).toBe(false);
  });

  it('paces another requester within the interval, and a requester with no record', () => {
    expect(mustPace({ count: 1, latest: { requester: '203.0.113.9', createdAt: ago(59) } }, '198.51.100.1', now, PACE)).toBe(true);
    expect(mustPace({ count: 1, latest: { requester: null, createdAt: ago(1) } }, '198.51.100.1', now, PACE)).toBe(true);
  });

  it("lets the latest link's own requester ask again at once, until the address is busy", () => {
    const mine = (count: number) => ({ count, latest: { requester: '198.51.100.1', createdAt: ago(1) } });
    expect(mustPace(mine(BUSY_ADDRESS_LINKS - 1), '198.51.100.1', now, PACE)).toBe(false);
    expect(mustPace(mine(BUSY_ADDRESS_LINKS), '198.51.100.1', now, PACE)).toBe(true);
  });
});
