/**
 * `npm run db:seed`: migrates, then (re)loads the demo data set. Unlike the start, it does not ask
 * whether the database is empty: each seeder adds what is missing and leaves the rest alone.
 */
import { compose, type Services } from '../adapters/compose';
import { loadConfig } from '../adapters/config';
import { seedDemoData } from './seed/demo';
import { checkBackingServices, failureLine } from '../adapters/startup';

let services: Services | undefined;
try {
  services = compose(loadConfig());
  await checkBackingServices(services);
  await services.database.migrate();
  const counts = await seedDemoData(services);
  console.log(`Demo data added: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ') || 'nothing to seed'}`);
} catch (error) {
  console.error(failureLine(error, 'seed'));
  process.exitCode = 1;
} finally {
  await services?.close();
}
