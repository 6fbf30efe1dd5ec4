/**
 * Demo data: a small, realistic data set that later modules extend. Loaded by `npm run db:seed`
 * and by `npm start` on an empty database. Each seeder is idempotent.
 */
import type { Services } from '../compose';
import { demoContentSeeder } from './seed-content';
import { demoUsersSeeder } from './seed-users';

export type Seeder = { name: string; run: (services: Services) => Promise<number> };

export const seeders: Seeder[] = [demoUsersSeeder, demoContentSeeder];

export async function seedDemoData(services: Services): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const seeder of seeders) counts[seeder.name] = await seeder.run(services);
  return counts;
}

export async function seedDemoDataIfEmpty(services: Services): Promise<void> {
  if (seeders.length === 0) return;
  const counts = await seedDemoData(services);
  services.logger.info({ seeded: counts }, 'demo data checked');
}
