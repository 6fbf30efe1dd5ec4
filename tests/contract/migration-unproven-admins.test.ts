/**
 * Migration 0014 on the embedded database and PostgreSQL: ADMIN is taken from accounts whose
 * address nobody proved unless an administrator granted it, and each change is in the audit trail.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../adapters/postgres/database';
import { up } from '../../migrations/0014_unproven_admins';
import { databaseTargets } from '../support/database';

const targets = await databaseTargets();

for (const target of targets) {
  describe(`migration 0014 [${target.name}]`, () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ handle, drop } = await target.make());
      await handle.migrate();
    }, 60_000);
    afterAll(async () => drop());

    async function member(email: string, emailVerified: boolean, roles: string[]) {
      const { rows } = await sql<{ id: string }>`insert into users (email, email_verified, roles) values (${email}, ${emailVerified}, ${roles}) returning id`.execute(handle.db);
      return rows[0]!.id;
    }
    const rolesOf = async (id: string) => (await sql<{ roles: string[] }>`select roles from users where id = ${id}`.execute(handle.db)).rows[0]!.roles;

    it('takes ADMIN from unproven addresses that only configuration made administrators, and keeps every other role', async () => {
      const squatter = await member('chief@example.org', false, ['MEMBER', 'GRADER', 'ADMIN']);
      const proven = await member('boss@example.org', true, ['MEMBER', 'ADMIN']);
      const granted = await member('granted@example.org', false, ['MEMBER', 'ADMIN']);
      await sql`insert into audit_events (action, outcome, user_id, ip, detail, at)
        values ('user.roles_changed', 'success', ${granted}, '127.0.0.1', ${JSON.stringify({ actorId: proven, before: ['MEMBER'], after: ['MEMBER', 'ADMIN'] })}::jsonb, now())`.execute(handle.db);
      const plain = await member('plain@example.org', false, ['MEMBER']);

      await up(handle.db as unknown as Kysely<unknown>);

      expect(await rolesOf(squatter)).toEqual(['MEMBER', 'GRADER']);
      expect(await rolesOf(proven)).toEqual(['MEMBER', 'ADMIN']);
      expect(await rolesOf(granted)).toEqual(['MEMBER', 'ADMIN']);
      expect(await rolesOf(plain)).toEqual(['MEMBER']);
      const audit = await sql<{ user_id: string; detail: { before: string[]; after: string[]; reason: string } }>`
        select user_id, detail from audit_events where action = 'user.roles_changed' and detail ? 'reason'`.execute(handle.db);
      expect(audit.rows).toEqual([{ user_id: squatter, detail: { before: ['MEMBER', 'GRADER', 'ADMIN'], after: ['MEMBER', 'GRADER'], reason: expect.stringContaining('migration 0014') } }]);

      // A second run changes nothing more.
      await up(handle.db as unknown as Kysely<unknown>);
      expect((await sql<{ n: number }>`select count(*)::int as n from audit_events where detail ? 'reason'`.execute(handle.db)).rows[0]!.n).toBe(1);
    });
  });
}
