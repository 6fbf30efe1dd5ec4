/** Small string helpers with no dependency (the client's first download imports them). */
/**
 * `value` without the runs of `char` at its end (`trimTrailing('/a//', '/')` is '/a') or at both
 * ends. A loop rather than `/x+$/`: a pattern anchored only at its end is tried from every
 * position, which is quadratic in the length of a long run.
 */
export function trimTrailing(value: string, char: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === char) end--;
  return value.slice(0, end);
}

export function trimEdges(value: string, char: string): string {
  let start = 0;
  while (start < value.length && value[start] === char) start++;
  return trimTrailing(value.slice(start), char);
}
