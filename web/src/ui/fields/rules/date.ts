/**
 * Spec 000 §9: dates are typed in MM/dd/yyyy by default (date-fns format tokens). The field's value
 * is a calendar day as an ISO date (2025-03-01), so it means the same day in every time zone.
 */
import { format as formatDate, isMatch, isValid, parse } from 'date-fns';

export const DEFAULT_DATE_FORMAT = 'MM/dd/yyyy';
const ISO_DAY = 'yyyy-MM-dd';

/** How the format is shown to people: MM/DD/YYYY. */
export function formatHint(format: string = DEFAULT_DATE_FORMAT): string {
  return format.replace(/d/g, 'D').replace(/y/g, 'Y');
}

export function invalidDateMessage(format: string = DEFAULT_DATE_FORMAT): string {
  return `Please enter a valid date (${formatHint(format)})`;
}

/** The ISO day a typed date stands for, or null when it does not match the format or is no real day (02/30/2025). */
export function parseDateText(text: string, format: string = DEFAULT_DATE_FORMAT): string | null {
  const trimmed = text.trim();
  // date-fns accepts 1-digit parts for 2-letter tokens; the typed text must have the format's length.
  if (trimmed.length !== format.length || !isMatch(trimmed, format)) return null;
  const date = parse(trimmed, format, new Date(2000, 0, 1));
  return isValid(date) ? formatDate(date, ISO_DAY) : null;
}

/** The text an ISO day is shown as; '' for an empty or unreadable value. */
export function formatIsoDay(value: string | null | undefined, format: string = DEFAULT_DATE_FORMAT): string {
  if (!value) return '';
  const date = parse(value, ISO_DAY, new Date(2000, 0, 1));
  return isValid(date) ? formatDate(date, format) : '';
}

/** The message for a typed date that is not a real day in the format, or null. Empty is left to the required rule. */
export function dateError(text: string, format: string = DEFAULT_DATE_FORMAT): string | null {
  if (text.trim() === '') return null;
  return parseDateText(text, format) === null ? invalidDateMessage(format) : null;
}
