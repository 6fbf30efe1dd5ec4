import { sql, type Kysely } from 'kysely';

/**
 * Search that never reveals a body the caller may not open (issue 11 §4; domain/content/README.md
 * "Search"). Until now `search` held the whole text, bodies included, and matched for everyone.
 *
 * 1. The text is split: `search_text` keeps what the catalogue shows (tags, author, contributors,
 *    the type's descriptive fields), `body_text` the body (details.ts BODY_FIELDS: a chapter's or
 *    essay's text, an excerpt and its analysis, transcripts, an artifact's transcription).
 * 2. `body_locks`: what stands between a caller and the item's body, as a sorted set: the item's
 *    access type (or UNPUBLISHED while it is not published), RESTRICTED for a restricted artifact,
 *    and for each parent its access type (or UNPUBLISHED). The access policy
 *    (application/content/access.ts bodyKeys) answers which locks a caller holds; the body may be
 *    read when the caller holds every lock, which is the policy's rule for the item and for each
 *    of its parents (tests/contract/content-search-access.test.ts holds the two together). Kept
 *    from `parent_locks` (maintained like 0008's `parent_unpublished`, by the same refresh) and
 *    `restricted` (from `artifacts.is_restricted`).
 * 3. Two vectors: `search_public`, the catalogue's text (0009's `search`, renamed: title A,
 *    subtitle and description B, search_text C), and `search`, that and the body (C), with the GIN
 *    index. A caller's search is `search @@ q and (body_locks <@ keys or search_public @@ q)`: the
 *    index finds every item whose whole text matches (as before, one exact GIN condition), and of
 *    those an item is kept when the caller may open its body or its catalogue text alone matches.
 *    The check reads each found row's locks (a short array) and, only for an item the caller may
 *    not open, its catalogue vector; the whole text's vector is never read back. A body is never
 *    matched for a caller who may not open it.
 * 4. `search_lexemes` holds each lexeme with the locks it came under (`{}` for a published item's
 *    catalogue text, `{UNPUBLISHED}` for a draft's), so a typed prefix expands only to words the
 *    caller may match: a prefix that occurs only in gated bodies (or in drafts) expands to nothing
 *    for a visitor. Rows are written at commit (a deferred trigger on `search_lexemes_pending`),
 *    when an item's links and its artifact row are in place: a chapter inserted before its PREMIUM
 *    book is linked never leaves its words behind as OPEN. Rows are never removed (a stale one
 *    expands to a word that then finds nothing the caller may not see).
 */

const CHILD_TYPES = `('CHAPTER', 'ESSAY', 'EXCERPT', 'LESSON', 'LECTURE')`;
const PARENT_TYPES = `('BOOK', 'COURSE', 'PLAYLIST', 'LEXICON_TERM')`;

/** Each parent link: its table, the child's column and the parent's column (as in 0008). */
const LINKS = [
  { table: 'chapters', child: 'content_id', parent: 'book_id' },
  { table: 'lessons', child: 'content_id', parent: 'course_id' },
  { table: 'lectures', child: 'content_id', parent: 'playlist_id' },
  { table: 'book_essays', child: 'essay_id', parent: 'book_id' },
  { table: 'lexicon_term_excerpts', child: 'excerpt_id', parent: 'lexicon_term_id' },
] as const;

const parentsOf = LINKS.map((l) => `select ${l.parent} as id from ${l.table} where ${l.child} = child`).join(' union all ');
const childrenOf = (moved: string) => LINKS.map((l) => `select l.${l.child} from ${l.table} l join ${moved} m on m.id = l.${l.parent}`).join('\n        union ');

/** The text columns of each type with a body, as domain/content/details.ts SEARCHABLE_FIELDS orders them (arrays as arrays). */
const TEXT_OF: Record<string, { table: string; public: string[]; body: string[] }> = {
  CHAPTER: { table: 'chapters', public: [], body: ['content_text'] },
  ESSAY: { table: 'essays', public: ['array[d.abstract_summary]', 'd.topics', 'd.key_takeaways', 'array[d.publication_source]'], body: ['content_text'] },
  EXCERPT: { table: 'excerpts', public: ['array[d.work_title, d.book_title]'], body: ['excerpt', 'analysis'] },
  LESSON: { table: 'lessons', public: ['array[d.overview]', 'd.key_points', 'd.objectives'], body: ['transcript'] },
  LECTURE: { table: 'lectures', public: ['array[d.overview, d.venue, d.event]'], body: ['transcript'] },
  INTERVIEW: { table: 'interviews', public: ['array[d.overview, d.interviewer, d.interviewee]', 'd.main_topics'], body: ['transcript'] },
  CLIP: { table: 'clips', public: ['array[d.overview, d.context]', 'd.topics'], body: ['transcript'] },
  ARTIFACT: { table: 'artifacts', public: ['array[d.overview, d.provenance, d.collection, d.creator]'], body: ['transcription'] },
};

