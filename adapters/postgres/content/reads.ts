/**
 * Reads of given items and of what hangs off them: an item by id or slug, many by id, their types,
 * a parent's children (in order, as a view sees them), credits and relations of many items at once.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { ChildKind, ContentRepository } from '../../../application/ports/content-repository';
import type { ContentStatus, ContentType } from '../../../domain/content/constants';
import type { ContentItem } from '../../../domain/content/model';
import type { Database } from '../schema';
import { isUuid } from '../uuid';
import { visibleSql } from './filter';
import { CHILDREN, CONTENT_COLUMNS, grouped, hydrate, toSummary, type ContentRow } from './rows';

type ItemReads = Pick<ContentRepository, 'byId' | 'byIds' | 'bySlug' | 'typesOf' | 'childItems' | 'children' | 'creditsOf' | 'relatedOf'>;

export function contentReads(db: Kysely<Database>): ItemReads {
  async function one(where: (eb: ExpressionBuilder<Database, 'content'>) => Expression<SqlBool>): Promise<ContentItem | null> {
    const row = await db.selectFrom('content').select(CONTENT_COLUMNS).where(where).executeTakeFirst();
    return row ? ((await hydrate(db, [row]))[0] ?? null) : null;
  }

  /** The children of these parents, each parent's in order. */
  async function summaries(kind: ChildKind, parentIds: readonly string[], statuses?: readonly ContentStatus[]): Promise<(ContentRow & { order_index: number; parent_id: string })[]> {
    const ids = [...new Set(parentIds.filter(isUuid))];
    if (ids.length === 0) return [];
    const link = CHILDREN[kind];
    const columns = sql.join(CONTENT_COLUMNS.map((c) => sql.ref(c)));
    const { rows } = await sql<ContentRow & { order_index: number; parent_id: string }>`
      select ${columns}, link.${sql.ref(link.order)} as order_index, link.${sql.ref(link.parent)} as parent_id
      from content join ${sql.table(link.table)} as link on link.${sql.ref(link.child)} = content.id
      where link.${sql.ref(link.parent)} = any(${ids}::uuid[]) and ${visibleSql(statuses)}
      order by link.${sql.ref(link.parent)}, link.${sql.ref(link.order)}, content.title`.execute(db);
    return rows;
  }

  return {
    byId: (id) => (isUuid(id) ? one((eb) => eb('content.id', '=', id)) : Promise.resolve(null)),

    async byIds(ids) {
      const valid = [...new Set(ids.filter(isUuid))];
      if (valid.length === 0) return [];
      return hydrate(db, await db.selectFrom('content').select(CONTENT_COLUMNS).where('content.id', 'in', valid).execute());
    },
    bySlug: (type, slug) => one((eb) => eb.and([eb('content.type', '=', type), eb('content.slug', '=', slug)])),

    async typesOf(ids) {
      const valid = [...new Set(ids.filter(isUuid))];
      if (valid.length === 0) return new Map();
      const rows = await db.selectFrom('content').select(['id', 'type']).where('id', 'in', valid).execute();
      return new Map(rows.map((r) => [r.id, r.type as ContentType]));
    },

    async childItems(parentId, kind, statuses) {
      return hydrate(db, await summaries(kind, [parentId], statuses));
    },

    async children(parentIds, kind, statuses) {
      return grouped(parentIds, await summaries(kind, parentIds, statuses), (row) => row.parent_id, (row) => toSummary(row, row.order_index));
    },

    async creditsOf(contentIds) {
      const ids = [...new Set(contentIds.filter(isUuid))];
      const rows = ids.length === 0 ? [] : await db
        .selectFrom('content_creators as cc')
        .innerJoin('creators as c', 'c.id', 'cc.creator_id')
        .select(['cc.content_id', 'cc.creator_id', 'c.name', 'c.slug', 'c.image_url', 'cc.role', 'cc.order_index'])
        .where('cc.content_id', 'in', ids)
        .orderBy('cc.content_id')
        .orderBy('cc.order_index')
        .orderBy('c.name')
        .execute();
      return grouped(contentIds, rows, (r) => r.content_id, (r) => ({ creatorId: r.creator_id, name: r.name, slug: r.slug, imageUrl: r.image_url, role: r.role, orderIndex: r.order_index }));
    },

    async relatedOf(contentIds, statuses) {
      const ids = [...new Set(contentIds.filter(isUuid))];
      const rows = ids.length === 0 ? [] : await db
        .selectFrom('content_relations as r')
        .innerJoin('content', 'content.id', 'r.related_content_id')
        .select(CONTENT_COLUMNS)
        .select(['r.content_id as owner_id', 'r.relation_type', 'r.order_index'])
        .where('r.content_id', 'in', ids)
        .where(visibleSql(statuses))
        .orderBy('r.content_id')
        .orderBy('r.order_index')
        .orderBy('content.title')
        .execute();
      return grouped(contentIds, rows, (row) => row.owner_id, (row) => ({ ...toSummary(row, row.order_index), relationType: row.relation_type }));
    },
  };
}
