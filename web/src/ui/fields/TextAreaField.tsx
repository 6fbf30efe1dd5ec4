import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds, type FieldBaseProps } from './FieldFrame';
import { characterCount, remainingText } from './rules/text-length';
import './fields.css';

export interface TextAreaFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  rows?: number;
  /** When given, typing stops at this many characters and a counter shows '12/500'. */
  maxLength?: number;
  autoComplete?: TextareaHTMLAttributes<HTMLTextAreaElement>['autoComplete'];
}

/** Multi-line text (spec 000 §5) with an optional maximum length and its counter, read with the field. */
export function TextAreaField({ value, onChange, onBlur, placeholder, rows = 4, maxLength, autoComplete, label, hint, error, size = 'md', required, disabled, id, name, className }: TextAreaFieldProps) {
  const ids = useFieldIds(id, hint, error, (inputId) => [maxLength !== undefined ? `${inputId}-counter` : undefined]);
  const count = maxLength !== undefined ? characterCount(value, maxLength) : null;
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} size={size} required={required} className={className}>
      <textarea
        id={ids.inputId}
        name={name}
        className="field__input field__textarea"
        rows={rows}
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {count && (
        <p id={`${ids.inputId}-counter`} className={count.remaining === 0 ? 'field__counter field__counter--full' : 'field__counter'}>
          <span aria-hidden="true">{count.text}</span>
          <span className="visually-hidden">{remainingText(count)}</span>
        </p>
      )}
    </FieldFrame>
  );
}
