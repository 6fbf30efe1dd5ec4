/**
 * The content editor's model, pure: which fields each of the fourteen types shows and with which
 * control, the values a new item starts from (spec 002 §3 defaults, read from the shared field
 * table of domain/content, never repeated here), the values an existing item loads into, and the
 * schema the form is checked with: the server's own `contentSaveSchema`, so every message is the
 * spec's word for word.
 */
import type { z } from 'zod';
import { ACCESS_TYPES, BOOK_FORMATS, BOOK_TYPES, CLIP_TYPES, CREATOR_ROLES, DIFFICULTIES, RELATION_TYPES, TYPE_LABELS, type ContentType } from '../../../../domain/content/constants';
import { DETAIL_FIELDS } from '../../../../domain/content/details';
import type { FieldDef } from '../../../../domain/content/fields';
import { contentSaveSchema, SHARED_FIELDS } from '../../../../domain/content/schemas';
import type { SelectOption } from '../../ui/fields';
import { PARENT_OF } from './content-types';

export type FormValues = Record<string, unknown>;

export type Widget =
  | 'text'
  | 'textarea'
  | 'url'
  | 'email'
  | 'number'
  | 'decimal'
  | 'date'
  | 'datetime'
  | 'toggle'
  | 'select'
  | 'choices'
  | 'tags'
  | 'json'
  /** One item of `target` (any type when absent), chosen by searching. */
  | 'reference';

export interface ContentFieldSpec {
  name: string;
  label: string;
  widget: Widget;
  /** Shows '(required)'; the message itself always comes from the shared schema. */
  required: boolean;
  hint?: string;
  options?: SelectOption[];
  /** A select's empty choice ('None' unless said). */
  placeholder?: string;
  target?: ContentType;
}

export interface ContentFormSection {
  id: string;
  title: string;
  fields: ContentFieldSpec[];
}

/** A list of links to other items (an essay's books, a track's steps, the creators credited). */
export type LinkListName = 'books' | 'discussions' | 'lexiconTerms' | 'items' | 'creators' | 'relations';

export interface LinkListSpec {
  name: LinkListName;
  label: string;
  hint: string;
  /** The field of each row naming the linked item. */
  idField: string;
  /** What the row links to: a content type, any content (undefined) or a creator. */
  target: ContentType | 'CREATOR' | undefined;
  /** The smallest order index (spec 002 §5: essay and discussion links start at 1). */
  firstOrder: 0 | 1;
  extra: Array<'role' | 'relationType' | 'description' | 'isRequired'>;
  addLabel: string;
}

const options = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: humanEnum(value) }));

