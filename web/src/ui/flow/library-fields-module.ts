/** What `loadLibraryFields()` (library-fields.ts) downloads: the fields and the rule that need a library. */
export { DateField } from '../fields/DateField';
export { PhoneField } from '../fields/PhoneField';
export { phoneError } from '../fields/rules/phone';
