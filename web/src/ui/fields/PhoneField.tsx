import type { CountryCode } from 'libphonenumber-js';
import { TextField } from './TextField';
import type { FieldBaseProps } from './FieldFrame';
import { DEFAULT_PHONE_COUNTRY, formatPhone, phoneError } from './rules/phone';
import { useOwnRule } from './use-own-rule';

export interface PhoneFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** The country of a number typed without +; US by default (spec 000 §9). */
  defaultCountry?: CountryCode;
  /** Accept only US and Canadian numbers. */
  usCanadaOnly?: boolean;
}

/**
 * A phone number checked by country (spec 000 §5). A valid number is rewritten in the international
 * format on blur, so what is stored always names its country.
 */
export function PhoneField({ value, onChange, onBlur, error, defaultCountry = DEFAULT_PHONE_COUNTRY, usCanadaOnly = false, ...rest }: PhoneFieldProps) {
  const rules = { defaultCountry, usCanadaOnly };
  const rule = useOwnRule(error, phoneError(value, rules));
  return (
    <TextField
      {...rest}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        const formatted = formatPhone(value, rules);
        if (formatted !== value) onChange(formatted);
        rule.touch();
        onBlur?.();
      }}
      error={rule.error}
    />
  );
}
