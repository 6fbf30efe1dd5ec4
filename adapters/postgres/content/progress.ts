/**
 * Members' progress in PostgreSQL. Each write is one INSERT ... ON CONFLICT DO UPDATE, so the first
 * writes of two tabs never collide and neither loses the other's time spent (domain/content/progress.ts).
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ProgressEntry, ProgressRepository } from '../../../application/ports/content-progress';
import type { AccessType, ContentStatus, ContentType, ProgressStatus } from '../../../domain/content/constants';
import { videoCompleted, type ContentProgress, type VideoProgress } from '../../../domain/content/progress';
import type { Database } from '../schema';
import type { ContentProgressTable, VideoProgressTable } from './schema';
import { invalidInput } from '../../../domain/shared/errors';
import { jsonTooLargeMessage, MAX_JSON_BYTES } from '../../../domain/shared/json';

const toProgress = (r: Selectable<ContentProgressTable>): ContentProgress => ({
  userId: r.user_id,
  contentId: r.content_id,
  status: r.status as ProgressStatus,
  percentage: r.percentage,
  position: r.position,
  duration: r.duration,
  totalTimeSpent: r.total_time_spent,
  sessionCount: r.session_count,
  rating: r.rating,
  isFavorited: r.is_favorited,
  isBookmarked: r.is_bookmarked,
  wasDismissed: r.was_dismissed,
  discoverySource: r.discovery_source,
  metadata: r.metadata,
  startedAt: r.started_at,
  completedAt: r.completed_at,
  lastAccessedAt: r.last_accessed_at,
  updatedAt: r.updated_at,
});

const toVideo = (r: Selectable<VideoProgressTable>): VideoProgress => ({
  userId: r.user_id,
  mediaAssetId: r.media_asset_id,
  position: r.position,
  duration: r.duration,
  completed: r.completed,
  lastWatchedAt: r.last_watched_at,
});

export function postgresProgress(db: Kysely<Database>): ProgressRepository {
  return {
    async recordContent(userId, contentId, c, now) {
      const status = c.status ?? c.impliedStatus ?? 'NOT_STARTED';
      // Metadata merges (jsonb ||): the merged document keeps the cap of domain/shared/json.ts,
      // measured as jsonb's text as the schema measured the write; a merge that does not grow the
      // document always lands. Depth needs no second look: a merge of two documents within the
      // cap is no deeper than the deeper of them.
      const merged = sql`(content_progress.metadata || excluded.metadata)`;
      const completedAt = status === 'COMPLETED' ? now : null;
      const row = await db
        .insertInto('content_progress')
        .values({
          user_id: userId,
          content_id: contentId,
          status,
          percentage: c.percentage ?? 0,
          position: c.position ?? 0,
          duration: c.duration ?? null,
          total_time_spent: c.timeSpent ?? 0,
          session_count: c.newSession ? 1 : 0,
          rating: c.rating ?? null,
          is_favorited: c.isFavorited ?? false,
          is_bookmarked: c.isBookmarked ?? false,
          was_dismissed: c.wasDismissed ?? false,
          discovery_source: c.discoverySource ?? null,
          metadata: JSON.stringify(c.metadata ?? {}),
          started_at: now,
          completed_at: completedAt,
          last_accessed_at: now,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'content_id']).doUpdateSet((eb) => {
            // An explicit status wins; COMPLETED otherwise stays; else the status the write implies.
            const nextStatus = c.status
              ? sql<string>`${c.status}::text`
              : c.impliedStatus
                ? sql<string>`case when content_progress.status = 'COMPLETED' then 'COMPLETED' else ${c.impliedStatus}::text end`
                : sql<string>`content_progress.status`;
            return {
              status: nextStatus,
              percentage: c.percentage !== undefined ? eb.ref('excluded.percentage') : eb.ref('content_progress.percentage'),
              position: c.position !== undefined ? eb.ref('excluded.position') : eb.ref('content_progress.position'),
              duration: c.duration !== undefined ? eb.ref('excluded.duration') : eb.ref('content_progress.duration'),
              total_time_spent: sql<number>`content_progress.total_time_spent + excluded.total_time_spent`,
              session_count: sql<number>`content_progress.session_count + excluded.session_count`,
              rating: c.rating !== undefined ? eb.ref('excluded.rating') : eb.ref('content_progress.rating'),
              is_favorited: c.isFavorited !== undefined ? eb.ref('excluded.is_favorited') : eb.ref('content_progress.is_favorited'),
              is_bookmarked: c.isBookmarked !== undefined ? eb.ref('excluded.is_bookmarked') : eb.ref('content_progress.is_bookmarked'),
              was_dismissed: c.wasDismissed !== undefined ? eb.ref('excluded.was_dismissed') : eb.ref('content_progress.was_dismissed'),
              discovery_source: c.discoverySource !== undefined ? eb.ref('excluded.discovery_source') : eb.ref('content_progress.discovery_source'),
              metadata: c.metadata !== undefined ? sql<string>`content_progress.metadata || excluded.metadata` : eb.ref('content_progress.metadata'),
              completed_at: sql<Date>`case when (${nextStatus}) = 'COMPLETED' then coalesce(content_progress.completed_at, excluded.last_accessed_at) else null end`,
              last_accessed_at: eb.ref('excluded.last_accessed_at'),
              updated_at: eb.ref('excluded.updated_at'),
            };
          }).where(() =>
            c.metadata === undefined
              ? sql<boolean>`true`
              : sql<boolean>`octet_length(${merged}::text) <= ${MAX_JSON_BYTES} or octet_length(${merged}::text) <= octet_length(content_progress.metadata::text)`,
          ),
        )
        .returningAll()
        .executeTakeFirst();
      // No row: the update's condition refused the merge, and nothing of this write was applied.
      if (!row) {
        const message = jsonTooLargeMessage('Metadata');
        throw invalidInput(message, [{ path: 'metadata', message }]);
      }
      return toProgress(row);
    },

    async contentProgress(userId, contentId) {
      const row = await db.selectFrom('content_progress').selectAll().where('user_id', '=', userId).where('content_id', '=', contentId).executeTakeFirst();
      return row ? toProgress(row) : null;
    },

    async listContent(userId, query, statuses) {
      // Joined to its content, so what the member may no longer see (unpublished since, or under an
      // unpublished parent) is neither listed nor counted; the count rides along with the page.
      let q = db.selectFrom('content_progress').innerJoin('content', 'content.id', 'content_progress.content_id').where('content_progress.user_id', '=', userId);
      if (statuses) q = q.where('content.status', 'in', statuses.length ? [...statuses] : ['__none__']).where(sql<boolean>`not content.parent_unpublished`);
      if (query.status) q = q.where('content_progress.status', '=', query.status);
      if (query.isFavorited !== undefined) q = q.where('content_progress.is_favorited', '=', query.isFavorited);
      if (query.isBookmarked !== undefined) q = q.where('content_progress.is_bookmarked', '=', query.isBookmarked);
      const rows = await q
        .selectAll('content_progress')
        .select(['content.type', 'content.slug', 'content.title', 'content.subtitle', 'content.description', 'content.cover_image', 'content.status as content_status', 'content.published', 'content.access_type'])
        .select(sql<number>`(count(*) over ())::int`.as('total'))
        .orderBy('content_progress.last_accessed_at', 'desc')
        .orderBy('content_progress.content_id')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      // A page past the last has no row to carry the count: only then is it counted on its own.
      const total = rows[0]?.total ?? (query.page > 1 ? (await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n : 0);
      const items: ProgressEntry[] = rows.map((r) => ({
        progress: toProgress(r),
        content: {
          id: r.content_id,
          type: r.type as ContentType,
          slug: r.slug,
          title: r.title,
          subtitle: r.subtitle,
          description: r.description,
          coverImage: r.cover_image,
          status: r.content_status as ContentStatus,
          published: r.published,
          accessType: r.access_type as AccessType,
        },
      }));
      return { items, total };
    },

    async recordVideo(userId, mediaAssetId, change, now) {
      const completed = videoCompleted(change.position, change.duration, change.completed);
      const row = await db
        .insertInto('video_progress')
        .values({ user_id: userId, media_asset_id: mediaAssetId, position: change.position, duration: change.duration, completed, last_watched_at: now, created_at: now, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['user_id', 'media_asset_id']).doUpdateSet((eb) => ({
            position: eb.ref('excluded.position'),
            duration: eb.ref('excluded.duration'),
            // Once watched to the end, a video stays completed when it is watched again, unless the player says otherwise.
            completed: change.completed !== undefined ? eb.ref('excluded.completed') : sql<boolean>`video_progress.completed or excluded.completed`,
            last_watched_at: eb.ref('excluded.last_watched_at'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toVideo(row);
    },

    async videoProgress(userId, mediaAssetId) {
      const row = await db.selectFrom('video_progress').selectAll().where('user_id', '=', userId).where('media_asset_id', '=', mediaAssetId).executeTakeFirst();
      return row ? toVideo(row) : null;
    },
  };
}
