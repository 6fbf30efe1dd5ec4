import type { InputHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './FieldFrame';
import type { Size } from '../size';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** Always rendered as the input's <label>: every input has a programmatic label. */
  label: string;
  hint?: string | undefined;
  /** The field's validation message; marks the input invalid and is announced with it. */
  error?: string | undefined;
  size?: Size;
}

/**
 * The plain text field (spec 000 §5 'text'): a labelled input with its hint and error tied to it.
 * The other single-line fields (e-mail, URL, phone, number, date) are built on it.
 */
export function TextField({ label, hint, error, size = 'md', id, className, required, ...rest }: TextFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} size={size} required={required} className={className}>
      <input
        {...rest}
        id={ids.inputId}
        required={required}
        className="field__input"
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
}
