import { sql, type Kysely } from 'kysely';

/**
 * ADMIN only for a proven address (issue 11). Until now a password registration, a password login
 * or a passkey sign-in gave ADMIN to an address in ADMIN_EMAILS whether or not anyone had proven
 * they own it, so an account set up by someone else for an administrator's address may hold it.
 * This takes ADMIN from every account whose address is unverified and which no administrator made
 * one (no `user.roles_changed` event granting it): such an ADMIN can only have come from
 * ADMIN_EMAILS on an unproven address. The owner gets it back at their first sign-in by e-mailed
 * link or verified provider, which proves the address. Each change is in the audit trail and the
 * member's security timeline. The database does not know ADMIN_EMAILS, and needs not: the rule
 * holds whatever the setting is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    with unproven as (
      select u.id, u.roles as before
      from users u
      where u.email_verified = false
        and 'ADMIN' = any(u.roles)
        and not exists (
          select 1 from audit_events a
          where a.user_id = u.id and a.action = 'user.roles_changed' and a.detail -> 'after' @> '["ADMIN"]'::jsonb
        )
    ),
    stripped as (
      update users u set roles = array_remove(u.roles, 'ADMIN'), updated_at = now()
      from unproven
      where u.id = unproven.id
      returning u.id, u.email, unproven.before, u.roles as after
    )
    insert into audit_events (action, outcome, user_id, email, ip, user_agent, detail, at)
    select 'user.roles_changed', 'success', id, email, '', null,
      jsonb_build_object('before', to_jsonb(before), 'after', to_jsonb(after), 'reason', 'ADMIN from ADMIN_EMAILS on an address nobody had proven (migration 0014)'),
      now()
    from stripped
  `.execute(db);
}

/** Nothing to undo: the roles taken were never rightly granted. */
export async function down(): Promise<void> {}