/** 'NON_FICTION' -> 'Non fiction'. */
export function humanEnum(value: string): string {
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'publicationDate' -> 'Publication date'. */
export function humanName(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Names whose words a label says better than the camel-case split. */
const LABELS: Record<string, string> = {
  isbn: 'ISBN',
  bookId: 'Book',
  courseId: 'Course',
  playlistId: 'Playlist',
  pointsTo: 'Points to',
  pointsToTerm: 'Points to (term as written)',
  sourceContentId: 'Source content',
  durationMinutes: 'Duration (minutes)',
  durationSeconds: 'Duration (seconds)',
  readingTime: 'Reading time (minutes)',
  estimatedDuration: 'Estimated duration (minutes)',
  contentText: 'Text',
  faq: 'FAQ',
  zoomLink: 'Zoom link',
  meetingDateTime: 'Meeting date and time',
  whyRead: 'Why read it',
  coverImage: 'Cover image URL',
  metaTitle: 'Meta title',
  metaDescription: 'Meta description',
  accessType: 'Access',
  isRestricted: 'Restricted',
  isDigitized: 'Digitized',
  isVirtual: 'Virtual',
  isScholarly: 'Scholarly',
  isCopyProtected: 'Copy protected',
  newVersion: 'New version',
  originallyPublished: 'Originally published',
  participantCap: 'Participant cap',
};

const HINTS: Record<string, string> = {
  slug: 'Lowercase letters, numbers and hyphens, as in the-virtue-of-selfishness. Used in the address.',
  tags: 'Press Enter after each tag.',
  contributors: 'Press Enter after each name.',
  orderIndex: 'Its position among the items of its parent.',
  firstLetter: 'One character: where the term files in the A-Z.',
  normalizedTerm: 'The term in lower case without accents, used to find it.',
  coverImage: 'The address of the cover picture.',
  sequential: 'Members take the parts in order.',
  isRestricted: 'Only staff may open a restricted artifact.',
  rating: 'From 0 to 5.',
  sourceTimestamp: 'Where the clip starts in its source, as in 1:02:15.',
};

/** Text that runs longer than a line gets a text area. */
const LONG_TEXT = new Set([
  'description',
  'metaDescription',
  'overview',
  'contentText',
  'transcript',
  'transcription',
  'background',
  'summary',
  'excerpt',
  'whyRead',
  'authorBio',
  'essaysOverview',
  'editorialNote',
  'abstractSummary',
  'analysis',
  'context',
  'accessNotes',
  'digitizationNotes',
  'provenance',
  'condition',
]);

const URL_FIELDS = new Set(['coverImage', 'purchaseLink', 'zoomLink']);

const ENUMS: Record<string, readonly string[]> = {
  bookType: BOOK_TYPES,
  clipType: CLIP_TYPES,
  accessType: ACCESS_TYPES,
  difficulty: DIFFICULTIES,
};

/** The item an id field refers to (a parent, a lexicon term, any content). */
function referenceTarget(type: ContentType, name: string): ContentType | undefined {
  if (PARENT_OF[type]?.field === name) return PARENT_OF[type].type;
  if (name === 'pointsTo') return 'LEXICON_TERM';
  return undefined;
}

function widgetOf(name: string, def: FieldDef): Widget {
  if (name === 'formats') return 'choices';
  if (ENUMS[name]) return 'select';
  switch (def.kind) {
    case 'int':
      return 'number';
    case 'number':
      return 'decimal';
    case 'bool':
      return 'toggle';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'json':
      return 'json';
    case 'list':
      return 'tags';
    case 'id':
      return 'reference';
    case 'text':
      return LONG_TEXT.has(name) ? 'textarea' : URL_FIELDS.has(name) ? 'url' : 'text';
  }
}

function fieldSpec(type: ContentType, name: string, def: FieldDef): ContentFieldSpec {
  const widget = widgetOf(name, def);
  // The overview's label is the one its message names: 'Artifact overview is required'.
  const label = name === 'overview' ? `${TYPE_LABELS[type]} overview` : type === 'EXCERPT' && name === 'excerpt' ? 'Excerpt text' : (LABELS[name] ?? humanName(name));
  const spec: ContentFieldSpec = { name, label, widget, required: def.required !== undefined };
  const hint = widget === 'json' ? 'JSON, as in {"question": "answer"} or a list [...].' : HINTS[name];
  if (hint) spec.hint = hint;
  if (widget === 'select' || widget === 'choices') spec.options = options(name === 'formats' ? BOOK_FORMATS : ENUMS[name]!);
  if (widget === 'reference') {
    const target = referenceTarget(type, name);
    if (target) spec.target = target;
  }
  return spec;
}

const entries = (fields: Record<string, FieldDef>) => Object.entries(fields);
const detailsOf = (type: ContentType) => DETAIL_FIELDS[type] as Record<string, FieldDef>;

const BASICS = ['title', 'subtitle', 'slug', 'description'] as const;
const PUBLISHING = ['accessType', 'difficulty', 'featured', 'tags', 'author', 'contributors', 'coverImage', 'metaTitle', 'metaDescription'] as const;

/** The form's sections: the basics, the type's own fields (its parent first), then how it is shown. */
export function contentFormSections(type: ContentType): ContentFormSection[] {
  const shared = SHARED_FIELDS as Record<string, FieldDef>;
  const parentField = PARENT_OF[type]?.field;
  const details = entries(detailsOf(type)).sort(([a], [b]) => Number(b === parentField) - Number(a === parentField));
  return [
    { id: 'basics', title: 'Basics', fields: BASICS.map((name) => fieldSpec(type, name, shared[name]!)) },
    { id: 'details', title: `${TYPE_LABELS[type]} details`, fields: details.map(([name, def]) => fieldSpec(type, name, def)) },
    { id: 'publishing', title: 'Access and discovery', fields: PUBLISHING.map((name) => fieldSpec(type, name, shared[name]!)) },
  ];
}

/** The link lists each type carries: its own (links.ts) and, for every type, creators and related content. */
export function linkLists(type: ContentType): LinkListSpec[] {
  const own: LinkListSpec[] = [];
  if (type === 'ESSAY') {
    own.push(
      { name: 'books', label: 'Books', hint: 'The books this essay appears in, each with its position (1 or more).', idField: 'bookId', target: 'BOOK', firstOrder: 1, extra: [], addLabel: 'Add a book' },
      { name: 'discussions', label: 'Discussions', hint: 'The discussions that read this essay, each with its position (1 or more).', idField: 'discussionId', target: 'DISCUSSION', firstOrder: 1, extra: [], addLabel: 'Add a discussion' },
    );
  }
  if (type === 'EXCERPT') {
    own.push({ name: 'lexiconTerms', label: 'Lexicon terms', hint: 'The terms this excerpt is filed under.', idField: 'lexiconTermId', target: 'LEXICON_TERM', firstOrder: 0, extra: [], addLabel: 'Add a lexicon term' });
  }
  if (type === 'TRACK') {
    own.push({ name: 'items', label: 'Steps', hint: 'The content of the track, in order; each step is required unless you say otherwise.', idField: 'contentId', target: undefined, firstOrder: 0, extra: ['description', 'isRequired'], addLabel: 'Add a step' });
  }
  return [
    ...own,
    { name: 'creators', label: 'Creators', hint: 'Who is credited, with their role, in order.', idField: 'creatorId', target: 'CREATOR', firstOrder: 0, extra: ['role'], addLabel: 'Add a creator' },
    { name: 'relations', label: 'Related content', hint: 'Other items to read or watch with this one.', idField: 'relatedContentId', target: undefined, firstOrder: 0, extra: ['relationType'], addLabel: 'Add related content' },
  ];
}

export const ROLE_OPTIONS = options(CREATOR_ROLES);
export const RELATION_OPTIONS = options(RELATION_TYPES);

/** A new row of a link list, placed after the rows there are. */
export function newLinkRow(list: LinkListSpec, rows: readonly Record<string, unknown>[]): Record<string, unknown> {
  const orders = rows.map((row) => (typeof row.orderIndex === 'number' ? row.orderIndex : list.firstOrder - 1));
  const orderIndex = rows.length === 0 ? list.firstOrder : Math.max(...orders) + 1;
  const row: Record<string, unknown> = { [list.idField]: '', orderIndex };
  if (list.extra.includes('role')) row.role = 'AUTHOR';
  if (list.extra.includes('relationType')) row.relationType = 'RELATED';
  if (list.extra.includes('description')) row.description = '';
  // Spec 002 §3: a track item is required unless said otherwise.
  if (list.extra.includes('isRequired')) row.isRequired = true;
  return row;
}

function emptyValue(widget: Widget): unknown {
  switch (widget) {
    case 'number':
    case 'decimal':
    case 'date':
      return null;
    case 'toggle':
      return false;
    case 'tags':
    case 'choices':
      return [];
    default:
      return '';
  }
}

const allFields = (type: ContentType) => contentFormSections(type).flatMap((section) => section.fields);

function fieldDef(type: ContentType, name: string): FieldDef | undefined {
  return (SHARED_FIELDS as Record<string, FieldDef>)[name] ?? detailsOf(type)[name];
}

/**
 * What a new item of `type` starts as: each field's default from the shared field table (language en,
 * bookType FICTION, clipType STANDALONE, isRestricted true, isVirtual true, a track sequential, access
 * OPEN...), else empty; `parentId` fills the parent when the item is created under one.
 */
export function defaultValues(type: ContentType, parentId?: string | null): FormValues {
  const values: FormValues = {};
  for (const field of allFields(type)) {
    const def = fieldDef(type, field.name);
    values[field.name] = def?.default !== undefined ? structuredClone(def.default) : emptyValue(field.widget);
  }
  for (const list of linkLists(type)) values[list.name] = [];
  const parent = PARENT_OF[type];
  if (parent && parentId) {
    if (parent.field === 'lexiconTerms') values.lexiconTerms = [{ lexiconTermId: parentId, orderIndex: 0 }];
    else values[parent.field] = parentId;
  }
  return values;
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2));

interface Credit {
  creatorId: string;
  name: string;
  role: string;
  orderIndex: number;
}
interface Related {
  id: string;
  title: string;
  relationType: string;
  orderIndex: number;
}
interface Summary {
  id: string;
  title: string;
}

/** Names of the items an item links to, as its answer carries them (credits, related content, children). */
export function linkedLabels(item: Record<string, unknown>): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const credit of (item.creators as Credit[] | undefined) ?? []) labels[credit.creatorId] = credit.name;
  for (const related of (item.relatedContent as Related[] | undefined) ?? []) labels[related.id] = related.title;
  const children = (item.children as Record<string, Summary[]> | undefined) ?? {};
  for (const list of Object.values(children)) for (const child of list) labels[child.id] = child.title;
  return labels;
}

