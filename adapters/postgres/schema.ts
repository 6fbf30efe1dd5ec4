/** The database as Kysely sees it. One interface per table, snake_case columns. */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OutboxTable {
  id: Generated<number>;
  type: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
  available_at: Timestamp;
  attempts: Generated<number>;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
}

export interface Database {
  outbox: OutboxTable;
}
