/**
 * The generic form step's rules (spec 001 §2, §3 "Form field"): which fields show, what each starts
 * as, and the checks each type brings before the form's own schema runs. Pure, so they are tested
 * without a browser.
 */
import type { CountryCode } from 'libphonenumber-js';
import { emailError } from '../fields/rules/email';
import type { SelectOption } from '../fields/rules/options';
import type { phoneError } from '../fields/rules/phone';
import { isFilled, requiredMessage } from '../fields/rules/required';
import { urlError } from '../fields/rules/url';

export const FORM_FIELD_TYPES = [
  'text',
  'email',
  'password',
  'number',
  'tel',
  'url',
  'select',
  'textarea',
  'date',
  'toggle',
  'multiselect',
  'tag',
  'searchableSelect',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const FIELD_WIDTHS = ['full', '1/2', '1/3', '2/3', '1/4', '3/4'] as const;
export type FieldWidth = (typeof FIELD_WIDTHS)[number];

export type FormValues = Record<string, unknown>;

/** Form field (spec 001 §3). */
export interface FormFieldConfig {
  name: string;
  type: FormFieldType;
  label: string;
  placeholder?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  /** Kept in the values and sent, never shown (an id, a source the page fills in). */
  hidden?: boolean;
  width?: FieldWidth;
  options?: SelectOption[];
  /** Passed to the field component as they are: maxLength, usCanadaOnly, allowNegative, format, variant... */
  fieldProps?: Record<string, unknown>;
  /** Shown only while this answers true for the current values; a field not shown is not sent. */
  conditionallyRender?: (values: FormValues) => boolean;
}

export interface FormFieldGroup {
  title?: string;
  description?: string;
  fields: FormFieldConfig[];
}

/** The CSS modifier of a width: '1/2' -> 'form-step__cell--1-2'. */
export function widthClass(width: FieldWidth = 'full'): string {
  return `form-step__cell--${width.replace('/', '-')}`;
}

/** What a field holds before anything is typed. */
export function emptyValue(type: FormFieldType): unknown {
  switch (type) {
    case 'number':
    case 'date':
      return null;
    case 'toggle':
      return false;
    case 'multiselect':
    case 'tag':
      return [];
    default:
      return '';
  }
}

export function initialValues(fields: readonly FormFieldConfig[], given: FormValues = {}): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.name in given ? given[field.name] : emptyValue(field.type)]));
}

/** Whether a field is part of the form now: its condition holds (hidden fields are part of it, unseen). */
export function isRendered(field: FormFieldConfig, values: FormValues): boolean {
  return field.conditionallyRender ? field.conditionallyRender(values) : true;
}

/** The values to validate and send: those of fields not rendered right now are left out. */
export function submittedValues(fields: readonly FormFieldConfig[], values: FormValues): FormValues {
  const dropped = new Set(fields.filter((field) => !isRendered(field, values)).map((field) => field.name));
  return Object.fromEntries(Object.entries(values).filter(([name]) => !dropped.has(name)));
}

/**
 * The message each shown field gives before the form's schema runs: '{Label} is required' for an empty
 * required field, then the rule its type carries (e-mail, URL, phone). Hidden and conditionally
 * absent fields are not checked here; the schema may still check them.
 */
/** The rules that come with a library (library-fields.ts): needed when the fields include a phone number. */
export interface LibraryRules {
  phoneError?: typeof phoneError;
}

export function fieldErrors(fields: readonly FormFieldConfig[], values: FormValues, rules: LibraryRules = {}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.hidden || !isRendered(field, values)) continue;
    const value = values[field.name];
    // A required switch ('I accept the terms') is given only when it is on.
    const given = field.type === 'toggle' ? value === true : isFilled(value);
    if (!given) {
      if (field.required) errors[field.name] = requiredMessage(field.label);
      continue;
    }
    const message = typeRuleError(field, value, rules);
    if (message) errors[field.name] = message;
  }
  return errors;
}

function typeRuleError(field: FormFieldConfig, value: unknown, rules: LibraryRules): string | null {
  if (typeof value !== 'string') return null;
  const props = field.fieldProps ?? {};
  switch (field.type) {
    case 'email':
      return emailError(value);
    case 'url':
      return urlError(value, Array.isArray(props.protocols) ? (props.protocols as string[]) : undefined);
    case 'tel':
      if (!rules.phoneError) throw new Error('A phone field is checked with the phone rule: pass the rules of loadLibraryFields()');
      return rules.phoneError(value, {
        ...(typeof props.defaultCountry === 'string' ? { defaultCountry: props.defaultCountry as CountryCode } : {}),
        usCanadaOnly: props.usCanadaOnly === true,
      });
    default:
      return null;
  }
}
