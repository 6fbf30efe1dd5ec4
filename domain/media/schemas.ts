/**
 * Media assets (spec 002 §3, §5 Media asset; spec 001 §3, §7 Media): type required; dimensions,
 * size and duration positive integers; thumbnail a URL; list limit at most 100. downloadOptions and
 * subtitles are JSON (sent as JSON strings or values). id, content, videoProgress, createdAt and
 * updatedAt are dropped on save (unknown fields are stripped).
 */
import { z } from 'zod';
import { plainText } from '../shared/text';
import { bool, id, int, json, text, url, type FieldDef } from '../content/fields';
import { ignoredFilter, limitSchema, pageSchema } from '../content/schemas';
import { MEDIA_LIST_MAX_LIMIT, MEDIA_TYPES } from './constants';

export const MEDIA_TYPE_REQUIRED = 'Type is required';
export const MEDIA_ID_REQUIRED = 'Media asset ID is required';

const positive = (label: string) => int({ min: 1, message: `${label} must be a positive whole number` });

export const MEDIA_FIELDS = {
  type: {
    kind: 'text',
    schema: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(MEDIA_TYPES, { error: (i) => (i.input === undefined ? MEDIA_TYPE_REQUIRED : `Type must be one of ${MEDIA_TYPES.join(', ')}`) })),
    required: MEDIA_TYPE_REQUIRED,
  },
  contentId: id('Content ID must be a content id'),
  url: url('URL must be a valid URL'),
  altText: text(1000),
  caption: text(2000),
  credit: text(500),
  width: positive('Width'),
  height: positive('Height'),
  fileSize: positive('File size'),
  mimeType: { kind: 'text', schema: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(255, { message: 'MIME type must look like type/subtype', abort: true }).regex(/^[\w.+-]+\/[\w.+-]+$/, 'MIME type must look like type/subtype').nullable()) },
  duration: positive('Duration'),
  thumbnailUrl: url('Thumbnail must be a valid URL'),
  videoStreamId: text(300),
  audioStreamId: text(300),
  isStreamable: bool(false),
  isDownloadable: bool(false),
  downloadOptions: json('downloadOptions'),
  transcript: text(2_000_000),
  subtitles: json('subtitles'),
} satisfies Record<string, FieldDef>;

export type MediaFieldName = keyof typeof MEDIA_FIELDS;

export const mediaSaveSchema = (mode: 'create' | 'update') =>
  z.object(Object.fromEntries(Object.entries(MEDIA_FIELDS as Record<string, FieldDef>).map(([name, f]) => [name, mode === 'create' && f.required ? f.schema : f.schema.optional()])));

export type MediaSaveInput = Record<string, unknown>;

export const mediaListSchema = z.object({
  type: z.preprocess(ignoredFilter, z.enum(MEDIA_TYPES, { error: `Type must be one of ${MEDIA_TYPES.join(', ')}` }).optional()),
  contentId: z.preprocess(ignoredFilter, z.uuid('Content ID must be a content id').optional()),
  search: z.preprocess(ignoredFilter, plainText(z.string().trim().max(200, { message: 'Search must be at most 200 characters', abort: true })).optional()),
  page: pageSchema,
  limit: limitSchema(10, MEDIA_LIST_MAX_LIMIT),
});
export type MediaListQuery = z.output<typeof mediaListSchema>;

export interface MediaAsset {
  id: string;
  type: (typeof MEDIA_TYPES)[number];
  contentId: string | null;
  url: string | null;
  altText: string | null;
  caption: string | null;
  credit: string | null;
  width: number | null;
  height: number | null;
  fileSize: number | null;
  mimeType: string | null;
  duration: number | null;
  thumbnailUrl: string | null;
  videoStreamId: string | null;
  audioStreamId: string | null;
  isStreamable: boolean;
  isDownloadable: boolean;
  downloadOptions: unknown;
  transcript: string | null;
  subtitles: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export const mediaDefaults = (): Record<string, unknown> =>
  Object.fromEntries(Object.entries(MEDIA_FIELDS as Record<string, FieldDef>).map(([name, f]) => [name, f.default !== undefined ? f.default : null]));

/**
 * What plays or downloads the asset, its words included: withheld, with `locked`, from a caller the
 * access check does not let into the content it belongs to. The rest (type, caption, thumbnail,
 * size, duration) describes it and stays public with the catalogue.
 */
export const MEDIA_BODY_FIELDS = ['url', 'videoStreamId', 'audioStreamId', 'downloadOptions', 'transcript', 'subtitles'] as const satisfies readonly (keyof MediaAsset)[];

export const mediaWithoutBody = (asset: MediaAsset): MediaAsset => ({ ...asset, ...Object.fromEntries(MEDIA_BODY_FIELDS.map((f) => [f, null])) });
