import { FieldFrame, useFieldIds, type FieldBaseProps } from './FieldFrame';
import { groupOptions, toggleValue, type SelectOption } from './rules/options';
import './fields.css';

export interface MultiSelectFieldProps extends FieldBaseProps {
  options: readonly SelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
}

/**
 * Several choices as a group of checkboxes: every option, its description and its state are plain to
 * keyboard and screen-reader users without a custom widget. Groups get their own sub-heading.
 */
export function MultiSelectField({ options, value, onChange, onBlur, label, hint, error, size = 'md', required, disabled, id, name, className }: MultiSelectFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame as="fieldset" ids={ids} label={label} hint={hint} error={error} size={size} required={required} className={className} variant="field--choices">
      {groupOptions(options).map(({ group, options: list }) => {
        const groupId = group === null ? undefined : `${ids.inputId}-group-${group.replace(/\W+/g, '-')}`;
        return (
          <div key={group ?? ''} className="choice-group" role={groupId ? 'group' : undefined} aria-labelledby={groupId}>
            {groupId && (
              <p className="choice-group__label" id={groupId}>
                {group}
              </p>
            )}
            {list.map((option) => {
              const inputId = `${ids.inputId}-${option.value}`;
              const descriptionId = option.description ? `${inputId}-description` : undefined;
              return (
                <div key={option.value} className="choice">
                  <input
                    id={inputId}
                    type="checkbox"
                    name={name}
                    value={option.value}
                    className="choice__input"
                    checked={value.includes(option.value)}
                    disabled={disabled || option.disabled}
                    aria-invalid={ids.invalid || undefined}
                    aria-describedby={[descriptionId, ids.errorId].filter(Boolean).join(' ') || undefined}
                    onChange={() => onChange(toggleValue(value, option.value))}
                    onBlur={onBlur}
                  />
                  <label htmlFor={inputId} className="choice__label">
                    {option.label}
                  </label>
                  {option.description && (
                    <p id={descriptionId} className="choice__description">
                      {option.description}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        );
      })}
    </FieldFrame>
  );
}
