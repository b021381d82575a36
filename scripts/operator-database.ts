import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { DataFolderError } from '../server/db/embedded/data-folder.ts';
import { migrate } from '../server/db/migrate.ts';

/** A message for the person who ran the command, shown instead of a stack trace. */
class OperatorFailure extends Error {}

/**
 * Stops the command with a message. Thrown rather than exiting, so that the database opened for
 * the command is closed on the way out (an embedded PostgreSQL left running would hold the folder).
 */
export function fail(message: string): never {
  throw new OperatorFailure(message);
}

/** Runs an operator command: a `fail` prints its message and ends with exit code 1. */
export async function runOperatorCommand(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof OperatorFailure)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

/** The server's settings, as the command's environment gives them; a bad one stops the command. */
export function loadOperatorConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/**
 * Runs `work` on the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR),
 * migrated first. The embedded database belongs to one process at a time, so with a server
 * running on the same folder this refuses and says to stop the server first.
 */
export async function withOperatorDatabase<T>(
  work: (db: Database, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadOperatorConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    maxConnections: 2,
    log: (level, message) => {
      if (level !== 'info') console.error(message);
    },
  }).catch((error: unknown) => {
    if (error instanceof DataFolderError) {
      fail(
        `${error.message}\nThe embedded database can only be opened by one program at a time: ` +
          'stop the Karkhana server, run this command again, then start the server.',
      );
    }
    throw error;
  });
  try {
    // The first statement is where an unreachable server or a wrong password shows.
    await migrate(database.db).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      fail(
        `Could not open the database (${reason}). Check DATABASE_URL, or unset it to use DATA_DIR.`,
      );
    });
    return await work(database.db, config);
  } finally {
    // Before any exit: this stops the embedded PostgreSQL when this command started it.
    await database.close();
  }
}
