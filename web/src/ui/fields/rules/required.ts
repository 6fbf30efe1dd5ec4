/**
 * The generic form's required rule where the spec names none: '{Label} is required', the shape of
 * the spec's own messages ('First name is required', 'School name is required').
 */
export const requiredMessage = (label: string) => `${label} is required`;

/** Whether a field's value counts as given: blank text, an empty list and null do not. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}
