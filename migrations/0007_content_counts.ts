import { sql, type Kysely } from 'kysely';

/**
 * Exact totals for the catalogue lists without counting rows on every request (issue 6, the
 * benchmark's `total`): `content_counts` holds how many items of each type sit in each status,
 * kept by statement-level triggers in the same transaction as the write, so it is never stale.
 * A list filtered only by type and status (every catalogue page a visitor opens) reads its total
 * here; any other filter still counts (domain/content/README.md "Totals").
 * Transition tables cannot serve several events in one trigger, hence one trigger per event.
 * Counter rows are touched in (type, status) order, so two writers never wait on each other in a cycle.
 */
const upsert = (source: string) => `insert into content_counts (type, status, n)
      ${source}
    on conflict (type, status) do update set n = content_counts.n + excluded.n`;

const trigger = (event: 'insert' | 'delete' | 'update', source: string) => `create function content_counts_after_${event}() returns trigger language plpgsql as $$
  begin
    ${upsert(source)};
    return null;
  end $$`;

const STATEMENTS = [
  // No check on n: a removal arrives as a negative candidate row, resolved by the conflict into an update.
  `create table content_counts (
    type text not null,
    status text not null,
    n bigint not null default 0,
    primary key (type, status)
  )`,
  upsert('select type, status, count(*) from content group by type, status'),
  trigger('insert', 'select type, status, count(*) from inserted group by type, status order by type, status'),
  trigger('delete', 'select type, status, -count(*) from deleted group by type, status order by type, status'),
  trigger(
    'update',
    `select type, status, sum(n)::bigint from (select type, status, 1 as n from inserted union all select type, status, -1 from deleted) moves
      group by type, status having sum(n) <> 0 order by type, status`,
  ),
  `create trigger content_counts_insert after insert on content referencing new table as inserted for each statement execute function content_counts_after_insert()`,
  `create trigger content_counts_delete after delete on content referencing old table as deleted for each statement execute function content_counts_after_delete()`,
  `create trigger content_counts_update after update on content referencing old table as deleted new table as inserted for each statement execute function content_counts_after_update()`,
  // Editors page through every status of a type, newest first (visitors use content_type_listing_idx).
  `create index content_type_newest_idx on content (type, created_at desc, id desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop index if exists content_type_newest_idx',
    'drop trigger if exists content_counts_update on content',
    'drop trigger if exists content_counts_delete on content',
    'drop trigger if exists content_counts_insert on content',
    'drop function if exists content_counts_after_update()',
    'drop function if exists content_counts_after_delete()',
    'drop function if exists content_counts_after_insert()',
    'drop table if exists content_counts',
  ])
    await sql.raw(statement).execute(db);
}
