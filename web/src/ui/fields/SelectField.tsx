import { FieldFrame, useFieldIds, type FieldBaseProps } from './FieldFrame';
import { groupOptions, type SelectOption } from './rules/options';
import './fields.css';

export interface SelectFieldProps extends FieldBaseProps {
  options: readonly SelectOption[];
  /** '' when nothing is chosen. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The empty first choice; 'Select an option' by default. */
  placeholder?: string;
}

/**
 * A native select (spec 000 §3 options: value, label, disabled, group, description): groups become
 * optgroups. A native option cannot show a description, so the chosen option's description shows
 * under the select and is part of the select's description (read with it, seen on touch screens too);
 * the searchable select shows every option's description in its list.
 */
export function SelectField({ options, value, onChange, onBlur, placeholder = 'Select an option', label, hint, error, size = 'md', required, disabled, id, name, className }: SelectFieldProps) {
  const description = options.find((option) => option.value === value && value !== '')?.description;
  const descriptionId = (inputId: string) => `${inputId}-option-description`;
  const ids = useFieldIds(id, hint, error, (inputId) => [description ? descriptionId(inputId) : undefined]);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} size={size} required={required} className={className}>
      <select
        id={ids.inputId}
        name={name}
        className="field__input field__select"
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{placeholder}</option>
        {groupOptions(options).map(({ group, options: list }) => {
          const rendered = list.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ));
          return group === null ? rendered : (
            <optgroup key={group} label={group}>
              {rendered}
            </optgroup>
          );
        })}
      </select>
      {description && (
        <p className="field__hint" id={descriptionId(ids.inputId)}>
          {description}
        </p>
      )}
    </FieldFrame>
  );
}
