/** `npm run db:migrate`: runs the migrations against DATABASE_URL, or the embedded database in DATA_DIR. */
import { loadConfig } from '../adapters/config';
import { createDatabase, type DatabaseHandle } from '../adapters/postgres/database';
import { failureLine } from '../adapters/startup';

let database: DatabaseHandle | undefined;
try {
  database = createDatabase(loadConfig().database);
  await database.check();
  const result = await database.migrate();
  const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date.');
} catch (error) {
  console.error(failureLine(error, 'migrate'));
  process.exitCode = 1;
} finally {
  await database?.close();
}
