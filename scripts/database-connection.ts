import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { Config } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { DataFolderError, postgresPaths } from '../server/db/embedded/data-folder.ts';
import { processAlive, readPostmasterPid } from '../server/db/embedded/ports-and-pids.ts';
import { APP_DATABASE } from '../server/db/embedded/supervisor.ts';
import { migrate } from '../server/db/migrate.ts';

export interface OperatorConnection {
  client: pg.Client;
  description: string;
  close(): Promise<void>;
}

/**
 * A connection to the database the server uses. With the embedded database and a server running
 * on the folder, `join` connects to that server's PostgreSQL (its port is in postmaster.pid, its
 * password in the data folder) and `refuse` stops with a message; with no server, the embedded
 * PostgreSQL is started for this command and stopped after it.
 */
export async function connectToDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: { whileServerRuns: 'join' | 'refuse'; migrate?: boolean },
): Promise<OperatorConnection> {
  let handle: DatabaseHandle | undefined;
  let url = config.databaseUrl;
  let description = 'the PostgreSQL server of DATABASE_URL';
  if (!url) {
    const paths = postgresPaths(config.dataDir);
    const running = await readPostmasterPid(paths.cluster);
    if (running && processAlive(running.pid) && options.whileServerRuns === 'join') {
      const password = (await readFile(paths.passwordFile, 'utf8')).trim();
      url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${APP_DATABASE}`;
      description = `the embedded database in ${config.dataDir}, while its server runs`;
    } else {
      try {
        handle = await openDatabase({ dataDir: config.dataDir, maxConnections: 2 });
      } catch (error) {
        if (error instanceof DataFolderError) {
          console.error(
            `${error.message}\nStop the Karkhana server that uses this folder, or restore into a new DATA_DIR.`,
          );
          process.exit(1);
        }
        throw error;
      }
      url = handle.embedded!.url;
      description = `the embedded database in ${config.dataDir}`;
    }
  }
  if (options.migrate) {
    const target = handle ?? (await openDatabase({ databaseUrl: url, maxConnections: 2 }));
    await migrate(target.db);
    if (target !== handle) await target.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    client,
    description,
    close: async () => {
      await client.end();
      await handle?.close();
    },
  };
}
