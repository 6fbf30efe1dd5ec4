/** Media assets and members' video progress on them in PostgreSQL (migrations/0006_content.ts). */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { MediaAssetRepository, VideoProgressView } from '../../../application/ports/content-media';
import type { MediaAsset } from '../../../domain/media/schemas';
import type { Database } from '../schema';
import { isUuid } from '../uuid';
import type { MediaAssetsTable } from './schema';

const toAsset = (r: Selectable<MediaAssetsTable>): MediaAsset => ({
  id: r.id,
  type: r.type as MediaAsset['type'],
  contentId: r.content_id,
  url: r.url,
  altText: r.alt_text,
  caption: r.caption,
  credit: r.credit,
  width: r.width,
  height: r.height,
  fileSize: r.file_size,
  mimeType: r.mime_type,
  duration: r.duration,
  thumbnailUrl: r.thumbnail_url,
  videoStreamId: r.video_stream_id,
  audioStreamId: r.audio_stream_id,
  isStreamable: r.is_streamable,
  isDownloadable: r.is_downloadable,
  downloadOptions: r.download_options ?? null,
  transcript: r.transcript,
  subtitles: r.subtitles ?? null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const COLUMNS: Record<string, string> = {
  type: 'type', contentId: 'content_id', url: 'url', altText: 'alt_text', caption: 'caption', credit: 'credit', width: 'width',
  height: 'height', fileSize: 'file_size', mimeType: 'mime_type', duration: 'duration', thumbnailUrl: 'thumbnail_url',
  videoStreamId: 'video_stream_id', audioStreamId: 'audio_stream_id', isStreamable: 'is_streamable', isDownloadable: 'is_downloadable',
  downloadOptions: 'download_options', transcript: 'transcript', subtitles: 'subtitles',
};

function columns(fields: Record<string, unknown>) {
  const c: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const column = COLUMNS[field];
    if (!column || value === undefined) continue;
    c[column] = field === 'downloadOptions' || field === 'subtitles' ? (value === null ? null : JSON.stringify(value)) : value;
  }
  return c;
}

export function postgresMediaAssets(db: Kysely<Database>): MediaAssetRepository {
  return {
    async create(fields, now) {
      const row = await db.insertInto('media_assets').values({ ...(columns(fields) as { type: string }), created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
      return toAsset(row);
    },
    async update(id, patch, now) {
      if (!isUuid(id)) return null;
      const row = await db.updateTable('media_assets').set({ ...columns(patch), updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
      return row ? toAsset(row) : null;
    },
    async delete(id) {
      if (!isUuid(id)) return false;
      const r = await db.deleteFrom('media_assets').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async byId(id) {
      if (!isUuid(id)) return null;
      const row = await db.selectFrom('media_assets').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toAsset(row) : null;
    },
    async list(query) {
      let q = db.selectFrom('media_assets');
      if (query.type) q = q.where('type', '=', query.type);
      if (query.contentId) q = q.where('content_id', '=', query.contentId);
      if (query.publishedOnly)
        q = q.where((eb) => eb.exists(eb.selectFrom('content').select('content.id').whereRef('content.id', '=', 'media_assets.content_id').where('content.published', '=', true).where(sql<boolean>`not content.parent_unpublished`)));
      if (query.search) {
        const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) => eb.or([eb('caption', 'ilike', pattern), eb('alt_text', 'ilike', pattern)]));
      }
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset((query.page - 1) * query.limit).execute(),
        q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toAsset), total: count.total };
    },
    async byContent(contentId) {
      if (!isUuid(contentId)) return [];
      const rows = await db.selectFrom('media_assets').selectAll().where('content_id', '=', contentId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toAsset);
    },
    async byContents(contentIds) {
      const ids = [...new Set(contentIds.filter(isUuid))];
      const result = new Map<string, MediaAsset[]>(contentIds.map((id) => [id, []]));
      if (ids.length === 0) return result;
      const rows = await db.selectFrom('media_assets').selectAll().where('content_id', 'in', ids).orderBy('content_id').orderBy('created_at').orderBy('id').execute();
      for (const row of rows) result.get(row.content_id!)?.push(toAsset(row));
      return result;
    },
    async setContent(id, contentId, now) {
      if (!isUuid(id)) return null;
      const row = await db.updateTable('media_assets').set({ content_id: contentId, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
      return row ? toAsset(row) : null;
    },
    async videoProgressOf(userId, assetIds) {
      const ids = assetIds.filter(isUuid);
      if (!ids.length || !isUuid(userId)) return new Map();
      const rows = await db.selectFrom('video_progress').selectAll().where('user_id', '=', userId).where('media_asset_id', 'in', ids).execute();
      return new Map<string, VideoProgressView>(rows.map((r) => [r.media_asset_id, { position: r.position, duration: r.duration, completed: r.completed, lastWatchedAt: r.last_watched_at }]));
    },
  };
}
