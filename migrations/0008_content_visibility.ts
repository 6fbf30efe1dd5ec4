import { sql, type Kysely } from 'kysely';

/**
 * What the public sees of the library, kept by the database (domain/content/README.md "Who sees
 * what", "Browsing"):
 * - `content.parent_unpublished`: true while any parent of the item (a chapter's book, a lesson's
 *   course, a lecture's playlist, an essay's books, an excerpt's lexicon terms) is not PUBLISHED, so
 *   a draft book's published chapters are private everywhere by one indexed column, not by joins.
 *   Statement-level triggers set it when a child is linked or moved, and when a parent's
 *   publication changes, in the same transaction as the write.
 * - `content_public_counts (type, n)`: how many items of each type the public sees (published, no
 *   unpublished parent): the exact total of a visitor's list of chapters, lessons or everything.
 * - `content_tag_counts (tag, public, n)`: how many items carry each tag, split by whether the
 *   public sees them: the library's tag filter without unnesting every row's tags per request.
 * - `content_recommend_idx`: the public's items of a type, featured first, then newest, so the
 *   recommendations' fill-up reads a few index entries per type instead of every item;
 *   `content_public_newest_idx`: the public's items of every type, newest first (the library browser).
 * As in 0007, transition tables cannot serve several events in one trigger, hence one per event,
 * and counter rows are touched in key order so concurrent writers never wait on each other in a cycle.
 */

/** Each parent link: its table, the child's column and the parent's column. */
const LINKS = [
  { table: 'chapters', child: 'content_id', parent: 'book_id' },
  { table: 'lessons', child: 'content_id', parent: 'course_id' },
  { table: 'lectures', child: 'content_id', parent: 'playlist_id' },
  { table: 'book_essays', child: 'essay_id', parent: 'book_id' },
  { table: 'lexicon_term_excerpts', child: 'excerpt_id', parent: 'lexicon_term_id' },
] as const;

const PARENT_TYPES = `('BOOK', 'COURSE', 'PLAYLIST', 'LEXICON_TERM')`;
const CHILD_TYPES = `('CHAPTER', 'ESSAY', 'EXCERPT', 'LESSON', 'LECTURE')`;

const hasUnpublishedParent = LINKS.map((l) => `exists (select 1 from ${l.table} l join content p on p.id = l.${l.parent} where l.${l.child} = child and not p.published)`).join('\n      or ');

const childrenOf = (moved: string) => LINKS.map((l) => `select l.${l.child} from ${l.table} l join ${moved} m on m.id = l.${l.parent}`).join('\n        union ');

/** One trigger function and its trigger on a link table: the children it names are looked at again. */
function linkTrigger(table: string, child: string, event: 'insert' | 'update' | 'delete') {
  const rows = event === 'delete' ? 'deleted' : 'inserted';
  const referencing = event === 'delete' ? 'old table as deleted' : 'new table as inserted';
  return [
    `create function ${table}_parent_after_${event}() returns trigger language plpgsql as $$
  begin
    perform content_refresh_parent_unpublished(array(select ${child} from ${rows}));
    return null;
  end $$`,
    `create trigger ${table}_parent_${event} after ${event} on ${table} referencing ${referencing} for each statement execute function ${table}_parent_after_${event}()`,
  ];
}

const publicCountsUpsert = (source: string) => `insert into content_public_counts (type, n) ${source}
      on conflict (type) do update set n = content_public_counts.n + excluded.n`;
const tagCountsUpsert = (source: string) => `insert into content_tag_counts (tag, public, n) ${source}
      on conflict (tag, public) do update set n = content_tag_counts.n + excluded.n`;

/** The count moves of one content statement, from its rows (each with a sign: +1 added, -1 removed). */
const countMoves = (signed: string) => [
  publicCountsUpsert(`select type, sum(n)::bigint from (${signed}) moves where public group by type having sum(n) <> 0 order by type`),
  tagCountsUpsert(`select tag, public, sum(n)::bigint from (${signed}) moves cross join unnest(tags) as tag group by tag, public having sum(n) <> 0 order by tag, public`),
];

const signedRows = (table: string, sign: 1 | -1) => `select type, tags, published and not parent_unpublished as public, ${sign} as n from ${table}`;

