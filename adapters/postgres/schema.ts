/** The database as Kysely sees it. One interface per table, snake_case columns. */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { ContentTables } from './content/schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OutboxTable {
  id: Generated<number>;
  type: string;
  version: Generated<number>;
  key: Generated<string>;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<'pending' | 'delivered' | 'failed', 'pending' | 'delivered' | 'failed' | undefined, 'pending' | 'delivered' | 'failed'>;
  created_at: Timestamp;
  next_attempt_at: Timestamp;
  attempts: Generated<number>;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  failed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
}

export interface ProcessedEventsTable {
  consumer: string;
  event_id: number;
  processed_at: Timestamp;
}

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  email_verified: Generated<boolean>;
  password_hash: string | null;
  preferred_auth_method: 'PASSWORD' | 'PASSKEY' | 'SOCIAL' | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  country: string | null;
  language: Generated<string>;
  birth_year: number | null;
  marketing_opt_in: Generated<boolean>;
  weekly_digest_opt_in: Generated<boolean>;
  preferences: ColumnType<{ theme: 'light' | 'dark' | 'system'; emailNotifications: boolean; pushNotifications: boolean }, string | undefined, string>;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  is_active: Generated<boolean>;
  hubspot_contact_id: string | null;
  magic_link_enabled: Generated<boolean>;
  last_login_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MagicLinksTable {
  id: string;
  email: string;
  token_hash: string;
  redirect_path: string | null;
  requester: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  replaced_at: NullableTimestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  method: 'MAGIC_LINK' | 'PASSWORD' | 'PASSKEY' | 'SOCIAL';
  ip: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
  reauthenticated_at: NullableTimestamp;
}

export interface AuditEventsTable {
  id: Generated<number>;
  action: string;
  outcome: 'success' | 'failure';
  method: string | null;
  user_id: string | null;
  email: string | null;
  session_id: string | null;
  ip: string;
  user_agent: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  at: Timestamp;
}

export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  counter: Generated<number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: Generated<boolean>;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface SocialAccountsTable {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  email: string | null;
  email_verified: Generated<boolean>;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface Database extends ContentTables {
  outbox: OutboxTable;
  processed_events: ProcessedEventsTable;
  users: UsersTable;
  magic_links: MagicLinksTable;
  sessions: SessionsTable;
  audit_events: AuditEventsTable;
  social_accounts: SocialAccountsTable;
  passkeys: PasskeysTable;
}