/**
 * The values an existing item loads into (an item as the type's by-id read answers it with its
 * relations; a book's shared fields sit under `content`).
 */
export function valuesFromItem(type: ContentType, answer: Record<string, unknown>): FormValues {
  const item = type === 'BOOK' ? { ...answer, ...(answer.content as Record<string, unknown>), bookType: answer.bookType } : answer;
  const values: FormValues = {};
  for (const field of allFields(type)) {
    const value = item[field.name];
    if (field.widget === 'json') values[field.name] = json(value);
    else if (value === null || value === undefined) values[field.name] = emptyValue(field.widget);
    else values[field.name] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  for (const list of linkLists(type)) {
    if (list.name === 'creators') {
      values.creators = ((item.creators as Credit[] | undefined) ?? []).map((c) => ({ creatorId: c.creatorId, role: c.role, orderIndex: c.orderIndex }));
    } else if (list.name === 'relations') {
      values.relations = ((item.relatedContent as Related[] | undefined) ?? []).map((r) => ({ relatedContentId: r.id, relationType: r.relationType, orderIndex: r.orderIndex }));
    } else {
      const rows = (item[list.name] as Record<string, unknown>[] | undefined) ?? [];
      values[list.name] = rows.map((row) => (list.name === 'items' ? { ...row, description: row.description ?? '' } : { ...row }));
    }
  }
  return values;
}

/**
 * The form's schema: the server's create schema for the type. It is used for changes too, since
 * the form always holds the whole item (a cleared required field must say so, not count as
 * "unchanged").
 */
export const contentFormSchema = (type: ContentType) => contentSaveSchema(type, 'create') as unknown as z.ZodType<FormValues, FormValues>;
