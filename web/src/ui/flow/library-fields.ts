/**
 * The form step's field kinds that bring a library of their own: the phone field and its rule
 * (libphonenumber-js) and the date field (date-fns). `loadLibraryFields` downloads them only for a
 * form that has one (FormField, FormStep's checks), so a flow of plain fields (the lead page's
 * e-mail) never does.
 */
import type { FormFieldConfig } from './form-fields';

export type LibraryFields = typeof import('./library-fields-module');

/** The field types whose component or rule needs `loadLibraryFields()`. */
export const LIBRARY_FIELD_TYPES: ReadonlySet<FormFieldConfig['type']> = new Set(['tel', 'date']);

export const needsLibraryFields = (fields: readonly FormFieldConfig[]): boolean => fields.some((field) => LIBRARY_FIELD_TYPES.has(field.type));

let loading: Promise<LibraryFields> | undefined;

/** Downloads the library-backed fields once; a failed download is tried again next time. */
export function loadLibraryFields(): Promise<LibraryFields> {
  loading ??= import('./library-fields-module').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
