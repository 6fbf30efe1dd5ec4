import { describe, expect, it } from 'vitest';
import {
  emptyValue,
  fieldErrors,
  FIELD_WIDTHS,
  initialValues,
  submittedValues,
  widthClass,
  type FormFieldConfig,
} from '../../../web/src/ui/flow/form-fields';
import { phoneError } from '../../../web/src/ui/fields/rules/phone';

/** The phone rule comes with its library (web/src/ui/flow/library-fields.ts); FormStep passes what loadLibraryFields() gave. */
const rules = { phoneError };

const fields: FormFieldConfig[] = [
  { name: 'email', type: 'email', label: 'Email', required: true },
  { name: 'role', type: 'select', label: 'Role', options: [{ value: 'teacher', label: 'Teacher' }] },
  { name: 'school', type: 'text', label: 'School name', required: true, conditionallyRender: (v) => v.role === 'teacher' },
  { name: 'website', type: 'url', label: 'Website' },
  { name: 'phone', type: 'tel', label: 'Phone', fieldProps: { usCanadaOnly: true } },
  { name: 'source', type: 'text', label: 'Source', hidden: true, required: true },
  { name: 'terms', type: 'toggle', label: 'I accept the terms', required: true },
  { name: 'grades', type: 'multiselect', label: 'Grades', required: true },
];

describe('generic form step: widths', () => {
  it('knows the six widths and their grid classes', () => {
    expect(FIELD_WIDTHS).toEqual(['full', '1/2', '1/3', '2/3', '1/4', '3/4']);
    expect(widthClass('1/2')).toBe('form-step__cell--1-2');
    expect(widthClass('3/4')).toBe('form-step__cell--3-4');
    expect(widthClass()).toBe('form-step__cell--full');
  });
});

describe('generic form step: values', () => {
  it('starts each type empty in its own way, keeping given values', () => {
    expect(emptyValue('number')).toBeNull();
    expect(emptyValue('tag')).toEqual([]);
    expect(emptyValue('toggle')).toBe(false);
    expect(emptyValue('searchableSelect')).toBe('');
    expect(initialValues(fields.slice(0, 2), { role: 'teacher' })).toEqual({ email: '', role: 'teacher' });
  });

  it('leaves out the values of fields that are not rendered now, and keeps hidden ones', () => {
    const values = { email: 'a@b.co', role: 'student', school: 'Old School', source: 'home' };
    expect(submittedValues(fields, values)).toEqual({ email: 'a@b.co', role: 'student', source: 'home' });
    expect(submittedValues(fields, { ...values, role: 'teacher' })).toHaveProperty('school', 'Old School');
  });
});

describe('generic form step: field checks', () => {
  const valid = { email: 'a@b.co', role: '', school: '', website: '', phone: '', source: '', terms: true, grades: ['k'] };

  it('passes a complete form', () => {
    expect(fieldErrors(fields, valid, rules)).toEqual({});
  });

  it('says "{Label} is required" for required shown fields, a switch counting only when on', () => {
    expect(fieldErrors(fields, { ...valid, email: ' ', terms: false, grades: [] }, rules)).toEqual({
      email: 'Email is required',
      terms: 'I accept the terms is required',
      grades: 'Grades is required',
    });
  });

  it('checks a conditional field only while it is rendered', () => {
    expect(fieldErrors(fields, { ...valid, role: 'teacher' }, rules)).toEqual({ school: 'School name is required' });
  });

  it('checks a phone number only with the phone rule it is given, which a form with a phone field loads first', () => {
    expect(() => fieldErrors(fields, { ...valid, phone: '+1 212 555 0123' })).toThrow('A phone field is checked with the phone rule');
    expect(fieldErrors([{ name: 'email', type: 'email', label: 'Email' }], { email: 'a@b.co' })).toEqual({});
  });

  it('applies the rule of each type with the spec messages', () => {
    expect(fieldErrors(fields, { ...valid, email: 'nope', website: 'ftp://x.org', phone: '+44 20 7946 0958' }, rules)).toEqual({
      email: 'Please enter a valid email address.',
      website: 'Please enter a valid URL',
      phone: 'Only US and Canadian phone numbers are accepted at this time',
    });
  });
});
