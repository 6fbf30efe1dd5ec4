/**
 * The media asset editor's model (spec 002 §3, §5 Media asset): its fields in groups, the values a
 * new asset starts from and an existing one loads into, and the shared schema with its messages
 * ('Type is required', 'Width must be a positive whole number', 'Thumbnail must be a valid URL',
 * 'downloadOptions must be valid JSON'...). The content an asset belongs to is not a field here: it
 * is attached and detached from the asset's page (PATCH and DELETE /api/media/{id}/content).
 */
import type { z } from 'zod';
import { MEDIA_FIELDS, mediaSaveSchema, type MediaFieldName } from '../../../../domain/media/schemas';
import { MEDIA_TYPE_OPTIONS } from '../../lib/content/media';
import type { ContentFieldSpec, FormValues } from './content-form';
import type { FieldGroup } from './FieldForm';

type EditedField = Exclude<MediaFieldName, 'contentId'>;

const JSON_FIELDS = new Set<EditedField>(['downloadOptions', 'subtitles']);
const NUMBER_FIELDS = new Set<EditedField>(['width', 'height', 'fileSize', 'duration']);

const FIELDS: Record<EditedField, Omit<ContentFieldSpec, 'name' | 'required'>> = {
  type: { label: 'Type', widget: 'select', options: MEDIA_TYPE_OPTIONS, placeholder: 'Choose a type' },
  url: { label: 'File URL', widget: 'url', hint: 'Where the file is served from, as in https://cdn.example.com/talk.mp4.' },
  mimeType: { label: 'MIME type', widget: 'text', hint: 'As in video/mp4 or application/pdf.' },
  fileSize: { label: 'File size (bytes)', widget: 'number' },
  width: { label: 'Width (pixels)', widget: 'number' },
  height: { label: 'Height (pixels)', widget: 'number' },
  duration: { label: 'Duration (seconds)', widget: 'number', hint: 'For video and audio.' },
  thumbnailUrl: { label: 'Thumbnail URL', widget: 'url', hint: 'A still shown before the video plays and in lists.' },
  caption: { label: 'Caption', widget: 'text', hint: 'Names the asset in lists and in the library.' },
  altText: { label: 'Alt text', widget: 'textarea', hint: 'What the image or video shows, for those who cannot see it.' },
  credit: { label: 'Credit', widget: 'text', hint: 'Who made it or holds its rights.' },
  transcript: { label: 'Transcript', widget: 'textarea' },
  videoStreamId: { label: 'Video stream ID', widget: 'text' },
  audioStreamId: { label: 'Audio stream ID', widget: 'text' },
  isStreamable: { label: 'Streamable', widget: 'toggle' },
  isDownloadable: { label: 'Downloadable', widget: 'toggle' },
  downloadOptions: { label: 'Download options', widget: 'json', hint: 'JSON: a list of files, as in [{"format": "mp3", "url": "https://cdn.example.com/talk.mp3"}].' },
  subtitles: { label: 'Subtitles', widget: 'json', hint: 'JSON: a list of tracks, as in [{"lang": "en", "label": "English", "url": "https://cdn.example.com/talk.en.vtt"}].' },
};

const GROUPS: { id: string; title: string; names: EditedField[] }[] = [
  { id: 'file', title: 'The file', names: ['type', 'url', 'mimeType', 'fileSize', 'width', 'height', 'duration', 'thumbnailUrl'] },
  { id: 'words', title: 'Caption and text', names: ['caption', 'altText', 'credit', 'transcript'] },
  { id: 'delivery', title: 'Streaming and downloads', names: ['isStreamable', 'isDownloadable', 'videoStreamId', 'audioStreamId', 'downloadOptions', 'subtitles'] },
];

const spec = (name: EditedField): ContentFieldSpec => ({ name, required: (MEDIA_FIELDS as Record<string, { required?: string }>)[name]!.required !== undefined, ...FIELDS[name] });

export const MEDIA_FORM_GROUPS: FieldGroup[] = GROUPS.map(({ id, title, names }) => ({ id, title, fields: names.map(spec) }));

const EDITED = GROUPS.flatMap((group) => group.names);

function emptyValue(name: EditedField): unknown {
  if (NUMBER_FIELDS.has(name)) return null;
  const fallback = (MEDIA_FIELDS as Record<string, { default?: unknown }>)[name]!.default;
  return fallback ?? '';
}

/** A new asset: of the type given (the list's filter), else none chosen; not streamable nor downloadable (the shared defaults); the rest empty. */
export function mediaDefaultValues(type?: string): FormValues {
  const values: FormValues = Object.fromEntries(EDITED.map((name) => [name, emptyValue(name)]));
  if (type) values.type = type;
  return values;
}

/** An existing asset as the form holds it: JSON as indented text, missing values empty. */
export function mediaValues(asset: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    EDITED.map((name) => {
      const value = asset[name];
      if (JSON_FIELDS.has(name)) return [name, value === null || value === undefined ? '' : JSON.stringify(value, null, 2)];
      return [name, value === null || value === undefined ? emptyValue(name) : value];
    }),
  );
}

/** The create schema for both: the form always holds the whole asset. */
export const mediaFormSchema = () => mediaSaveSchema('create') as unknown as z.ZodType<FormValues, FormValues>;
