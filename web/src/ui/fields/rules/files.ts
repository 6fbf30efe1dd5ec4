/**
 * File upload rules (spec 000 §3, §5, §9): accepted types, a maximum size (10485760 bytes by default)
 * and a maximum count (1 by default), with the spec's messages word for word.
 */
export const DEFAULT_MAX_FILE_SIZE = 10_485_760;
export const DEFAULT_MAX_FILES = 1;
export const FILE_READ_FAILED_MESSAGE = 'Failed to read file';
export const NOT_AN_IMAGE_MESSAGE = 'File is not an image';

/** File entry (spec 000 §3). */
export interface FileEntry {
  name: string;
  size: number;
  type: string;
  lastModified: number;
}

export interface FileRules {
  /** MIME types ('application/pdf'), wildcards ('image/*') or extensions ('.pdf'); empty or absent accepts any. */
  accept?: readonly string[];
  maxSize?: number;
  maxFiles?: number;
}

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'];

/** 10485760 -> '10 MB', 1536 -> '1.5 KB', 0 -> '0 Bytes' (powers of 1024, at most 2 decimals). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  return `${parseFloat((bytes / 1024 ** unit).toFixed(2))} ${UNITS[unit]}`;
}

export const fileTypeNotAcceptedMessage = (type: string) => `File type "${type}" is not accepted`;
export const fileTooLargeMessage = (size: number, maxSize: number) =>
  `File size (${formatFileSize(size)}) exceeds maximum allowed size (${formatFileSize(maxSize)})`;
export const tooManyFilesMessage = (maxFiles: number, selected: number) =>
  `Maximum ${maxFiles} files allowed. You selected ${selected} files.`;

/** Whether a file matches the accept list, by MIME type, MIME wildcard or file-name extension (case-insensitive). */
export function isAcceptedType(file: Pick<FileEntry, 'name' | 'type'>, accept: readonly string[] = []): boolean {
  if (accept.length === 0) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return accept.some((raw) => {
    const rule = raw.trim().toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** The message for one file that is not accepted, or null. The type is checked before the size. */
export function fileError(file: Pick<FileEntry, 'name' | 'type' | 'size'>, { accept = [], maxSize = DEFAULT_MAX_FILE_SIZE }: FileRules = {}): string | null {
  // A file the browser cannot type is named by its extension, so the message still says what was refused.
  if (!isAcceptedType(file, accept)) return fileTypeNotAcceptedMessage(file.type || extensionOf(file.name));
  if (file.size > maxSize) return fileTooLargeMessage(file.size, maxSize);
  return null;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : name;
}

export interface FileSelection<F> {
  accepted: F[];
  errors: string[];
}

/**
 * Checks a new selection against the rules, counting the files already chosen. Too many files refuse
 * the whole selection (the member chooses again); otherwise each refused file gives its own message.
 */
export function checkFileSelection<F extends Pick<FileEntry, 'name' | 'type' | 'size'>>(
  selected: readonly F[],
  rules: FileRules = {},
  alreadyChosen = 0,
): FileSelection<F> {
  const maxFiles = rules.maxFiles ?? DEFAULT_MAX_FILES;
  const total = alreadyChosen + selected.length;
  // One file at a time replaces the chosen one rather than counting against it.
  if (maxFiles > 1 && total > maxFiles) return { accepted: [], errors: [tooManyFilesMessage(maxFiles, total)] };
  if (maxFiles === 1 && selected.length > 1) return { accepted: [], errors: [tooManyFilesMessage(maxFiles, selected.length)] };
  const accepted: F[] = [];
  const errors: string[] = [];
  for (const file of selected) {
    const error = fileError(file, rules);
    if (error) errors.push(error);
    else accepted.push(file);
  }
  return { accepted, errors };
}

/** A file as the upload field reports it: its file entry (spec 000 §3), and the File itself, which an upload sends. */
export interface ChosenFile extends FileEntry {
  file: File;
}

export function toFileEntry(file: File): ChosenFile {
  return { name: file.name, size: file.size, type: file.type, lastModified: file.lastModified, file };
}

/** Reads an image as a data URL for its preview; rejects with 'File is not an image' or 'Failed to read file'. */
export function readImageFile(file: Blob): Promise<string> {
  if (!file.type.startsWith('image/')) return Promise.reject(new Error(NOT_AN_IMAGE_MESSAGE));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(FILE_READ_FAILED_MESSAGE)));
    reader.onerror = () => reject(new Error(FILE_READ_FAILED_MESSAGE));
    reader.readAsDataURL(file);
  });
}
