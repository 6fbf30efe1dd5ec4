/**
 * Turning what a member types into a PostgreSQL text query: every word must match, each as a
 * prefix (`virt selfish` finds "The Virtue of Selfishness"). Only letters and digits reach the
 * query, so no input can break its syntax.
 */
export const MAX_SEARCH_WORDS = 8;

export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

/** `to_tsquery` text: `virt:* & selfish:*`; null when nothing searchable was typed. */
export function prefixQuery(text: string): string | null {
  const words = searchWords(text);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(' & ');
}
