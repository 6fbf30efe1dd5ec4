/**
 * The type tables (books, chapters, ...; migrations/0006_content.ts), read and written from the
 * field table of domain/content/details.ts: a field `tableOfContents` of kind json is the column
 * `table_of_contents` of type jsonb. One place maps kinds to SQL casts and back.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ContentType } from '../../../domain/content/constants';
import { DETAIL_FIELDS } from '../../../domain/content/details';
import type { FieldDef, FieldKind } from '../../../domain/content/fields';

export const DETAIL_TABLES: Record<ContentType, string> = {
  BOOK: 'books',
  CHAPTER: 'chapters',
  ESSAY: 'essays',
  EXCERPT: 'excerpts',
  LEXICON_TERM: 'lexicon_terms',
  COURSE: 'courses',
  LESSON: 'lessons',
  PLAYLIST: 'playlists',
  LECTURE: 'lectures',
  INTERVIEW: 'interviews',
  CLIP: 'clips',
  ARTIFACT: 'artifacts',
  DISCUSSION: 'discussions',
  TRACK: 'tracks',
};

export const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const CASTS: Record<FieldKind, string> = {
  text: 'text',
  int: 'integer',
  number: 'double precision',
  bool: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  json: 'jsonb',
  list: 'text[]',
  id: 'uuid',
};

export const fieldsOf = (type: ContentType) => Object.entries(DETAIL_FIELDS[type] as Record<string, FieldDef>);

/** A value as a typed SQL parameter (both drivers then agree on arrays, JSON and dates). */
export function sqlValue(kind: FieldKind, value: unknown): RawBuilder<unknown> {
  if (value === null || value === undefined) return sql`null`;
  const param = kind === 'json' ? JSON.stringify(value) : value;
  return sql`${param}::${sql.raw(CASTS[kind])}`;
}

/** A column as read back: dates as YYYY-MM-DD text, the rest as the driver gives them. */
function selectColumn(field: string, kind: FieldKind, table?: string) {
  const column = sql.ref(table ? `${table}.${columnOf(field)}` : columnOf(field));
  if (kind === 'date') return sql`to_char(${column}, 'YYYY-MM-DD')`.as(field);
  return sql`${column}`.as(field);
}

/** A type's fields, selected from its table under `table` (joined to content), named as the fields are. */
export const detailColumns = (type: ContentType, table: string) => fieldsOf(type).map(([field, def]) => selectColumn(field, def.kind, table));

/** A type's details from a row that holds its fields by name (readDetails, or a list joined to the type table). */
export function detailsFromRow(type: ContentType, row: Record<string, unknown>): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const [field, def] of fieldsOf(type)) {
    const value = row[field];
    details[field] = def.kind === 'datetime' && value instanceof Date ? value.toISOString() : (value ?? (def.kind === 'list' ? [] : null));
  }
  return details;
}

type AnyDb = Kysely<any>; // any: the type tables are addressed by name from the field table, not through the typed schema

export async function readDetails(db: AnyDb, type: ContentType, ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const columns = fieldsOf(type).map(([field, def]) => selectColumn(field, def.kind));
  const { rows } = await sql<Record<string, unknown> & { content_id: string }>`select content_id, ${sql.join(columns)} from ${sql.table(DETAIL_TABLES[type])} where content_id = any(${[...ids]}::uuid[])`.execute(db);
  return new Map(rows.map((row) => [row.content_id, detailsFromRow(type, row)]));
}

export async function insertDetails(db: AnyDb, type: ContentType, contentId: string, details: Record<string, unknown>): Promise<void> {
  const fields = fieldsOf(type);
  const columns = [sql.ref('content_id'), ...fields.map(([field]) => sql.ref(columnOf(field)))];
  const values = [sql`${contentId}::uuid`, ...fields.map(([field, def]) => sqlValue(def.kind, details[field]))];
  await sql`insert into ${sql.table(DETAIL_TABLES[type])} (${sql.join(columns)}) values (${sql.join(values)})`.execute(db);
}

export async function updateDetails(db: AnyDb, type: ContentType, contentId: string, details: Record<string, unknown>): Promise<void> {
  const kinds = new Map(fieldsOf(type).map(([field, def]) => [field, def.kind]));
  const sets = Object.entries(details)
    .filter(([field, value]) => kinds.has(field) && value !== undefined)
    .map(([field, value]) => sql`${sql.ref(columnOf(field))} = ${sqlValue(kinds.get(field)!, value)}`);
  if (sets.length === 0) return;
  await sql`update ${sql.table(DETAIL_TABLES[type])} set ${sql.join(sets)} where content_id = ${contentId}::uuid`.execute(db);
}
