/**
 * Demo members, one per role, so every part of the product can be tried after `npm start`: sign in
 * as any of them by magic link (the dev mailbox shows the mail). Found by address, so running the
 * seeder again creates nothing and changes nothing.
 */
import type { NewUser } from '../../application/ports/users';
import { normaliseRoles, type Role } from '../../domain/auth/roles';
import type { Seeder } from './demo';
import { postgresUsers } from '../../adapters/postgres/auth/users';

const DOMAIN = 'demo.objectivism.test';

const member = (email: string, firstName: string, lastName: string, roles: Role[]): NewUser => ({
  email,
  emailVerified: true,
  roles: normaliseRoles(roles),
  firstName,
  lastName,
});

export const DEMO_USERS: readonly NewUser[] = [
  member(`admin@${DOMAIN}`, 'Ada', 'Whitfield', ['ADMIN']),
  member(`programs@${DOMAIN}`, 'Priya', 'Raman', ['PROGRAM_ADMIN']),
  member(`editor@${DOMAIN}`, 'Elliot', 'Marsh', ['CONTENT_EDITOR']),
  member(`contests@${DOMAIN}`, 'Camila', 'Ortega', ['CONTEST_ADMIN']),
  member(`grader@${DOMAIN}`, 'Graham', 'Okafor', ['GRADER']),
  // A teacher signs up with the school's address.
  member(`teacher@lincoln-high.${DOMAIN}`, 'Theresa', 'Whitman', ['TEACHER']),
  member(`student@${DOMAIN}`, 'Sam', 'Nguyen', ['STUDENT']),
  member(`member@${DOMAIN}`, 'Morgan', 'Reyes', []),
];

export const demoUsersSeeder: Seeder = {
  name: 'users',
  async run(services) {
    const users = postgresUsers(services.database.db);
    let created = 0;
    for (const user of DEMO_USERS) if ((await users.createOrGet(user, services.clock.now())).created) created++;
    return created;
  },
};
