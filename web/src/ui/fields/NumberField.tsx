import { useState } from 'react';
import { TextField } from './TextField';
import type { FieldBaseProps } from './FieldFrame';
import { isAcceptedNumberText, numberToText, parseNumberText, type NumberRules } from './rules/number';

export interface NumberFieldProps extends FieldBaseProps, NumberRules {
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  placeholder?: string;
}

/**
 * A number typed as text (spec 000 §5): a keystroke that would break the rules (a minus when negatives
 * are blocked, a point when decimals are, one decimal place too many, a letter) is not taken.
 * A text input with inputMode rather than type=number, which lets letters and 'e' through and
 * changes the value on scroll.
 */
export function NumberField({ value, onChange, onBlur, allowNegative, allowDecimals, maxDecimalPlaces, ...rest }: NumberFieldProps) {
  const rules: NumberRules = { allowNegative, allowDecimals, maxDecimalPlaces };
  const [text, setText] = useState(() => numberToText(value));
  // A value set from outside replaces the text; the member's own partial text ('1.', '-') stays.
  if (parseNumberText(text) !== (value ?? null)) setText(numberToText(value));
  return (
    <TextField
      {...rest}
      type="text"
      inputMode={allowDecimals === false ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        if (!isAcceptedNumberText(next, rules)) return;
        setText(next);
        onChange(parseNumberText(next));
      }}
      onBlur={onBlur}
    />
  );
}
