/**
 * The repository's writes: create, update and delete, each one transaction over the shared
 * `content` row, its type's row and its links, creators and relations (migrations/0006_content.ts).
 * A unique violation comes back as the port's refusal (`slug_taken`, `order_taken`, `term_taken`).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ContentChange, ContentRepository, ContentWriteResult, NewContent } from '../../../application/ports/content-repository';
import type { ContentType } from '../../../domain/content/constants';
import type { ContentCreatorLink, ContentRelationLink } from '../../../domain/content/links';
import type { ContentLinks, ContentShared } from '../../../domain/content/model';
import { insertDetails, updateDetails } from './details';
import type { Database } from '../schema';
import { isUuid } from '../uuid';
import { CONTENT_COLUMNS, hydrate } from './rows';

function sharedColumns(shared: Partial<ContentShared>) {
  const c: Record<string, unknown> = {};
  if (shared.title !== undefined) c.title = shared.title;
  if (shared.subtitle !== undefined) c.subtitle = shared.subtitle;
  if (shared.slug !== undefined) c.slug = shared.slug;
  if (shared.description !== undefined) c.description = shared.description;
  if (shared.featured !== undefined) c.featured = shared.featured;
  if (shared.tags !== undefined) c.tags = [...shared.tags];
  if (shared.coverImage !== undefined) c.cover_image = shared.coverImage;
  if (shared.metaTitle !== undefined) c.meta_title = shared.metaTitle;
  if (shared.metaDescription !== undefined) c.meta_description = shared.metaDescription;
  if (shared.accessType !== undefined) c.access_type = shared.accessType;
  if (shared.difficulty !== undefined) c.difficulty = shared.difficulty;
  if (shared.author !== undefined) c.author = shared.author;
  if (shared.contributors !== undefined) c.contributors = [...shared.contributors];
  return c;
}

/** A write's refusal (a unique violation it names), else the error goes on up. */
function refusedOrThrow(error: unknown): ContentWriteResult {
  const refusal = refusalOf(error);
  if (refusal) return refusal;
  throw error;
}

/** A unique violation, by the constraint it names (pg and PGlite both carry `code` and `constraint`). */
function refusalOf(error: unknown): ContentWriteResult | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return null;
  const name = e.constraint ?? e.message ?? '';
  if (name.includes('content_type_slug_key')) return { ok: false, reason: 'slug_taken' };
  if (name.includes('lexicon_terms_normalized_key')) return { ok: false, reason: 'term_taken' };
  if (/_order_key/.test(name)) return { ok: false, reason: 'order_taken' };
  return null;
}

async function writeLinks(tx: Transaction<Database>, id: string, links: ContentLinks) {
  if (links.books) {
    await tx.deleteFrom('book_essays').where('essay_id', '=', id).execute();
    if (links.books.length) await tx.insertInto('book_essays').values(links.books.map((l) => ({ essay_id: id, book_id: l.bookId, order_index: l.orderIndex }))).execute();
  }
  if (links.discussions) {
    await tx.deleteFrom('discussion_essays').where('essay_id', '=', id).execute();
    if (links.discussions.length) await tx.insertInto('discussion_essays').values(links.discussions.map((l) => ({ essay_id: id, discussion_id: l.discussionId, order_index: l.orderIndex }))).execute();
  }
  if (links.lexiconTerms) {
    await tx.deleteFrom('lexicon_term_excerpts').where('excerpt_id', '=', id).execute();
    if (links.lexiconTerms.length) await tx.insertInto('lexicon_term_excerpts').values(links.lexiconTerms.map((l) => ({ excerpt_id: id, lexicon_term_id: l.lexiconTermId, order_index: l.orderIndex }))).execute();
  }
  if (links.items) {
    await tx.deleteFrom('track_items').where('track_id', '=', id).execute();
    if (links.items.length)
      await tx.insertInto('track_items').values(links.items.map((l) => ({ track_id: id, content_id: l.contentId, order_index: l.orderIndex, description: l.description, is_required: l.isRequired }))).execute();
  }
}

