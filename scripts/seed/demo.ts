/**
 * Demo data: a small, realistic data set that later modules extend. Loaded by `npm run db:seed`
 * (every time: each seeder is idempotent, so it adds what is missing) and by `npm start` only on an
 * empty database, so demo content someone deleted stays deleted across restarts.
 *
 * Empty means no member and no library item has ever been stored: `users` and `content` hold no
 * row. Those are what a person adds or removes; a database with either is someone's data, not a
 * fresh install.
 */
import { sql } from 'kysely';
import type { Services } from '../../adapters/compose';
import { demoContentSeeder } from './content';
import { demoUsersSeeder } from './users';

export type Seeder = { name: string; run: (services: Services) => Promise<number> };

export const seeders: Seeder[] = [demoUsersSeeder, demoContentSeeder];

export async function seedDemoData(services: Services): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const seeder of seeders) counts[seeder.name] = await seeder.run(services);
  return counts;
}

/** Whether the database holds no member and no library item (see above). */
export async function isDatabaseEmpty(services: Pick<Services, 'database'>): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`select exists (select 1 from users) or exists (select 1 from content) as held`.execute(services.database.db);
  return rows[0]?.held === false;
}

/** The start's seeding: the demo set on an empty database, nothing otherwise. Answers what was added (null: not empty). */
export async function seedDemoDataIfEmpty(services: Services): Promise<Record<string, number> | null> {
  if (!(await isDatabaseEmpty(services))) {
    services.logger.info('demo data not loaded: the database is not empty (npm run db:seed loads it anyway)');
    return null;
  }
  const counts = await seedDemoData(services);
  services.logger.info({ seeded: counts }, 'demo data loaded into the empty database');
  return counts;
}
