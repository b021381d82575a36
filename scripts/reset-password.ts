// `npm run reset-password -- EMAIL`: prints a new temporary password for the account, once.
// Opens the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR). The
// embedded database belongs to one process at a time, so with a server running on the same
// folder this refuses and says to stop the server first.
import { email as emailSchema } from '../contract/auth.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { DataFolderError } from '../server/db/embedded/data-folder.ts';
import { migrate } from '../server/db/migrate.ts';
import { resetPasswordByEmail } from '../server/modules/users/operator-reset.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const argument = process.argv[2];
  const parsed = emailSchema.safeParse(argument ?? '');
  if (!parsed.success) fail('Usage: npm run reset-password -- EMAIL');

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

  let reset;
  try {
    await migrate(database.db);
    reset = await resetPasswordByEmail(database.db, parsed.data);
  } finally {
    // Before any exit: this stops the embedded PostgreSQL when this command started it.
    await database.close();
  }
  if (!reset) fail(`No account has the email ${parsed.data}.`);
  console.log(`Temporary password for ${reset.name} <${reset.email}> (${reset.organizationName}):`);
  console.log('');
  console.log(`    ${reset.password}`);
  console.log('');
  console.log(
    'It is shown only this once. They must choose a new password when they sign in with it; ' +
      `${reset.sessionsEnded} signed-in session(s) were ended.`,
  );
  if (!reset.isActive) {
    console.log(
      'This account is deactivated: it cannot sign in until an owner or admin reactivates it.',
    );
  }
}

await main();