/** Moves each type's body out of `search_text` (array_to_string leaves out nulls; at most 500,000 characters in all, as domain/content/model.ts). */
const splitText = Object.entries(TEXT_OF).map(
  ([type, t]) => `with split as (
      select c.id, left(array_to_string(c.tags || array[c.author] || c.contributors${t.public.map((p) => ` || ${p}`).join('')}, E'\\n'), 500000) as text,
        array_to_string(array[${t.body.map((b) => `d.${b}`).join(', ')}], E'\\n') as body
      from content c join ${t.table} d on d.content_id = c.id
      where c.type = '${type}'
    )
    update content c set search_text = split.text, body_text = left(split.body, greatest(0, 500000 - length(split.text))) from split where split.id = c.id`,
);

/** The lexemes of written rows, each with the locks it comes under: the catalogue's (`{}` once the public sees the item) and every one with the body's locks. */
const lexemesOf = (rows: string) => `select lexeme, case when r.published and not r.parent_unpublished then '{}'::text[] else '{UNPUBLISHED}'::text[] end as locks
        from ${rows} r, unnest(tsvector_to_array(r.search_public)) as lexeme
      union all
      select lexeme, r.body_locks from ${rows} r, unnest(tsvector_to_array(r.search)) as lexeme`;

/** 0009's vector: title A, subtitle and description B, search_text C. */
const CATALOGUE_VECTOR = `setweight(to_tsvector('english', title), 'A')
      || setweight(to_tsvector('english', coalesce(subtitle, '')), 'B')
      || setweight(to_tsvector('english', coalesce(description, '')), 'B')
      || setweight(to_tsvector('english', search_text), 'C')`;

const LOCK_INPUTS = 'published, access_type, restricted, parent_locks';

