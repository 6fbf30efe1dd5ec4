import type { ReactNode } from 'react';
import { DateField, MultiSelectField, NumberField, SelectField, TagField, TextAreaField, TextField, ToggleField, type Tag } from '../../ui/fields';
import type { ContentFieldSpec } from './content-form';
import { ReferencePicker } from './ReferencePicker';

export interface ContentFieldControlProps {
  field: ContentFieldSpec;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
  labels: Record<string, string>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);
const toTags = (value: unknown): Tag[] => strings(value).map((label) => ({ id: label.trim().toLowerCase(), label }));

/** An ISO instant as the `datetime-local` control shows it: the reader's own clock, to the minute. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What a `datetime-local` control holds, as an ISO instant with its offset (the schema wants one). */
export function fromLocalInput(local: string): string {
  if (local === '') return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

const LONG = new Set(['contentText', 'transcript', 'transcription']);

/** One field of the content form, drawn with the library component of its kind (ui/fields). */
export function ContentFieldControl({ field, id, value, onChange, onBlur, error, labels }: ContentFieldControlProps): ReactNode {
  const common = { id, name: field.name, label: field.label, hint: field.hint, error, required: field.required, onBlur };
  switch (field.widget) {
    case 'text':
      return <TextField {...common} type="text" value={text(value)} onChange={(event) => onChange(event.target.value)} />;
    case 'url':
      return <TextField {...common} type="url" inputMode="url" autoComplete="url" value={text(value)} onChange={(event) => onChange(event.target.value)} />;
    case 'email':
      return <TextField {...common} type="email" inputMode="email" autoComplete="off" value={text(value)} onChange={(event) => onChange(event.target.value)} />;
    case 'textarea':
      return <TextAreaField {...common} rows={LONG.has(field.name) ? 12 : 4} value={text(value)} onChange={onChange} />;
    case 'json':
      return <TextAreaField {...common} rows={6} className="admin-json" value={text(value)} onChange={onChange} />;
    case 'number':
      return <NumberField {...common} allowNegative={false} allowDecimals={false} value={typeof value === 'number' ? value : null} onChange={onChange} />;
    case 'decimal':
      return <NumberField {...common} allowNegative={false} allowDecimals maxDecimalPlaces={2} value={typeof value === 'number' ? value : null} onChange={onChange} />;
    case 'date':
      return <DateField {...common} value={typeof value === 'string' && value !== '' ? value : null} onChange={onChange} />;
    case 'datetime':
      return <TextField {...common} type="datetime-local" value={text(value) && toLocalInput(text(value))} onChange={(event) => onChange(fromLocalInput(event.target.value))} />;
    case 'toggle':
      return <ToggleField {...common} value={value === true} onChange={onChange} />;
    case 'select':
      return <SelectField {...common} options={field.options ?? []} value={text(value)} onChange={onChange} placeholder={field.placeholder ?? 'None'} />;
    case 'choices':
      return <MultiSelectField {...common} options={field.options ?? []} value={strings(value)} onChange={onChange} />;
    case 'tags':
      return <TagField {...common} value={toTags(value)} onChange={(tags) => onChange(tags.map((tag) => tag.label))} />;
    case 'reference':
      return <ReferencePicker {...common} target={field.target} labels={labels} value={text(value)} onChange={onChange} />;
  }
}
