/**
 * Which `content` rows a read sees: a view's statuses (parents first, migrations/0008_content_visibility.ts)
 * and a list's filters, as a Kysely query (`filtered`) and, for hand-written SQL, as a condition
 * (`visibleSql`).
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ContentQuery } from '../../../application/ports/content-repository';
import { TYPES_WITH_PARENTS, type ContentStatus, type ContentType } from '../../../domain/content/constants';
import { columnOf, DETAIL_TABLES, fieldsOf, sqlValue } from './details';
import type { Database } from '../schema';
import { isUuid } from '../uuid';
import { matches } from './match';

/**
 * Whether a view (ContentQuery.statuses) of items of this type (undefined: any type) must leave out
 * items with an unpublished parent (`content.parent_unpublished`, migrations/0008_content_visibility.ts).
 * Books and the other parentless types never have one, so their queries stay as they were.
 */
export const leavesOutHiddenChildren = (statuses: readonly ContentStatus[] | undefined, type: ContentType | undefined) => statuses !== undefined && (type === undefined || TYPES_WITH_PARENTS.includes(type));

/** The condition of a view on `content` rows, for hand-written SQL (filtered() for the built queries). */
export function visibleSql(statuses: readonly ContentStatus[] | undefined): RawBuilder<SqlBool> {
  if (!statuses) return sql<SqlBool>`true`;
  const status = statuses.length === 1 && statuses[0] === 'PUBLISHED' ? sql`content.published` : sql`content.status = any(${[...statuses]}::text[])`;
  return sql<SqlBool>`${status} and not content.parent_unpublished`;
}

/** The `content` rows a list or a search sees, before its columns, order and page are chosen. */
export function filtered(db: Kysely<Database>, query: Omit<ContentQuery, 'page' | 'limit'>) {
  let q = db.selectFrom('content');
  if (query.type) q = q.where('content.type', '=', query.type);
  // PUBLISHED alone is `published` (the check constraint makes them one), which the listing index covers.
  if (query.statuses?.length === 1 && query.statuses[0] === 'PUBLISHED') q = q.where('content.published', '=', true);
  else if (query.statuses) q = q.where('content.status', 'in', query.statuses.length ? [...query.statuses] : ['__none__']);
  if (leavesOutHiddenChildren(query.statuses, query.type)) q = q.where(sql<boolean>`not content.parent_unpublished`);
  if (query.status) q = q.where('content.status', '=', query.status);
  if (query.published !== undefined) q = q.where('content.published', '=', query.published);
  if (query.featured !== undefined) q = q.where('content.featured', '=', query.featured);
  if (query.tag) q = q.where(sql<boolean>`content.tags @> array[${query.tag}]::text[]`);
  if (query.accessType) q = q.where('content.access_type', '=', query.accessType);
  if (query.difficulty) q = q.where('content.difficulty', '=', query.difficulty);
  if (query.creatorId) {
    const creatorId = isUuid(query.creatorId) ? query.creatorId : '00000000-0000-0000-0000-000000000000';
    q = q.where((eb) => eb.exists(eb.selectFrom('content_creators as cc').select(sql`1`.as('one')).whereRef('cc.content_id', '=', 'content.id').where('cc.creator_id', '=', creatorId)));
  }
  if (query.searchWords) q = q.where(matches(query.searchWords, query.bodyKeys));
  if (query.details && query.type) {
    const type = query.type;
    const kinds = new Map(fieldsOf(type).map(([field, def]) => [field, def.kind]));
    const conditions = Object.entries(query.details)
      .filter(([field]) => kinds.has(field))
      .map(([field, value]) => {
        const column = sql`detail.${sql.ref(columnOf(field))}`;
        const kind = kinds.get(field)!;
        if (kind === 'list') return sql`${column} @> array[${String(value)}]::text[]`;
        if (kind === 'text') return sql`lower(${column}) = lower(${String(value)})`;
        return sql`${column} = ${sqlValue(kind, value)}`;
      });
    if (conditions.length)
      q = q.where(sql<boolean>`exists (select 1 from ${sql.table(DETAIL_TABLES[type])} as detail where detail.content_id = content.id and ${sql.join(conditions, sql` and `)})`);
  }
  return q;
}
