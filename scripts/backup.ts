// `npm run backup -- --out FILE`: a consistent copy of the whole database (every organization)
// into FILE, while the server keeps running. Uses the server's settings: DATABASE_URL, or the
// embedded database in DATA_DIR (joined while a server runs it, started for the copy otherwise).
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { dumpDatabase } from '../server/db/database-dump.ts';
import { connectToDatabase } from './database-connection.ts';
import { fail, loadOperatorConfig, runOperatorCommand } from './operator-database.ts';

async function main() {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
  if (!out) fail('Usage: npm run backup -- --out FILE');

  const config = loadOperatorConfig();

  const connection = await connectToDatabase(config, { whileServerRuns: 'join' });
  // Written beside the target and renamed at the end: a failed copy never looks like a backup.
  const partial = `${out}.partial`;
  const file = createWriteStream(partial, { mode: 0o600 });
  try {
    const counts = await dumpDatabase(connection.client, file);
    file.end();
    await finished(file);
    await rename(partial, out);
    const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
    console.log(`Backed up ${rows} rows of ${Object.keys(counts).length} tables into ${out}`);
    console.log(`(${connection.description})`);
  } catch (error) {
    file.destroy();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await connection.close();
  }
}

await runOperatorCommand(main);
