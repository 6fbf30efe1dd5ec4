import { sql, type Kysely } from 'kysely';

/**
 * Faster full-text search (issue 6, the benchmark's search row; domain/content/README.md "Search").
 *
 * 1. `search_lexemes`: every lexeme any item's `search` vector holds, kept by statement-level
 *    triggers in the write's own transaction. A typed prefix (`virt`) is expanded here, through
 *    the primary key's range, into the whole words it can stand for (`virtu`, `virtuous`, …), and
 *    the text query then asks the GIN index for those words outright. GIN's own prefix matching
 *    (`virt:*`) collects every matching posting into a bitmap before it can intersect two terms,
 *    which was most of a two-word search's time (2.5 of 4.6 ms at 100,000 items). Lexemes are
 *    never removed: one left by a deleted item only expands to a word that finds nothing.
 * 2. `search_head`: the title (A), subtitle and description (B) and author (C) as a small vector
 *    (~0.5 KB, kept in the row) that ranking reads, instead of the whole document's vector
 *    (~4 KB, out of line in TOAST for a few hundred words), read for every match to rank it.
 *    Matching still uses the whole document.
 *
 * The C collation makes the key's order byte order, so `lexeme >= w and lexeme < w || max` is
 * exactly the lexemes that start with `w`.
 */
const LEXEMES_OF = (rows: string) => `insert into search_lexemes (lexeme)
      select distinct lexeme from ${rows}, unnest(tsvector_to_array(${rows}.search)) as lexeme
    on conflict do nothing`;

const STATEMENTS = [
  `create table search_lexemes (lexeme text collate "C" primary key)`,
  LEXEMES_OF('content'),
  `create function search_lexemes_after_write() returns trigger language plpgsql as $$
  begin
    ${LEXEMES_OF('written')};
    return null;
  end $$`,
  // Transition tables cannot serve two events in one trigger: one trigger per event, one function.
  `create trigger search_lexemes_insert after insert on content referencing new table as written for each statement execute function search_lexemes_after_write()`,
  `create trigger search_lexemes_update after update on content referencing new table as written for each statement execute function search_lexemes_after_write()`,
  `alter table content add column search_head tsvector generated always as (
      setweight(to_tsvector('english', title), 'A')
      || setweight(to_tsvector('english', coalesce(subtitle, '')), 'B')
      || setweight(to_tsvector('english', coalesce(description, '')), 'B')
      || setweight(to_tsvector('english', coalesce(author, '')), 'C')
    ) stored`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'alter table content drop column if exists search_head',
    'drop trigger if exists search_lexemes_update on content',
    'drop trigger if exists search_lexemes_insert on content',
    'drop function if exists search_lexemes_after_write()',
    'drop table if exists search_lexemes',
  ])
    await sql.raw(statement).execute(db);
}
