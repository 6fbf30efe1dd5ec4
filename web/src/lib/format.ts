/**
 * Display formatters (spec 001 §9, 002 §9): money arrives in minor units and shows in en-US with
 * 2 decimals, USD by default; dates show in a long format (year, month, day) by default.
 */
export const DEFAULT_CURRENCY = 'USD';
const LOCALE = 'en-US';

export function formatCurrency(amountInMinorUnits: number, currency: string = DEFAULT_CURRENCY): string {
  return new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amountInMinorUnits / 100);
}

export type DateStyle = 'long' | 'medium' | 'short' | 'full';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date-only value (`2025-03-01`) is a calendar day, not an instant: it is shown as that day in every
 * time zone. Anything else is an instant shown in the reader's zone. An unreadable value shows as ''.
 */
export function formatDate(value: string | number | Date, style: DateStyle = 'long'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const timeZone = typeof value === 'string' && DATE_ONLY.test(value) ? 'UTC' : undefined;
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: style, ...(timeZone ? { timeZone } : {}) }).format(date);
}
