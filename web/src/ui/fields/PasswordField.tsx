import { useId, useState } from 'react';
import { PASSWORD_CRITERIA, PASSWORD_STRENGTH_MAX, passwordStrength } from '../../../../domain/auth/password';
import { classNames } from '../size';
import { FieldFrame, useFieldIds, type FieldBaseProps } from './FieldFrame';
import './fields.css';

export interface PasswordFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** 'new-password' for a password being chosen, so browsers offer to generate one. */
  autoComplete?: 'current-password' | 'new-password';
  /**
   * The strength meter (spec 000 §5) under the input: `true` once the field holds text, `'always'`
   * from the start, so the list of what earns a point guides the member before they type.
   */
  showStrength?: boolean | 'always';
}

const SEGMENTS = [1, 2, 3, 4, 5] as const;

/**
 * The password strength meter (spec 000 §5, the rule in domain/auth/password.ts): the score from 0 to
 * 5 as a meter, its label in a polite live region (`id`, for the input's aria-describedby, so a screen
 * reader hears the label change while the member types), and the five things that earn a point.
 */
export function PasswordStrengthMeter({ password, id, className }: { password: string; id?: string; className?: string }) {
  const { score, label, met } = passwordStrength(password);
  const generated = useId();
  const summaryId = id ?? `${generated}-summary`;
  return (
    <div className={classNames('strength-meter', className)} data-score={score}>
      <div
        className="strength-meter__bar"
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={PASSWORD_STRENGTH_MAX}
        aria-valuenow={score}
        aria-valuetext={`${label}, ${score} of ${PASSWORD_STRENGTH_MAX}`}
      >
        {SEGMENTS.map((segment) => (
          <span key={segment} className={classNames('strength-meter__segment', segment <= score && 'strength-meter__segment--on')} />
        ))}
      </div>
      <p className="strength-meter__summary" id={summaryId} aria-live="polite">
        Password strength: <strong className="strength-meter__label">{label}</strong>
      </p>
      <ul className="strength-meter__criteria" aria-label="What makes a strong password">
        {PASSWORD_CRITERIA.map((criterion) => (
          <li key={criterion.id} className={classNames('strength-meter__criterion', met[criterion.id] && 'strength-meter__criterion--met')}>
            <span className="strength-meter__mark" aria-hidden="true">
              {met[criterion.id] && (
                <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" focusable="false">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
              )}
            </span>
            {criterion.text}
            <span className="visually-hidden">{met[criterion.id] ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A password with a Show/Hide switch and, when asked, the strength meter, read with the field. The
 * one password input of the product: sign-in, registration, the security page, re-authentication.
 */
export function PasswordField({
  value,
  onChange,
  onBlur,
  label,
  hint,
  error,
  size = 'md',
  required,
  disabled,
  id,
  name,
  className,
  placeholder,
  autoComplete = 'current-password',
  showStrength = false,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const meterShown = showStrength === 'always' || (showStrength && value !== '');
  const ids = useFieldIds(id, hint, error, (inputId) => [meterShown ? `${inputId}-strength` : undefined]);
  const meterId = `${ids.inputId}-strength`;
  return (
    <FieldFrame
      ids={ids}
      label={label}
      hint={hint}
      error={error}
      size={size}
      required={required}
      className={className}
      footer={meterShown && <PasswordStrengthMeter password={value} id={meterId} />}
    >
      <span className="field__control">
        <input
          id={ids.inputId}
          name={name}
          className="field__input field__input--with-action"
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          placeholder={placeholder}
          required={required}
          disabled={disabled}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        <button
          type="button"
          className="field__action"
          aria-controls={ids.inputId}
          // The name says what pressing does (no aria-pressed as well: a name that flips and a pressed state would contradict).
          aria-label={visible ? 'Hide password' : 'Show password'}
          disabled={disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </span>
    </FieldFrame>
  );
}
