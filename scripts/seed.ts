/** `npm run db:seed`: migrates, then loads the demo data set (idempotent). */
import { compose } from '../adapters/compose';
import { loadConfig } from '../adapters/config';
import { seedDemoData } from '../adapters/postgres/seed';

const services = compose(loadConfig());
try {
  await services.database.migrate();
  const counts = await seedDemoData(services);
  console.log(`Demo data: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ') || 'nothing to seed'}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await services.close();
}
