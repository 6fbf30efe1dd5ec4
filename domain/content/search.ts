/**
 * Turning what a member types into the words of a text search: every word must match, each as a
 * prefix (`virt selfish` finds "The Virtue of Selfishness"). Only letters and digits are kept, so
 * no input can break the query's syntax.
 */
export const MAX_SEARCH_WORDS = 8;

export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}
