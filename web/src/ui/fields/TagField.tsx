import { useState } from 'react';
import { classNames } from '../size';
import { FieldFrame, useFieldIds, type FieldBaseProps } from './FieldFrame';
import { addTag, removeLastTag, removeTag, type Tag, type TagVariant } from './rules/tags';
import './fields.css';

export interface TagFieldProps extends FieldBaseProps {
  value: readonly Tag[];
  onChange: (value: Tag[]) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** The variant of tags the member adds; 'default' unless given. */
  variant?: TagVariant;
}

/** One tag: its label with the colour of its variant (primary, success, warning, error, default). */
export function TagChip({ tag, onRemove, disabled }: { tag: Tag; onRemove?: () => void; disabled?: boolean | undefined }) {
  return (
    <span className={classNames('tag', `tag--${tag.variant ?? 'default'}`)}>
      <span className="tag__label">{tag.label}</span>
      {onRemove && (
        <button type="button" className="tag__remove" onClick={onRemove} disabled={disabled} aria-label={`Remove ${tag.label}`}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </span>
  );
}

/**
 * Free-text tags (spec 000 §5): Enter adds the trimmed text, a tag whose lower-case id is already there
 * is ignored, Backspace in the empty input removes the last tag.
 */
export function TagField({ value, onChange, onBlur, placeholder, variant = 'default', label, hint, error, size = 'md', required, disabled, id, name, className }: TagFieldProps) {
  const [text, setText] = useState('');
  const ids = useFieldIds(id, hint, error, (inputId) => [`${inputId}-instructions`]);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} size={size} required={required} className={className}>
      <div className={classNames('tag-input', disabled && 'tag-input--disabled')}>
        {value.length > 0 && (
          <ul className="tag-input__list" aria-label={`${label}: ${value.length} ${value.length === 1 ? 'tag' : 'tags'}`}>
            {value.map((tag) => (
              <li key={tag.id}>
                <TagChip tag={tag} disabled={disabled} onRemove={() => onChange(removeTag(value, tag.id))} />
              </li>
            ))}
          </ul>
        )}
        <input
          id={ids.inputId}
          name={name}
          className="tag-input__input"
          type="text"
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              // Enter adds a tag; it must not submit the form around the field.
              event.preventDefault();
              if (text.trim() === '') return;
              onChange(addTag(value, text, variant));
              setText('');
            } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
              event.preventDefault();
              onChange(removeLastTag(value));
            }
          }}
          onBlur={onBlur}
        />
      </div>
      <p id={`${ids.inputId}-instructions`} className="visually-hidden">
        Press Enter to add a tag. Backspace in the empty field removes the last tag.
      </p>
    </FieldFrame>
  );
}
