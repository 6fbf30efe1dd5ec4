import { useState, type KeyboardEvent } from 'react';
import { classNames } from '../size';
import { FieldFrame, useFieldIds, type FieldBaseProps } from './FieldFrame';
import { filterOptions, groupOptions, moveActiveIndex, type SelectOption } from './rules/options';
import './fields.css';

export interface SearchableSelectFieldProps extends FieldBaseProps {
  options: readonly SelectOption[];
  /** '' when nothing is chosen. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** Shown in the list when the search matches nothing. */
  noResultsText?: string;
  /**
   * For options found elsewhere (a places search): called with each new text, and `options` are taken
   * as the matches, not filtered again here.
   */
  onSearch?: (query: string) => void;
  /** The matches are on their way: the list says 'Searching...'. */
  searching?: boolean;
}

export const NO_OPTIONS_FOUND = 'No options found';
export const SEARCHING_TEXT = 'Searching...';

const inShownOrder = (options: readonly SelectOption[]) => groupOptions(options).flatMap((group) => group.options);

/**
 * A select with a search box: the WAI-ARIA editable combobox with list autocomplete. Typing filters by
 * label, description or group; arrows move past disabled options; Enter chooses; Escape closes and
 * restores the chosen label. Clearing the text and leaving clears the choice.
 */
export function SearchableSelectField({
  options,
  value,
  onChange,
  onBlur,
  placeholder,
  noResultsText = NO_OPTIONS_FOUND,
  onSearch,
  searching = false,
  label,
  hint,
  error,
  size = 'md',
  required,
  disabled,
  id,
  name,
  className,
}: SearchableSelectFieldProps) {
  const ids = useFieldIds(id, hint, error);
  const listId = `${ids.inputId}-listbox`;
  const selected = options.find((option) => option.value === value);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = query ?? selected?.label ?? '';
  // While the member has not typed, the whole list shows; typing filters it.
  // In the order shown (ungrouped first, then by group), so the arrows move down the list as seen.
  const matches = (text: string) => inShownOrder(onSearch ? options : filterOptions(options, text));
  const visible = matches(query ?? '');
  const optionId = (index: number) => `${ids.inputId}-option-${index}`;

  const openList = (from: number, step: 1 | -1) => {
    setOpen(true);
    setActive(moveActiveIndex(visible, from, step));
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
    setQuery(null);
  };
  const choose = (option: SelectOption | undefined) => {
    if (!option || option.disabled) return;
    onChange(option.value);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList(visible.findIndex((o) => o.value === value) - 1, 1);
        else setActive(moveActiveIndex(visible, active, 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList(visible.length, -1);
        else setActive(moveActiveIndex(visible, active, -1));
        break;
      case 'Enter':
        if (open) {
          event.preventDefault();
          choose(visible[active]);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  let position = 0;
  const groups = groupOptions(visible).map(({ group, options: list }) => ({
    group,
    items: list.map((option) => ({ option, index: position++ })),
  }));

  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} size={size} required={required} className={className}>
      <div className="combobox">
        <input
          id={ids.inputId}
          name={name}
          className="field__input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          required={required}
          disabled={disabled}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            // Found elsewhere, the matches are not known yet: the arrows pick once they are.
            setActive(onSearch ? -1 : moveActiveIndex(matches(event.target.value), -1, 1));
            onSearch?.(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onClick={() => !open && openList(-1, 1)}
          onBlur={() => {
            if (query !== null && query.trim() === '' && value !== '') onChange('');
            close();
            onBlur?.();
          }}
        />
        <div id={listId} role="listbox" aria-labelledby={ids.labelId} className="combobox__list" hidden={!open}>
          {searching && (
            <div className="combobox__empty" role="status">
              {SEARCHING_TEXT}
            </div>
          )}
          {!searching && visible.length === 0 && <div className="combobox__empty">{noResultsText}</div>}
          {groups.map(({ group, items }) => {
            const rendered = items.map(({ option, index }) => (
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === value}
                aria-disabled={option.disabled || undefined}
                className={classNames('combobox__option', index === active && 'combobox__option--active', option.disabled && 'combobox__option--disabled')}
                // Keeps the focus in the input, so the blur above does not close the list first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                <span className="combobox__option-label">{option.label}</span>
                {option.description && <span className="combobox__option-description">{option.description}</span>}
              </div>
            ));
            if (group === null) return rendered;
            const groupId = `${ids.inputId}-group-${group.replace(/\W+/g, '-')}`;
            return (
              <div key={group} role="group" aria-labelledby={groupId} className="combobox__group">
                <div id={groupId} role="presentation" className="combobox__group-label">
                  {group}
                </div>
                {rendered}
              </div>
            );
          })}
        </div>
      </div>
    </FieldFrame>
  );
}
