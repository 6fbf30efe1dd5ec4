/** Creators in PostgreSQL (table `creators`, migrations/0006_content.ts). */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { CreatorFields, CreatorRepository } from '../../../application/ports/content-creators';
import type { Creator } from '../../../domain/content/creator';
import type { Database } from '../schema';
import { isUuid } from '../uuid';
import type { CreatorsTable } from './schema';

const toCreator = (row: Selectable<CreatorsTable>): Creator => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  email: row.email,
  bio: row.bio,
  title: row.title,
  organization: row.organization,
  expertise: row.expertise,
  imageUrl: row.image_url,
  creatorType: row.creator_type,
  featured: row.featured,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function columns(f: Partial<CreatorFields>) {
  const c: Record<string, unknown> = {};
  if (f.name !== undefined) c.name = f.name;
  if (f.slug !== undefined) c.slug = f.slug;
  if (f.email !== undefined) c.email = f.email;
  if (f.bio !== undefined) c.bio = f.bio;
  if (f.title !== undefined) c.title = f.title;
  if (f.organization !== undefined) c.organization = f.organization;
  if (f.expertise !== undefined) c.expertise = [...f.expertise];
  if (f.imageUrl !== undefined) c.image_url = f.imageUrl;
  if (f.creatorType !== undefined) c.creator_type = f.creatorType;
  if (f.featured !== undefined) c.featured = f.featured;
  return c;
}

const slugTaken = (error: unknown) => (error as { code?: string }).code === '23505';

export function postgresCreators(db: Kysely<Database>): CreatorRepository {
  return {
    async create(fields, now) {
      try {
        const row = await db
          .insertInto('creators')
          .values({ ...(columns(fields) as { name: string; slug: string }), created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toCreator(row);
      } catch (error) {
        if (slugTaken(error)) return 'slug_taken';
        throw error;
      }
    },
    async update(id, patch, now) {
      if (!isUuid(id)) return null;
      try {
        const row = await db.updateTable('creators').set({ ...columns(patch), updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
        return row ? toCreator(row) : null;
      } catch (error) {
        if (slugTaken(error)) return 'slug_taken';
        throw error;
      }
    },
    async delete(id) {
      if (!isUuid(id)) return false;
      const r = await db.deleteFrom('creators').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async byId(id) {
      if (!isUuid(id)) return null;
      const row = await db.selectFrom('creators').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toCreator(row) : null;
    },
    async bySlug(slug) {
      const row = await db.selectFrom('creators').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row ? toCreator(row) : null;
    },
    async existing(ids) {
      const valid = [...new Set(ids.filter(isUuid))];
      if (!valid.length) return new Set();
      const rows = await db.selectFrom('creators').select('id').where('id', 'in', valid).execute();
      return new Set(rows.map((r) => r.id));
    },
    async list(query) {
      let q = db.selectFrom('creators');
      if (query.featured !== undefined) q = q.where('featured', '=', query.featured);
      if (query.search) {
        const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('organization', 'ilike', pattern)]));
      }
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('name').orderBy('id').limit(query.limit).offset((query.page - 1) * query.limit).execute(),
        q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toCreator), total: count.total };
    },
  };
}
