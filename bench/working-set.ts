// `npm run bench:working-set [-- --orders=10000]`: what keeping the day's work on a tablet costs.
// Generates one organization (all its orders open, with their job cards) on a throwaway embedded
// PostgreSQL, runs the real app in this process and the SPA's own working-set refresh
// (src/lib/offline/working-set.ts) against it over HTTP, then saves the query cache as the app
// persists it. Reports the refresh's time, its longest stretch without yielding (what a long
// task would be in the browser; it includes the in-process server's handling of a page, so it
// overstates the client's share; a tablet is some times slower than this machine) and the
// size of the snapshot written to IndexedDB. Kept out of the unit run: the full size
// (10,000 open orders, 50,000 cards) takes minutes to generate.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { queryRows } from '../server/db/database.ts';
import { SIZES } from './config.ts';
import { generateOneOrganization } from './one-organization.ts';

const DEFAULT_ORDERS = 1_000;
const orders = Number(/--orders=(\d+)/.exec(process.argv.join(' '))?.[1] ?? DEFAULT_ORDERS);
const round = (value: number) => Math.round(value * 10) / 10;

/** The SPA asks for `/api/...` relative to its page; here the page is the local app. */
function servePageFrom(origin: string) {
  const BaseRequest = globalThis.Request;
  globalThis.Request = class extends BaseRequest {
    constructor(input: string | URL | Request, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, origin) : input, init);
    }
  };
}

/** The longest time the main thread went without a yield (a timer turn) during `work`. */
async function longestTask<T>(work: () => Promise<T>) {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { value: await work(), longestMs: longest };
  } finally {
    running = false;
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karkhana-working-set-'));
  const handle = await openDatabase({ dataDir, maxConnections: 4 });
  try {
    const size = { ...SIZES.smoke!, orders, merchants: 200, designs: 100, expenses: 10 };
    const organization = await generateOneOrganization(handle.db, size);
    // The day's work: every order open, so the bounds of the working set are what is measured.
    await handle.db.execute(sql`update orders set status = 'in_progress'
      where organization_id = ${organization.organizationId}`);
    const [counts] = await queryRows<{ orders: number; cards: number }>(
      handle.db,
      sql`select (select count(*)::int from orders) as orders,
                 (select count(*)::int from job_cards) as cards`,
    );
    console.log(`generated ${counts?.orders} open orders, ${counts?.cards} cards`);

    const app = await buildApp({ db: handle.db, staticDir: null, rateLimitPerMinute: 0 });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      servePageFrom(url);
      // The SPA's modules resolve `@/` through tsconfig.app.json, which this config does not
      // read: they are loaded by path, with the little of their types this script needs.
      const spa = (file: string) => import(path.join(import.meta.dirname, '../src', file));
      const { useAuthStore } = (await spa('stores/auth.ts')) as {
        useAuthStore: { setState: (state: object) => void };
      };
      useAuthStore.setState({ isLoggedIn: true, token: { accessToken: organization.accessToken } });
      const { refreshWorkingSet } = (await spa('lib/offline/working-set.ts')) as {
        refreshWorkingSet: (client: QueryClient, role: string) => Promise<{ records: number }>;
      };
      // Loaded before timing: in the browser the resources' code is already there.
      await spa('lib/resources.ts');
      const client = new QueryClient();
      const started = performance.now();
      const { value, longestMs } = await longestTask(() => refreshWorkingSet(client, 'owner'));
      const seconds = (performance.now() - started) / 1000;
      const snapshotStarted = performance.now();
      const snapshot = JSON.stringify({ clientState: dehydrate(client) });
      const snapshotMs = performance.now() - snapshotStarted;
      console.table({
        refresh: {
          openOrders: counts?.orders,
          openCards: counts?.cards,
          recordsKept: value.records,
          seconds: round(seconds),
          longestTaskMs: round(longestMs),
          snapshotMb: round(snapshot.length / 1024 / 1024),
          snapshotStringifyMs: round(snapshotMs),
        },
      });
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
