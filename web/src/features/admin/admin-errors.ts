/**
 * What a refused call says, read from a tRPC error: its message (the server's, word for word) and
 * the fields it names (`data.errors`, the envelope's `errors`), so a form can show each under its field.
 */
export const FALLBACK_MESSAGE = 'An error occurred';

export interface FieldFailure {
  path: string;
  message: string;
}

export interface Failure {
  message: string;
  fields: FieldFailure[];
  status: number | undefined;
}

export function failureOf(error: unknown): Failure {
  if (typeof error !== 'object' || error === null) return { message: FALLBACK_MESSAGE, fields: [], status: undefined };
  const { message, data } = error as { message?: unknown; data?: { errors?: unknown; httpStatus?: unknown } | null };
  const fields = Array.isArray(data?.errors)
    ? (data.errors as unknown[]).filter((e): e is FieldFailure => typeof e === 'object' && e !== null && typeof (e as FieldFailure).path === 'string' && typeof (e as FieldFailure).message === 'string')
    : [];
  return {
    message: typeof message === 'string' && message.trim() !== '' ? message : FALLBACK_MESSAGE,
    fields,
    status: typeof data?.httpStatus === 'number' ? data.httpStatus : undefined,
  };
}
