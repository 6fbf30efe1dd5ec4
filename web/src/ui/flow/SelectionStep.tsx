import { useId, useState, type ReactNode } from 'react';
import { Button } from '../Button';
import { classNames, type Size } from '../size';
import { stepFailureMessage } from './failure';
import type { FlowStepProps } from './step';
import './flow.css';

/** Selection option (spec 001 §3). */
export interface SelectionOption {
  value: string;
  label: string;
  description?: string;
  icon?: ReactNode;
  /** The recommended choice: it carries the 'Recommended' badge. */
  primary?: boolean;
  disabled?: boolean;
}

export const RECOMMENDED_LABEL = 'Recommended';

/** Spec 001 §5: the step cannot continue without a selection, and a disabled option is no selection. */
export function canContinue(options: readonly SelectionOption[], selected: string | null | undefined): boolean {
  return options.some((option) => option.value === selected && !option.disabled);
}

export interface SelectionStepProps extends Partial<FlowStepProps> {
  /** Names the choice for assistive technology (the group's legend). */
  label: string;
  options: SelectionOption[];
  /** Called with the chosen value; inside a flow the value is also handed to the flow. */
  onContinue?: (value: string) => void | Promise<void>;
  continueLabel?: string;
  size?: Size;
}

/**
 * The selection step (spec 001 §2): option cards as one radio group (arrow keys move, Space chooses),
 * a 'Recommended' badge on the primary option, disabled options, and 'Continue', which stays disabled
 * until an enabled option is chosen.
 */
export function SelectionStep({ label, options, onContinue, continueLabel = 'Continue', size = 'md', data, setData, next, fail }: SelectionStepProps) {
  const name = useId();
  const [selected, setSelected] = useState<string | null>(typeof data === 'string' ? data : null);
  const [busy, setBusy] = useState(false);
  const ready = canContinue(options, selected);

  const proceed = async () => {
    if (!ready || selected === null) return;
    setBusy(true);
    try {
      await onContinue?.(selected);
      await next?.(selected);
    } catch (error) {
      fail?.(stepFailureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="selection-step">
      <fieldset className="selection">
        <legend className="selection__legend">{label}</legend>
        <div className="selection__options">
          {options.map((option) => {
            const id = `${name}-${option.value}`;
            const descriptionId = option.description ? `${id}-description` : undefined;
            const badgeId = option.primary ? `${id}-badge` : undefined;
            return (
              <label key={option.value} htmlFor={id} className={classNames('selection-card', option.disabled && 'selection-card--disabled')}>
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={option.value}
                  className="selection-card__input"
                  checked={selected === option.value}
                  disabled={option.disabled}
                  // The option's name is its label alone; the badge and description are read as its description.
                  aria-labelledby={`${id}-label`}
                  aria-describedby={[badgeId, descriptionId].filter(Boolean).join(' ') || undefined}
                  onChange={() => {
                    setSelected(option.value);
                    setData?.(option.value);
                  }}
                />
                <span className="selection-card__body">
                  {option.icon && (
                    <span className="selection-card__icon" aria-hidden="true">
                      {option.icon}
                    </span>
                  )}
                  <span id={`${id}-label`} className="selection-card__label">
                    {option.label}
                  </span>
                  {option.primary && (
                    <span id={badgeId} className="badge selection-card__badge">
                      {RECOMMENDED_LABEL}
                    </span>
                  )}
                  {option.description && (
                    <span id={descriptionId} className="selection-card__description">
                      {option.description}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="form-step__actions">
        <Button size={size} onClick={() => void proceed()} disabled={!ready || busy} loading={busy}>
          {continueLabel}
        </Button>
      </div>
    </div>
  );
}
