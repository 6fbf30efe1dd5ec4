import { useId, type ReactNode } from 'react';
import { classNames, type Size } from '../size';

/** What every field takes beside its value: the label is required, so every input is labelled. */
export interface FieldBaseProps {
  label: string;
  hint?: string | undefined;
  /** A message from outside (a form's schema, a server answer); shown instead of the field's own rule message. */
  error?: string | undefined;
  size?: Size;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  id?: string | undefined;
  name?: string | undefined;
  className?: string | undefined;
}

export interface FieldIds {
  inputId: string;
  labelId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** The hint and error ids for aria-describedby, or undefined when there are none. */
  describedBy: string | undefined;
  invalid: boolean;
}

/**
 * The ids that tie a field's label, hint, error and any extra description (a counter, a strength
 * meter, instructions; named from the input id) to its input.
 */
export function useFieldIds(
  id: string | undefined,
  hint: string | undefined,
  error: string | null | undefined,
  extra: (inputId: string) => Array<string | undefined> = () => [],
): FieldIds {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, ...extra(inputId), errorId].filter(Boolean).join(' ') || undefined;
  return { inputId, labelId: `${inputId}-label`, hintId, errorId, describedBy, invalid: Boolean(error) };
}

interface FieldFrameProps {
  ids: FieldIds;
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  size: Size;
  required?: boolean | undefined;
  className?: string | undefined;
  /** A group of inputs (checkboxes, code boxes) is a fieldset with the label as its legend. */
  as?: 'div' | 'fieldset';
  /** Extra modifier classes for the frame, e.g. 'field--toggle'. */
  variant?: string;
  children: ReactNode;
  /** Shown under the error, so the message stays next to the input (a password's strength meter). */
  footer?: ReactNode;
}

/**
 * The label, hint and error around a field, with the same classes and ids as ui/TextField, so every
 * field of the product looks and reads alike.
 */
export function FieldFrame({ ids, label, hint, error, size, required, className, as = 'div', variant, children, footer }: FieldFrameProps) {
  const frameClass = classNames('field', `field--${size}`, error && 'field--invalid', variant, className);
  const labelContent = (
    <>
      {label}
      {required && <span className="field__required"> (required)</span>}
    </>
  );
  const messages = error && (
    <p className="field__error" id={ids.errorId}>
      {error}
    </p>
  );
  const hintNode = hint && (
    <p className="field__hint" id={ids.hintId}>
      {hint}
    </p>
  );
  if (as === 'fieldset') {
    return (
      <fieldset className={classNames(frameClass, 'field--group')} aria-describedby={ids.describedBy}>
        <legend className="field__label" id={ids.labelId}>
          {labelContent}
        </legend>
        {hintNode}
        {children}
        {messages}
        {footer}
      </fieldset>
    );
  }
  return (
    <div className={frameClass}>
      <label className="field__label" htmlFor={ids.inputId} id={ids.labelId}>
        {labelContent}
      </label>
      {hintNode}
      {children}
      {messages}
      {footer}
    </div>
  );
}

/**
 * The message a field shows: one from outside wins; the field's own rule speaks once the member has
 * left the field (never while they are still typing the first time).
 */
export function shownError(outside: string | undefined, own: string | null, touched: boolean): string | undefined {
  if (outside) return outside;
  return touched && own ? own : undefined;
}
