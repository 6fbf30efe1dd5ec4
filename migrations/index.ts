/**
 * Migrations, numbered and forward-only in production, listed by static import: Kysely's
 * FileMigrationProvider uses a native import() of .ts files that fails under vitest on Node 20.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_auth';
import * as m0003 from './0003_account_security';
import * as m0004 from './0004_passkeys';
import * as m0005 from './0005_social_accounts';
import * as m0006 from './0006_content';
import * as m0007 from './0007_content_counts';
import * as m0008 from './0008_content_visibility';
import * as m0009 from './0009_search_lexemes';
import * as m0011 from './0011_search_access';
import * as m0013 from './0013_outbox_delivery';
import * as m0014 from './0014_unproven_admins';
import * as m0015 from './0015_magic_link_requester';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_auth': m0002,
  '0003_account_security': m0003,
  '0004_passkeys': m0004,
  '0005_social_accounts': m0005,
  '0006_content': m0006,
  '0007_content_counts': m0007,
  '0008_content_visibility': m0008,
  '0009_search_lexemes': m0009,
  '0011_search_access': m0011,
  '0013_outbox_delivery': m0013,
  '0014_unproven_admins': m0014,
  '0015_magic_link_requester': m0015,
};