async function writeCreators(tx: Transaction<Database>, id: string, creators: ContentCreatorLink[] | undefined) {
  if (!creators) return;
  await tx.deleteFrom('content_creators').where('content_id', '=', id).execute();
  if (creators.length) await tx.insertInto('content_creators').values(creators.map((c) => ({ content_id: id, creator_id: c.creatorId, role: c.role, order_index: c.orderIndex }))).execute();
}

async function writeRelations(tx: Transaction<Database>, id: string, relations: ContentRelationLink[] | undefined) {
  if (!relations) return;
  await tx.deleteFrom('content_relations').where('content_id', '=', id).execute();
  if (relations.length)
    await tx.insertInto('content_relations').values(relations.map((r) => ({ content_id: id, related_content_id: r.relatedContentId, relation_type: r.relationType, order_index: r.orderIndex }))).execute();
}

/** The write's links, creators and relations, then the item as it now stands (same transaction). */
async function writeAssociationsAndRead(tx: Transaction<Database>, id: string, write: Pick<ContentChange, 'links' | 'creators' | 'relations'>): Promise<ContentWriteResult> {
  await writeLinks(tx, id, write.links);
  await writeCreators(tx, id, write.creators);
  await writeRelations(tx, id, write.relations);
  const row = await tx.selectFrom('content').select(CONTENT_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
  return { ok: true as const, item: (await hydrate(tx, [row]))[0]! };
}

export function contentWrites(db: Kysely<Database>): Pick<ContentRepository, 'create' | 'update' | 'delete'> {
  return {
    async create(item: NewContent, now: Date): Promise<ContentWriteResult> {
      try {
        return await db.transaction().execute(async (tx) => {
          const { id } = await tx
            .insertInto('content')
            .values({
              ...(sharedColumns(item.shared) as { title: string; slug: string }),
              type: item.type,
              status: item.status,
              published: item.status === 'PUBLISHED',
              published_at: item.publishedAt,
              search_text: item.searchText,
              body_text: item.bodyText,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await insertDetails(tx, item.type, id, item.details);
          return writeAssociationsAndRead(tx, id, item);
        });
      } catch (error) {
        return refusedOrThrow(error);
      }
    },

    async update(id: string, change: ContentChange, now: Date): Promise<ContentWriteResult | null> {
      if (!isUuid(id)) return null;
      try {
        return await db.transaction().execute(async (tx) => {
          // NO KEY UPDATE: a writer linking to this item (a track item, a relation) takes KEY SHARE and need not wait.
          const current = await tx.selectFrom('content').select(['id', 'type']).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
          if (!current) return null;
          await tx
            .updateTable('content')
            .set({ ...sharedColumns(change.shared), status: change.status, published: change.status === 'PUBLISHED', published_at: change.publishedAt, search_text: change.searchText, body_text: change.bodyText, updated_at: now })
            .where('id', '=', id)
            .execute();
          await updateDetails(tx, current.type as ContentType, id, change.details);
          return writeAssociationsAndRead(tx, id, change);
        });
      } catch (error) {
        return refusedOrThrow(error);
      }
    },

    async delete(id) {
      if (!isUuid(id)) return false;
      return db.transaction().execute(async (tx) => {
        // A book's chapters, a course's lessons and a playlist's lectures are content rows of their own: they go with their parent.
        const children = await sql<{ id: string }>`
          select content_id as id from chapters where book_id = ${id}::uuid
          union all select content_id from lessons where course_id = ${id}::uuid
          union all select content_id from lectures where playlist_id = ${id}::uuid`.execute(tx);
        const ids = [id, ...children.rows.map((r) => r.id)];
        const deleted = await tx.deleteFrom('content').where('id', 'in', ids).returning('id').execute();
        return deleted.some((r) => r.id === id);
      });
    },
  };
}
