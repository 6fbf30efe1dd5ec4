import { useId, type InputHTMLAttributes } from 'react';
import { classNames, type Size } from './size';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** Always rendered as the input's <label>: every input has a programmatic label. */
  label: string;
  hint?: string;
  /** The field's validation message; marks the input invalid and is announced with it. */
  error?: string | undefined;
  size?: Size;
}

export function TextField({ label, hint, error, size = 'md', id, className, required, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={classNames('field', `field--${size}`, error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {required && <span className="field__required"> (required)</span>}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <input
        {...rest}
        id={inputId}
        required={required}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
