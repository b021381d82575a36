// `npm run backup -- --out FILE`: a consistent copy of the whole database (every organization)
// into FILE, while the server keeps running. Uses the server's settings: DATABASE_URL, or the
// embedded database in DATA_DIR (joined while a server runs it, started for the copy otherwise).
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { ConfigError, loadConfig } from '../server/config.ts';
import { dumpDatabase } from '../server/db/database-dump.ts';
import { connectToDatabase } from './database-connection.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
  if (!out) fail('Usage: npm run backup -- --out FILE');

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

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

await main();
