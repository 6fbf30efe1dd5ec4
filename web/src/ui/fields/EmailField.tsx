import { TextField } from './TextField';
import type { FieldBaseProps } from './FieldFrame';
import { emailError } from './rules/email';
import { useOwnRule } from './use-own-rule';

export interface EmailFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  autoComplete?: string;
  /** The words for a malformed address; the login and register forms say 'Invalid email format' (spec 000 §5). */
  invalidMessage?: string;
}

/** An e-mail address: 'Please enter a valid email address.' once the member leaves a malformed one (spec 000 §5). */
export function EmailField({ value, onChange, onBlur, error, autoComplete = 'email', invalidMessage, ...rest }: EmailFieldProps) {
  const own = emailError(value);
  const rule = useOwnRule(error, own && (invalidMessage ?? own));
  return (
    <TextField
      {...rest}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        rule.touch();
        onBlur?.();
      }}
      error={rule.error}
    />
  );
}
