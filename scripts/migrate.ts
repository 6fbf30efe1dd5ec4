/** `npm run db:migrate`: runs the migrations against DATABASE_URL, or the embedded database in DATA_DIR. */
import { loadConfig } from '../adapters/config';
import { createDatabase } from '../adapters/postgres/database';

const config = loadConfig();
const database = createDatabase(config.database);
try {
  const result = await database.migrate();
  const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date.');
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
