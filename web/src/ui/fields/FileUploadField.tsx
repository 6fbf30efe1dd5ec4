import { useEffect, useState, type DragEvent } from 'react';
import { classNames } from '../size';
import { FieldFrame, useFieldIds, type FieldBaseProps } from './FieldFrame';
import {
  checkFileSelection,
  DEFAULT_MAX_FILE_SIZE,
  DEFAULT_MAX_FILES,
  formatFileSize,
  readImageFile,
  toFileEntry,
  type ChosenFile,
  type FileRules,
} from './rules/files';
import './fields.css';

export interface FileUploadFieldProps extends FieldBaseProps, FileRules {
  /** The chosen files as file entries (name, size, type, lastModified), each with its File for the upload. */
  value: readonly ChosenFile[];
  onChange: (files: ChosenFile[]) => void;
  /** Shows a thumbnail of each image chosen. */
  preview?: boolean;
}

/** A thumbnail of an image file, or the reason it cannot be shown ('Failed to read file', 'File is not an image'). */
function ImagePreview({ file }: { file: File }) {
  const [state, setState] = useState<{ file: File; src?: string; error?: string } | null>(null);
  useEffect(() => {
    let live = true;
    readImageFile(file).then(
      (src) => live && setState({ file, src }),
      (error: unknown) => live && setState({ file, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [file]);
  if (!state || state.file !== file) return null;
  if (state.error) return <span className="file-list__preview-error">{state.error}</span>;
  return <img className="file-list__preview" src={state.src} alt="" />;
}

/**
 * Choosing files by the native picker or by dropping them (spec 000 §3, §5): accepted types, a maximum
 * size (10 MB) and a maximum count (1) by default, with the spec's messages. With a maximum of one a
 * new choice replaces the old; with more, files add up to the maximum. The value is the spec's file
 * entries; each keeps its File, so a form can upload what was chosen.
 */
export function FileUploadField({
  value,
  onChange,
  accept = [],
  maxSize = DEFAULT_MAX_FILE_SIZE,
  maxFiles = DEFAULT_MAX_FILES,
  preview = false,
  label,
  hint,
  error,
  size = 'md',
  required,
  disabled,
  id,
  name,
  className,
}: FileUploadFieldProps) {
  const [ruleErrors, setRuleErrors] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const shown = error ?? (ruleErrors.length > 0 ? ruleErrors.join(' ') : undefined);
  const limitsId = (inputId: string) => `${inputId}-limits`;
  const ids = useFieldIds(id, hint, shown, (inputId) => [limitsId(inputId)]);

  const take = (list: FileList | null) => {
    const files = list ? Array.from(list, toFileEntry) : [];
    if (files.length === 0) return;
    const alreadyChosen = maxFiles === 1 ? 0 : value.length;
    const { accepted, errors } = checkFileSelection(files, { accept, maxSize, maxFiles }, alreadyChosen);
    setRuleErrors(errors);
    if (accepted.length > 0) onChange(maxFiles === 1 ? accepted.slice(0, 1) : [...value, ...accepted]);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  const limits = [
    accept.length > 0 ? `Accepted: ${accept.join(', ')}` : null,
    `Up to ${formatFileSize(maxSize)} each`,
    maxFiles === 1 ? 'One file' : `Up to ${maxFiles} files`,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={shown} size={size} required={required} className={className}>
      <div
        className={classNames('file-drop', dragging && 'file-drop--active', disabled && 'file-drop--disabled')}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id={ids.inputId}
          name={name}
          className="file-drop__input"
          type="file"
          accept={accept.length > 0 ? accept.join(',') : undefined}
          multiple={maxFiles > 1}
          required={required && value.length === 0}
          disabled={disabled}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => {
            take(event.target.files);
            // Lets the same file be chosen again after it was removed.
            event.target.value = '';
          }}
        />
        <p className="file-drop__limits" id={limitsId(ids.inputId)}>
          {limits}
        </p>
      </div>
      {value.length > 0 && (
        <ul className="file-list" aria-label="Chosen files">
          {value.map((file, index) => (
            <li key={`${file.name}-${file.lastModified}-${index}`} className="file-list__item">
              {preview && file.type.startsWith('image/') && <ImagePreview file={file.file} />}
              <span className="file-list__name">{file.name}</span>
              <span className="file-list__size">{formatFileSize(file.size)}</span>
              <button
                type="button"
                className="file-list__remove"
                disabled={disabled}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                aria-label={`Remove ${file.name}`}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </FieldFrame>
  );
}
