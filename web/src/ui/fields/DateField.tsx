import { useState } from 'react';
import { TextField } from './TextField';
import type { FieldBaseProps } from './FieldFrame';
import { DEFAULT_DATE_FORMAT, dateError, formatHint, formatIsoDay, parseDateText } from './rules/date';
import { useOwnRule } from './use-own-rule';

export interface DateFieldProps extends FieldBaseProps {
  /** A calendar day as an ISO date (2025-03-01), or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** date-fns tokens; MM/dd/yyyy by default (spec 000 §9). */
  format?: string;
}

/** A date typed in the field's format; the value is the ISO day, or null while the text is not a real day. */
export function DateField({ value, onChange, onBlur, error, format = DEFAULT_DATE_FORMAT, hint, ...rest }: DateFieldProps) {
  const [text, setText] = useState(() => formatIsoDay(value, format));
  // A value set from outside replaces the text; an unfinished text the member is typing stays.
  if (parseDateText(text, format) !== (value ?? null)) setText(formatIsoDay(value, format));
  const rule = useOwnRule(error, dateError(text, format));
  return (
    <TextField
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={formatHint(format)}
      hint={hint ?? `Format: ${formatHint(format)}`}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseDateText(event.target.value, format));
      }}
      onBlur={() => {
        rule.touch();
        onBlur?.();
      }}
      error={rule.error}
    />
  );
}
