/**
 * A member's recommendations (domain/content/README.md "Browsing"): unstarted items ranked by the
 * tags and creators they share with what the member started, then featured, then newest; the
 * candidates read through indexes and bounded, so the cost does not grow with the library.
 */
import { sql, type Kysely } from 'kysely';
import type { ContentRepository } from '../../../application/ports/content-repository';
import type { ContentItem } from '../../../domain/content/model';
import type { Database } from '../schema';
import { isUuid } from '../uuid';
import { visibleSql } from './filter';
import { CONTENT_COLUMNS, hydrate } from './rows';

export function contentRecommendations(db: Kysely<Database>): Pick<ContentRepository, 'recommendedFor'> {
  return {
    async recommendedFor({ userId, types, statuses, limit }): Promise<ContentItem[]> {
      if (!isUuid(userId) || types.length === 0) return [];
      // Seeds: the member's 100 most recent entries not dismissed, each child standing also for its
      // parent; their tags and creators, and what is never suggested (all the member started, and the seeds).
      const { rows: [seeds] } = await sql<{ tags: string[]; creators: string[]; excluded: string[] }>`
        with mine as (select content_id, was_dismissed, last_accessed_at from content_progress where user_id = ${userId}::uuid),
        recent as (select content_id from mine where not was_dismissed order by last_accessed_at desc limit 100),
        seeds as (
          select content_id as id from recent
          union select ch.book_id from chapters ch join recent on recent.content_id = ch.content_id
          union select l.course_id from lessons l join recent on recent.content_id = l.content_id
          union select l.playlist_id from lectures l join recent on recent.content_id = l.content_id
        )
        select
          array(select distinct unnest(c.tags) from content c where c.id in (select id from seeds)) as tags,
          array(select distinct creator_id from content_creators where content_id in (select id from seeds)) as creators,
          array(select content_id from mine union select id from seeds) as excluded`.execute(db);
      const { tags, creators, excluded } = seeds!;
      const visible = visibleSql(statuses);
      const unstarted = sql`content.id <> all(${excluded}::uuid[])`;
      const columns = sql`content.id, content.tags, content.featured, content.created_at`;
      // The candidates, each set read through an index and bounded, so the cost does not grow with the
      // library; the seeds' tags and creators are constants here, so each type's branch is planned with
      // what the statistics say about them (walk the newest for a common tag, the GIN index for a rare one):
      // - per type, the 200 newest unstarted items sharing a seed tag;
      // - the 1,000 newest unstarted items of the seed creators;
      // - per type, the first 2 x limit unstarted items by featured, then newest (content_recommend_idx):
      //   when fewer than `limit` candidates score, the rest of the answer is among these.
      const branches = [
        ...(tags.length ? types.map((type) => sql`(select ${columns} from content where content.type = ${type} and ${visible} and ${unstarted} and content.tags && ${tags}::text[] order by content.created_at desc limit 200)`) : []),
        ...(creators.length
          ? [sql`(select ${columns} from content where content.type = any(${[...types]}::text[]) and ${visible} and ${unstarted}
              and exists (select 1 from content_creators cc where cc.content_id = content.id and cc.creator_id = any(${creators}::uuid[]))
              order by content.created_at desc limit 1000)`]
          : []),
        ...types.map((type) => sql`(select ${columns} from content where content.type = ${type} and ${visible} and ${unstarted} order by content.featured desc, content.created_at desc, content.id limit ${2 * limit})`),
      ];
      const { rows } = await sql<{ id: string }>`
        select c.id from (${sql.join(branches, sql` union `)}) as c
        order by
          (select count(*) from unnest(c.tags) as t where t = any(${tags}::text[]))
            + 2 * (select count(*) from content_creators cc where cc.content_id = c.id and cc.creator_id = any(${creators}::uuid[])) desc,
          c.featured desc, c.created_at desc, c.id
        limit ${limit}`.execute(db);
      if (rows.length === 0) return [];
      const items = await hydrate(db, await db.selectFrom('content').select(CONTENT_COLUMNS).where('content.id', 'in', rows.map((r) => r.id)).execute());
      const byId = new Map(items.map((i) => [i.id, i]));
      return rows.map((r) => byId.get(r.id)).filter((i): i is ContentItem => i !== undefined);
    },
  };
}