function countsTrigger(event: 'insert' | 'update' | 'delete') {
  const signed = event === 'insert' ? signedRows('inserted', 1) : event === 'delete' ? signedRows('deleted', -1) : `${signedRows('inserted', 1)} union all ${signedRows('deleted', -1)}`;
  const referencing = event === 'insert' ? 'new table as inserted' : event === 'delete' ? 'old table as deleted' : 'old table as deleted new table as inserted';
  return [
    `create function content_visible_counts_after_${event}() returns trigger language plpgsql as $$
  begin
    ${countMoves(signed).join(';\n    ')};
    return null;
  end $$`,
    `create trigger content_visible_counts_${event} after ${event} on content referencing ${referencing} for each statement execute function content_visible_counts_after_${event}()`,
  ];
}

const STATEMENTS = [
  `alter table content add column parent_unpublished boolean not null default false`,
  `create function content_has_unpublished_parent(child uuid) returns boolean language sql stable as $$
    select ${hasUnpublishedParent}
  $$`,
  // Rows are locked in id order, so two writers refreshing overlapping children never deadlock. An
  // update of no rows still fires the statement triggers (this one among them): it is not made.
  `create function content_refresh_parent_unpublished(children uuid[]) returns void language plpgsql as $$
  begin
    if cardinality(children) = 0 then return; end if;
    update content set parent_unpublished = not parent_unpublished
    where id in (
      select id from content
      where id = any(children) and type in ${CHILD_TYPES} and parent_unpublished <> content_has_unpublished_parent(id)
      order by id for update
    );
  end $$`,
  `update content set parent_unpublished = true where type in ${CHILD_TYPES} and content_has_unpublished_parent(id)`,
  // A parent published or unpublished: its children are looked at again.
  `create function content_parents_after_update() returns trigger language plpgsql as $$
  begin
    perform content_refresh_parent_unpublished(array(
      with moved as (
        select n.id from inserted n join deleted o on o.id = n.id
        where n.published <> o.published and n.type in ${PARENT_TYPES}
      )
      ${childrenOf('moved')}
    ));
    return null;
  end $$`,
  `create trigger content_parents_update after update on content referencing old table as deleted new table as inserted for each statement execute function content_parents_after_update()`,
  ...LINKS.flatMap((l) => [...linkTrigger(l.table, l.child, 'insert'), ...linkTrigger(l.table, l.child, 'update')]),
  ...linkTrigger('book_essays', 'essay_id', 'delete'),
  ...linkTrigger('lexicon_term_excerpts', 'excerpt_id', 'delete'),

  // No check on n: a removal arrives as a negative candidate row, resolved by the conflict into an update.
  `create table content_public_counts (
    type text primary key,
    n bigint not null default 0
  )`,
  `create table content_tag_counts (
    tag text not null,
    public boolean not null,
    n bigint not null default 0,
    primary key (tag, public)
  )`,
  publicCountsUpsert(`select type, count(*) from content where published and not parent_unpublished group by type`),
  tagCountsUpsert(`select tag, published and not parent_unpublished, count(*) from content cross join unnest(tags) as tag group by 1, 2`),
  ...countsTrigger('insert'),
  ...countsTrigger('update'),
  ...countsTrigger('delete'),

  `create index content_recommend_idx on content (type, featured desc, created_at desc, id) where published and not parent_unpublished`,
  // The library browser's list of every type, newest first, as the public sees it (GET /api/content).
  `create index content_public_newest_idx on content (created_at desc, id desc) where published and not parent_unpublished`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drops = [
    'drop index if exists content_public_newest_idx',
    'drop index if exists content_recommend_idx',
    ...(['insert', 'update', 'delete'] as const).flatMap((e) => [`drop trigger if exists content_visible_counts_${e} on content`, `drop function if exists content_visible_counts_after_${e}()`]),
    'drop table if exists content_tag_counts',
    'drop table if exists content_public_counts',
    ...LINKS.flatMap((l) => (['insert', 'update', 'delete'] as const).flatMap((e) => [`drop trigger if exists ${l.table}_parent_${e} on ${l.table}`, `drop function if exists ${l.table}_parent_after_${e}()`])),
    'drop trigger if exists content_parents_update on content',
    'drop function if exists content_parents_after_update()',
    'drop function if exists content_refresh_parent_unpublished(uuid[])',
    'drop function if exists content_has_unpublished_parent(uuid)',
    'alter table content drop column if exists parent_unpublished',
  ];
  for (const statement of drops) await sql.raw(statement).execute(db);
}
