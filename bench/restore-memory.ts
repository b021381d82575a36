// `npm run bench:restore-memory [-- --orders=20000]`: how much memory the server spends while it
// restores a backup. Generates one organization of the medium benchmark's size on a throwaway
// embedded PostgreSQL, runs the real app in this process, downloads its backup over HTTP to a file,
// then restores that file into a new, empty organization over HTTP, the body streamed from disk so
// the client side holds almost nothing. The Node heap and RSS are sampled every 20 ms during each
// request (`sample-memory.ts`). Kept out of the unit run: generating the data takes minutes.
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  mkdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { createOrganizationWithOwner } from '../server/modules/auth/repository.ts';
import { createSession } from '../server/modules/auth/sessions.ts';
import { SIZES } from './config.ts';
import { BENCH_PASSWORD } from './generate-data.ts';
import { generateOneOrganization } from './one-organization.ts';
import { sampleMemory } from './sample-memory.ts';

const DEFAULT_ORDERS = 20_000;
const orders = Number(/--orders=(\d+)/.exec(process.argv.join(' '))?.[1] ?? DEFAULT_ORDERS);
/** The backup page sends an Idempotency-Key; `--no-idempotency-key` shows what that costs. */
const withIdempotencyKey = !process.argv.includes('--no-idempotency-key');
const MB = 1024 * 1024;
const round = (value: number) => Math.round(value * 10) / 10;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karkhana-restore-memory-'));
  const fileDir = mkdtempSync(path.join(tmpdir(), 'karkhana-restore-file-'));
  const backupPath = path.join(fileDir, 'backup.json');
  const handle = await openDatabase({ dataDir, maxConnections: 4 });
  try {
    const organization = await generateOneOrganization(handle.db, { ...SIZES.medium!, orders });
    console.log(`generated ${orders} orders in ${round(organization.seconds)} s`);
    const source = { accessToken: organization.accessToken };
    const target = await createOrganizationWithOwner(handle.db, {
      organizationName: 'Restored',
      name: 'Restoring owner',
      email: `restore-${uuidv7()}@karkhana.test`,
      passwordHash: await hashPassword(BENCH_PASSWORD),
    });
    const targetSession = await createSession(handle.db, target.id, target.organizationId);

    const app = await buildApp({ db: handle.db, staticDir: null, rateLimitPerMinute: 0 });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { peaks: download } = await sampleMemory(async () => {
        const response = await fetch(`${url}/api/backup`, {
          headers: { authorization: `Bearer ${source.accessToken}` },
        });
        if (!response.ok || !response.body) throw new Error(`backup failed: ${response.status}`);
        await pipeline(Readable.fromWeb(response.body), createWriteStream(backupPath));
      });
      const fileBytes = statSync(backupPath).size;
      const { value: restored, peaks: restore } = await sampleMemory(async () => {
        const response = await fetch(`${url}/api/backup/restore`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${targetSession.accessToken}`,
            ...(withIdempotencyKey ? { 'idempotency-key': uuidv7() } : {}),
            'content-type': 'application/json',
            'content-length': String(fileBytes),
          },
          body: Readable.toWeb(createReadStream(backupPath)) as ReadableStream,
          duplex: 'half',
        });
        const body = (await response.json()) as { data?: { tables: Record<string, number> } };
        if (!response.ok)
          throw new Error(`restore failed: ${response.status} ${JSON.stringify(body)}`);
        return body.data?.tables ?? {};
      });
      const rows = Object.values(restored).reduce((sum, count) => sum + count, 0);
      const result = {
        orders,
        withIdempotencyKey,
        measuredAt: new Date().toISOString(),
        node: process.version,
        fileMb: round(fileBytes / MB),
        rows,
        tables: restored,
        download,
        restore,
      };
      console.log(JSON.stringify(result, null, 2));
      // The committed figures are those of the default size; a smaller run only prints.
      if (orders === DEFAULT_ORDERS) {
        const directory = new URL('./results/', import.meta.url);
        mkdirSync(directory, { recursive: true });
        writeFileSync(
          new URL('restore-memory.json', directory),
          `${JSON.stringify(result, null, 2)}\n`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(fileDir, { recursive: true, force: true });
  }
}

await main();
