import { lazy, Suspense, type ReactNode } from 'react';
import { TextField } from '../fields/TextField';
import { EmailField } from '../fields/EmailField';
import { MultiSelectField } from '../fields/MultiSelectField';
import { NumberField } from '../fields/NumberField';
import { PasswordField } from '../fields/PasswordField';
import { SearchableSelectField } from '../fields/SearchableSelectField';
import { SelectField } from '../fields/SelectField';
import { TagField } from '../fields/TagField';
import { TextAreaField } from '../fields/TextAreaField';
import { ToggleField } from '../fields/ToggleField';
import { UrlField } from '../fields/UrlField';
import type { Tag } from '../fields/rules/tags';
import type { Size } from '../size';
import type { FormFieldConfig } from './form-fields';
import { loadLibraryFields } from './library-fields';

// The phone and date fields bring a library each: downloaded only by a form that has one (library-fields.ts).
const PhoneField = lazy(() => loadLibraryFields().then((fields) => ({ default: fields.PhoneField })));
const DateField = lazy(() => loadLibraryFields().then((fields) => ({ default: fields.DateField })));

export interface FormFieldProps {
  field: FormFieldConfig;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
  size: Size;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = <T,>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);
const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** One configured field as the library component of its type. */
export function FormField({ field, id, value, onChange, onBlur, error, size }: FormFieldProps): ReactNode {
  const common = {
    id,
    name: field.name,
    label: field.label,
    hint: field.helperText,
    error,
    size,
    required: field.required,
    disabled: field.disabled,
    onBlur,
    ...field.fieldProps,
  };
  const placeholder = field.placeholder !== undefined ? { placeholder: field.placeholder } : {};
  switch (field.type) {
    case 'text':
      return <TextField {...common} {...placeholder} type="text" value={text(value)} onChange={(event) => onChange(event.target.value)} />;
    case 'email':
      return <EmailField {...common} {...placeholder} value={text(value)} onChange={onChange} />;
    case 'password':
      return <PasswordField {...common} {...placeholder} value={text(value)} onChange={onChange} />;
    case 'number':
      return <NumberField {...common} {...placeholder} value={numberOrNull(value)} onChange={onChange} />;
    case 'tel':
      return (
        <Suspense fallback={null}>
          <PhoneField {...common} {...placeholder} value={text(value)} onChange={onChange} />
        </Suspense>
      );
    case 'url':
      return <UrlField {...common} {...placeholder} value={text(value)} onChange={onChange} />;
    case 'select':
      return <SelectField {...common} {...placeholder} options={field.options ?? []} value={text(value)} onChange={onChange} />;
    case 'searchableSelect':
      return <SearchableSelectField {...common} {...placeholder} options={field.options ?? []} value={text(value)} onChange={onChange} />;
    case 'multiselect':
      return <MultiSelectField {...common} options={field.options ?? []} value={list<string>(value)} onChange={onChange} />;
    case 'textarea':
      return <TextAreaField {...common} {...placeholder} value={text(value)} onChange={onChange} />;
    case 'date':
      return (
        <Suspense fallback={null}>
          <DateField {...common} value={typeof value === 'string' ? value : null} onChange={onChange} />
        </Suspense>
      );
    case 'toggle':
      return <ToggleField {...common} value={value === true} onChange={onChange} />;
    case 'tag':
      return <TagField {...common} {...placeholder} value={list<Tag>(value)} onChange={onChange} />;
  }
}
