import { FieldFrame, useFieldIds, type FieldBaseProps } from './FieldFrame';
import './fields.css';

export interface ToggleFieldProps extends FieldBaseProps {
  value: boolean;
  onChange: (value: boolean) => void;
  onBlur?: () => void;
}

/** An on/off setting: a native checkbox with the switch role, so Space toggles it and it reads as on or off. */
export function ToggleField({ value, onChange, onBlur, label, hint, error, size = 'md', required, disabled, id, name, className }: ToggleFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} size={size} required={required} className={className} variant="field--toggle">
      <input
        id={ids.inputId}
        name={name}
        type="checkbox"
        role="switch"
        className="toggle"
        checked={value}
        required={required}
        disabled={disabled}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
      />
    </FieldFrame>
  );
}
