// `npm run bench:export-memory [-- --orders=100000]`: how much memory the server spends while it
// streams a list's CSV. Generates one organization with the bench's data generator on a throwaway
// embedded PostgreSQL, runs the real app in this process and downloads the orders CSV over HTTP
// twice: about a tenth of the orders (a date filter), then all of them. The Node heap and RSS are
// sampled every 20 ms while each download runs; flat means the peak over the baseline does not
// grow with the number of rows. Kept out of the unit run: generating 100,000 orders takes minutes.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { queryRows } from '../server/db/database.ts';
import { SIZES } from './config.ts';
import { generateOneOrganization } from './one-organization.ts';
import { sampleMemory, type MemoryPeaks } from './sample-memory.ts';

const DEFAULT_ORDERS = 100_000;
const orders = Number(/--orders=(\d+)/.exec(process.argv.join(' '))?.[1] ?? DEFAULT_ORDERS);
/**
 * How much more the whole list may keep alive than a tenth of it (forced collections): one page
 * of records and the socket's buffers are the same size either way, so anything that grows with
 * the rows shows up as tens of megabytes at 100,000 orders.
 */
const FLAT_MARGIN_MB = 8;

interface Measurement extends MemoryPeaks {
  query: string;
  collect: boolean;
  rows: number;
  bytes: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * `collect`: a full garbage collection before each sample (every 250 ms), so the heap figure is
 * what the download keeps alive.
 */
async function measure(
  url: string,
  token: string,
  query: string,
  collect: boolean,
): Promise<Measurement> {
  const { value, peaks } = await sampleMemory(
    async (sampleNow) => {
      const response = await fetch(`${url}/api/orders/export.csv?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok || !response.body) throw new Error(`export failed: ${response.status}`);
      let bytes = 0;
      let lines = 0;
      let sampledMidStream = false;
      // Counted and dropped as it arrives, like a browser saving a download.
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        // A short download may end before the first timed sample: one is taken mid-stream anyway.
        if (!sampledMidStream) {
          sampleNow();
          sampledMidStream = true;
        }
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
      return { rows: lines - 1, bytes };
    },
    { everyMs: collect ? 250 : 20, collectGarbage: collect },
  );
  return { query, collect, ...value, ...peaks };
}

/** Why the export is not flat, from the forced-collection runs (tenth, then whole); null if it is. */
function flatnessProblem(runs: Measurement[]): string | null {
  const [tenth, whole] = runs.filter((run) => run.collect);
  if (!tenth || !whole) return 'the forced-collection runs are missing';
  if (whole.rows <= tenth.rows)
    return `the whole list (${whole.rows} rows) is not larger than a tenth`;
  const extra = whole.heapGrowthMb - tenth.heapGrowthMb;
  return extra > FLAT_MARGIN_MB
    ? `not flat: ${whole.rows} rows kept ${round(extra)} MB more heap alive than ${tenth.rows} rows (allowed ${FLAT_MARGIN_MB} MB)`
    : null;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karkhana-export-memory-'));
  const handle = await openDatabase({ dataDir, maxConnections: 4 });
  try {
    const size = { ...SIZES.smoke!, orders, merchants: 200, designs: 100, expenses: 10 };
    const organization = await generateOneOrganization(handle.db, size);
    console.log(`generated ${orders} orders in ${round(organization.seconds)} s`);
    const session = { accessToken: organization.accessToken };
    const [tenth] = await queryRows<{ day: string }>(
      handle.db,
      sql`select to_char(order_date, 'YYYY-MM-DD') as day from orders
          where organization_id = ${organization.organizationId}
          order by order_date desc offset ${Math.floor(orders / 10)} limit 1`,
    );

    const app = await buildApp({ db: handle.db, staticDir: null, rateLimitPerMinute: 0 });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      // A first small download warms up the code paths, so the runs below compare like with like.
      await measure(url, session.accessToken, 'startDate=2100-01-01', false);
      const tenthQuery = `startDate=${tenth?.day}&sort=-orderDate`;
      const runs: Measurement[] = [];
      for (const collect of [false, true]) {
        runs.push(await measure(url, session.accessToken, tenthQuery, collect));
        runs.push(await measure(url, session.accessToken, 'sort=-orderDate', collect));
      }
      const result = { orders, measuredAt: new Date().toISOString(), node: process.version, runs };
      console.table(runs);
      // The committed figures are the full-size ones; a smaller run (as CI makes) only checks.
      if (orders === DEFAULT_ORDERS) {
        const directory = new URL('./results/', import.meta.url);
        mkdirSync(directory, { recursive: true });
        writeFileSync(
          new URL('export-memory.json', directory),
          `${JSON.stringify(result, null, 2)}\n`,
        );
      }
      const problem = flatnessProblem(runs);
      if (problem) {
        console.error(problem);
        process.exitCode = 1;
      } else {
        console.log('memory is flat: the whole list keeps no more alive than a tenth of it');
      }
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
