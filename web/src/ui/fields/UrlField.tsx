import { TextField } from './TextField';
import type { FieldBaseProps } from './FieldFrame';
import { DEFAULT_URL_PROTOCOLS, urlError, withDefaultProtocol } from './rules/url';
import { useOwnRule } from './use-own-rule';

export interface UrlFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** Accepted protocols without the colon; http and https by default. */
  protocols?: readonly string[];
}

/** A web address (spec 000 §5): https:// is added on blur when none is typed; 'Please enter a valid URL' otherwise. */
export function UrlField({ value, onChange, onBlur, error, protocols = DEFAULT_URL_PROTOCOLS, ...rest }: UrlFieldProps) {
  const rule = useOwnRule(error, urlError(value, protocols));
  return (
    <TextField
      {...rest}
      type="url"
      inputMode="url"
      autoComplete="url"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        const completed = withDefaultProtocol(value);
        if (completed !== value) onChange(completed);
        rule.touch();
        onBlur?.();
      }}
      error={rule.error}
    />
  );
}
