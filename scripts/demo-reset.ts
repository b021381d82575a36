// `npm run demo:reset`: puts the demo organization (demo@karkhana.app and its admin and staff
// accounts) back to its seeded state for a QA run, leaving every other organization as it is.
// Opens the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR); the embedded
// one belongs to one process at a time, so stop a server on the same folder first.
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { DemoAccountElsewhereError, resetDemoOrganization } from '../server/db/demo-reset.ts';
import { DataFolderError } from '../server/db/embedded/data-folder.ts';
import { migrate } from '../server/db/migrate.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/seed.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      maxConnections: 2,
      log: (level, message) => {
        if (level !== 'info') console.error(message);
      },
    });
  } catch (error) {
    if (error instanceof DataFolderError) {
      fail(
        `${error.message}\nThe embedded database can only be opened by one program at a time: ` +
          'stop the Karkhana server, run this command again, then start the server.',
      );
    }
    throw error;
  }

  let result;
  try {
    await migrate(database.db);
    result = await resetDemoOrganization(database.db, new Date(), config.demoLanguage);
  } catch (error) {
    if (error instanceof DemoAccountElsewhereError) fail(error.message);
    throw error;
  } finally {
    // Before any exit: this stops the embedded PostgreSQL when this command started it.
    await database.close();
  }
  console.log(
    `${result.replaced ? 'Reset' : 'Created'} the demo organization (now ${result.organizationId}). ` +
      `Sign in as ${DEMO_EMAIL} (or admin@ / staff@karkhana.app) with ${DEMO_PASSWORD}.`,
  );
}

await main();
