import { describe, expect, it, vi } from 'vitest';
import { formatCurrency, formatDate } from '../../../web/src/lib/format';

describe('formatCurrency', () => {
  it('shows minor units as US dollars with 2 decimals', () => {
    expect(formatCurrency(1999)).toBe('$19.99');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(100)).toBe('$1.00');
    expect(formatCurrency(123456789)).toBe('$1,234,567.89');
    expect(formatCurrency(-250)).toBe('-$2.50');
  });

  it('formats other currencies in en-US, case-insensitively', () => {
    expect(formatCurrency(1050, 'eur')).toBe('€10.50');
  });
});

describe('formatDate', () => {
  it('uses the long format by default', () => {
    expect(formatDate('2025-03-01')).toBe('March 1, 2025');
  });

  it('shows a date-only value as that calendar day in every time zone', () => {
    try {
      for (const zone of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
        vi.stubEnv('TZ', zone);
        expect(formatDate('2024-12-31')).toBe('December 31, 2024');
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('formats instants and Date objects, with other styles on request', () => {
    const instant = new Date(2025, 0, 15, 12, 0, 0);
    expect(formatDate(instant)).toBe('January 15, 2025');
    expect(formatDate(instant, 'short')).toBe('1/15/25');
    expect(formatDate(instant.toISOString(), 'medium')).toBe('Jan 15, 2025');
  });

  it('shows nothing for an unreadable value', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
