// `npm run restore -- FILE`: loads a backup made by `npm run backup` into an empty database: a
// new DATA_DIR (the embedded database is created there) or, with DATABASE_URL, an empty
// database on that server. Refuses a database that holds data, and a backup of a newer release.
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { DumpError, restoreDatabase } from '../server/db/database-dump.ts';
import { loggableError } from '../server/lib/db-errors.ts';
import { connectToDatabase } from './database-connection.ts';
import { fail, loadOperatorConfig, runOperatorCommand } from './operator-database.ts';

/**
 * Opened on the first read: readline drops lines read before anyone iterates, and the restore
 * first checks the database.
 */
async function* linesOf(file: string) {
  yield* createInterface({ input: createReadStream(file), crlfDelay: Infinity });
}

async function main() {
  const file = process.argv[2];
  if (!file || file.startsWith('--')) fail('Usage: npm run restore -- FILE');
  if (!existsSync(file)) fail(`No such file: ${file}`);

  const config = loadOperatorConfig();

  const connection = await connectToDatabase(config, { whileServerRuns: 'refuse', migrate: true });
  try {
    const counts = await restoreDatabase(connection.client, linesOf(file));
    const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
    console.log(`Restored ${rows} rows of ${Object.keys(counts).length} tables from ${file}`);
    console.log(`(${connection.description}). Start the server as usual.`);
  } catch (error) {
    if (error instanceof DumpError) fail(error.message);
    // Printed as the server logs it: a database error's own fields would show the rows' values.
    fail(`The restore failed; nothing was loaded: ${JSON.stringify(loggableError(error))}`);
  } finally {
    await connection.close();
  }
}

await runOperatorCommand(main);
