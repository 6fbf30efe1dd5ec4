import { useRef } from 'react';
import { FieldFrame, useFieldIds, type FieldBaseProps } from './FieldFrame';
import { DEFAULT_OTP_LENGTH, deleteOtpDigit, enterOtpText, isCompleteOtp } from './rules/otp';
import './fields.css';

export interface OtpFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once every box holds a digit. */
  onComplete?: (code: string) => void;
  /** 6 by default (spec 000 §9). */
  length?: number;
  autoFocus?: boolean;
}

/**
 * A one-time code in one box per digit (spec 000 §5): digits only, focus moves on as digits are typed,
 * Backspace goes back, a pasted code fills the boxes, and the browser may fill it from an SMS.
 */
export function OtpField({ value, onChange, onComplete, length = DEFAULT_OTP_LENGTH, autoFocus, label, hint, error, size = 'md', required, disabled, id, name, className }: OtpFieldProps) {
  const ids = useFieldIds(id, hint, error);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  const apply = (next: { code: string; focus: number }) => {
    if (next.code !== value) {
      onChange(next.code);
      if (isCompleteOtp(next.code, length)) onComplete?.(next.code);
    }
    boxes.current[next.focus]?.focus();
  };

  return (
    <FieldFrame as="fieldset" ids={ids} label={label} hint={hint} error={error} size={size} required={required} className={className} variant="field--otp">
      <div className="otp">
        {Array.from({ length }, (_, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            id={index === 0 ? ids.inputId : `${ids.inputId}-${index}`}
            name={index === 0 ? name : undefined}
            className="field__input otp__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // A code screen has one task, typing the code, so its first box may take the focus.
            autoFocus={autoFocus && index === 0}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={ids.invalid || undefined}
            aria-describedby={index === 0 ? ids.describedBy : ids.errorId}
            required={required}
            disabled={disabled}
            value={value[index] ?? ''}
            onFocus={(event) => event.target.select()}
            onChange={(event) => {
              // The box's own digit is selected on focus, so what is typed replaces it; keep the last digit typed.
              const typed = event.target.value.replace(value[index] ?? '', '') || event.target.value;
              apply(enterOtpText(value, index, typed, length));
            }}
            onPaste={(event) => {
              event.preventDefault();
              apply(enterOtpText(value, index, event.clipboardData.getData('text'), length));
            }}
            onKeyDown={(event) => {
              if (event.key === 'Backspace') {
                event.preventDefault();
                apply(deleteOtpDigit(value, index));
              } else if (event.key === 'ArrowLeft' && index > 0) {
                event.preventDefault();
                boxes.current[index - 1]?.focus();
              } else if (event.key === 'ArrowRight' && index < Math.min(value.length, length - 1)) {
                event.preventDefault();
                boxes.current[index + 1]?.focus();
              }
            }}
          />
        ))}
      </div>
    </FieldFrame>
  );
}
