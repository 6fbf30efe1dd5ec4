/**
 * What stops a start once the configuration has been read: a database or Redis that does not
 * answer, a port that cannot be listened on. Its message is one line naming the variable to fix,
 * where that variable points (a URL never with its password) and why.
 */
export class StartError extends Error {
  constructor(
    readonly variable: string,
    where: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${variable} (${where}): ${reason}`, options);
    this.name = 'StartError';
  }
}

/**
 * The first line of what went wrong. A connect that tried several addresses (`localhost`) fails
 * with an AggregateError that has no message of its own: its first error says it.
 */
export function errorReason(error: unknown): string {
  const first = error instanceof AggregateError && !error.message && error.errors.length > 0 ? error.errors[0] : error;
  const text = first instanceof Error ? first.message || (first as NodeJS.ErrnoException).code || first.name : String(first);
  return text.split('\n')[0]!.trim();
}