const STATEMENTS = [
  // 0009's lexemes go first, so the rewrites below do not feed them.
  `drop trigger search_lexemes_insert on content`,
  `drop trigger search_lexemes_update on content`,
  `drop function search_lexemes_after_write()`,
  `drop table search_lexemes`,
  `alter table content add column body_text text not null default ''`,
  `alter table content add column parent_locks text[] not null default '{}'`,
  `alter table content add column restricted boolean not null default false`,
  ...splitText,

  // The locks of a body, sorted and without repeats: one lock set is one value in search_lexemes.
  `create function content_body_locks(published boolean, access_type text, restricted boolean, parent_locks text[]) returns text[] language sql immutable as $$
    select array(select distinct lock from unnest(
      case when published then array[access_type] || case when restricted then array['RESTRICTED'] else '{}'::text[] end else array['UNPUBLISHED'] end
      || parent_locks) as lock order by lock)
  $$`,
  `create function content_parent_locks(child uuid) returns text[] language sql stable as $$
    select array(select distinct case when p.published then p.access_type else 'UNPUBLISHED' end as lock
      from (${parentsOf}) as links join content p on p.id = links.id order by lock)
  $$`,

  // 0008's refresh, which every link trigger and a parent's publication call, now keeps parent_locks too.
  `create or replace function content_refresh_parent_unpublished(children uuid[]) returns void language plpgsql as $$
  begin
    if cardinality(children) = 0 then return; end if;
    with wanted as materialized (
      select id, content_has_unpublished_parent(id) as unpublished, content_parent_locks(id) as locks
      from content
      where id = any(children) and type in ${CHILD_TYPES}
      order by id for update
    )
    update content c set parent_unpublished = w.unpublished, parent_locks = w.locks
    from wanted w
    where c.id = w.id and (c.parent_unpublished <> w.unpublished or c.parent_locks <> w.locks);
  end $$`,
  // A parent published, unpublished or given another access type: its children are looked at again.
  `create or replace function content_parents_after_update() returns trigger language plpgsql as $$
  begin
    perform content_refresh_parent_unpublished(array(
      with moved as (
        select n.id from inserted n join deleted o on o.id = n.id
        where (n.published <> o.published or n.access_type <> o.access_type) and n.type in ${PARENT_TYPES}
      )
      ${childrenOf('moved')}
    ));
    return null;
  end $$`,
  `update content set parent_locks = content_parent_locks(id) where type in ${CHILD_TYPES} and parent_locks <> content_parent_locks(id)`,

  // An artifact's restriction, on its content row, where the body's locks can read it.
  `update content c set restricted = true from artifacts a where a.content_id = c.id and a.is_restricted`,
  `create function content_restricted_after_write() returns trigger language plpgsql as $$
  begin
    update content c set restricted = a.is_restricted from written a where c.id = a.content_id and c.restricted <> a.is_restricted;
    return null;
  end $$`,
  `create trigger artifacts_restricted_insert after insert on artifacts referencing new table as written for each statement execute function content_restricted_after_write()`,
  `create trigger artifacts_restricted_update after update on artifacts referencing new table as written for each statement execute function content_restricted_after_write()`,

  // 0009's vector keeps its expression (the catalogue's text) under a name that says so; the search
  // vector is made again with the body, and the GIN index goes with it.
  `alter table content rename column search to search_public`,
  `drop index content_search_idx`,
  `alter table content
    add column body_locks text[] generated always as (content_body_locks(${LOCK_INPUTS})) stored,
    add column search tsvector generated always as (${CATALOGUE_VECTOR} || setweight(to_tsvector('english', body_text), 'C')) stored`,
  `create index content_search_idx on content using gin (search)`,

  // Lexemes with their locks, written at commit.
  `create table search_lexemes (
    lexeme text collate "C" not null,
    locks text[] not null,
    primary key (lexeme, locks)
  )`,
  `insert into search_lexemes (lexeme, locks) select distinct lexeme, locks from (${lexemesOf('content')}) as l on conflict do nothing`,
  `create table search_lexemes_pending (id uuid primary key)`,
  `create function search_lexemes_after_write() returns trigger language plpgsql as $$
  begin
    insert into search_lexemes_pending (id) select id from written order by id on conflict do nothing;
    return null;
  end $$`,
  `create trigger search_lexemes_insert after insert on content referencing new table as written for each statement execute function search_lexemes_after_write()`,
  `create trigger search_lexemes_update after update on content referencing new table as written for each statement execute function search_lexemes_after_write()`,
  // One firing per pending row at commit; the first writes them all, the rest find their row gone
  // (one primary-key probe each). Lexemes in key order, so concurrent writers never wait in a cycle.
  `create function search_lexemes_flush() returns trigger language plpgsql as $$
  begin
    if not exists (select 1 from search_lexemes_pending where id = new.id) then return null; end if;
    with done as (delete from search_lexemes_pending returning id),
    written as (select c.* from content c join done on done.id = c.id)
    insert into search_lexemes (lexeme, locks)
    select distinct lexeme, locks from (${lexemesOf('written')}) as l order by lexeme, locks
    on conflict do nothing;
    return null;
  end $$`,
  `create constraint trigger search_lexemes_pending_flush after insert on search_lexemes_pending deferrable initially deferred for each row execute function search_lexemes_flush()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

/** Back to the state before: one vector of everything, bodies back in `search_text`, lexemes without locks. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    'drop trigger if exists search_lexemes_pending_flush on search_lexemes_pending',
    'drop function if exists search_lexemes_flush()',
    'drop trigger if exists search_lexemes_insert on content',
    'drop trigger if exists search_lexemes_update on content',
    'drop function if exists search_lexemes_after_write()',
    'drop table if exists search_lexemes_pending',
    'drop table if exists search_lexemes',
    'alter table content drop column if exists search, drop column if exists body_locks',
    'alter table content rename column search_public to search',
    `update content set search_text = left(search_text || E'\\n' || body_text, 500000) where body_text <> ''`,
    'create index content_search_idx on content using gin (search)',
    'drop trigger if exists artifacts_restricted_insert on artifacts',
    'drop trigger if exists artifacts_restricted_update on artifacts',
    'drop function if exists content_restricted_after_write()',
    `create or replace function content_parents_after_update() returns trigger language plpgsql as $$
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
    `create or replace function content_refresh_parent_unpublished(children uuid[]) returns void language plpgsql as $$
  begin
    if cardinality(children) = 0 then return; end if;
    update content set parent_unpublished = not parent_unpublished
    where id in (
      select id from content
      where id = any(children) and type in ${CHILD_TYPES} and parent_unpublished <> content_has_unpublished_parent(id)
      order by id for update
    );
  end $$`,
    'drop function if exists content_parent_locks(uuid)',
    'drop function if exists content_body_locks(boolean, text, boolean, text[])',
    'alter table content drop column if exists restricted',
    'alter table content drop column if exists parent_locks',
    'alter table content drop column if exists body_text',
    // 0009's lexemes, as it kept them.
    `create table search_lexemes (lexeme text collate "C" primary key)`,
    `insert into search_lexemes (lexeme) select distinct lexeme from content, unnest(tsvector_to_array(content.search)) as lexeme on conflict do nothing`,
    `create function search_lexemes_after_write() returns trigger language plpgsql as $$
  begin
    insert into search_lexemes (lexeme)
      select distinct lexeme from written, unnest(tsvector_to_array(written.search)) as lexeme
    on conflict do nothing;
    return null;
  end $$`,
    `create trigger search_lexemes_insert after insert on content referencing new table as written for each statement execute function search_lexemes_after_write()`,
    `create trigger search_lexemes_update after update on content referencing new table as written for each statement execute function search_lexemes_after_write()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
