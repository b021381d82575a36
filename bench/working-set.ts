// `npm run bench:working-set [-- --orders=10000 --cards=50000]`: what keeping the day's work on a
// tablet costs. Generates one organization (every order open, and job cards for their lines up to
// `--cards`) on a throwaway embedded PostgreSQL served by the real app in its own process
// (server-process.ts), so the main thread measured here runs only the SPA's own working-set
// refresh (src/lib/offline/working-set.ts). Then saves the query cache as the app persists it.
// Reports the refresh's time, its main-thread tasks (stretches without a turn of the event loop:
// the longest and how many passed 50 ms) and the size of the snapshot written to IndexedDB.
// Kept out of the unit run: the full size takes minutes to generate.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type {
  PersistedClient,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { createServer as createViteServer } from 'vite';
import { SIZES } from './config.ts';
import { BENCH_EMAIL, BENCH_PASSWORD } from './generate-data.ts';
import type { ChildMessage, ServerProcessConfig } from './server-process.ts';

const SERVER_PROCESS = fileURLToPath(new URL('./server-process.ts', import.meta.url));
const LONG_TASK_MS = 50;
const PERSIST_SETTLE_MS = 2_500;

const flag = (name: string, fallback: number) =>
  Number(new RegExp(`--${name}=(\\d+)`).exec(process.argv.join(' '))?.[1] ?? fallback);
const orders = flag('orders', 1_000);
const cards = flag('cards', orders * 3);
// One card per order line (the schema's rule) and about three lines an order: more cards than
// the open orders have lines sit on delivered orders, which the generator makes too.
const generatedOrders = Math.max(orders, Math.ceil(cards / 2.5));
const round = (value: number) => Math.round(value * 10) / 10;

/** The organization's size: `openCount` open orders, and a card for each line until `cards`. */
const shapeOrganization = (openCount: number, cardCount: number) => [
  `update orders set status = case when po_number <= 'PO-' || lpad('${openCount}', 7, '0')
     then 'in_progress' else 'delivered' end`,
  `insert into job_cards (organization_id, id, order_id, order_line_id, design_id, quantity,
       stage_id, created_at, updated_at)
     select lines.organization_id, gen_random_uuid(), lines.order_id, lines.id, lines.design_id,
            lines.quantity, stages.id, now(), now()
     from order_lines as lines
     join orders on orders.id = lines.order_id
     join production_stages as stages on stages.organization_id = lines.organization_id
                                     and stages.position = abs(hashtext(lines.id::text)) % 5
     where not exists (select 1 from job_cards where job_cards.order_line_id = lines.id)
     order by orders.status = 'in_progress' desc, lines.id
     limit greatest(0, ${cardCount} - (select count(*) from job_cards))`,
  'analyze orders, job_cards',
];

/** The API server in a child process; resolves with its port once the data is generated. */
function startServer(config: ServerProcessConfig) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', SERVER_PROCESS, JSON.stringify(config)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const ready = new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolve, reject) => {
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve(message);
      if (message.type === 'error') reject(new Error(`benchmark server: ${message.message}`));
    });
    child.once('exit', (code) => reject(new Error(`benchmark server exited (${code})`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The server stops its embedded PostgreSQL on SIGTERM.
    child.kill('SIGTERM');
    await exited;
  };
  return { ready, stop };
}

/** The SPA asks for `/api/...` relative to its page; here the page is the local app. */
function servePageFrom(origin: string) {
  const BaseRequest = globalThis.Request;
  globalThis.Request = class extends BaseRequest {
    constructor(input: string | URL | Request, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, origin) : input, init);
    }
  };
}

/**
 * The main thread's tasks during `work`, as the stretches between two turns of the event loop
 * (what a long task is in the browser): the longest, and those over 50 ms. On a loaded machine
 * a stretch can be long because the thread was not running at all; the main thread's own CPU
 * time in each (`process.threadCpuUsage`) tells that apart from work.
 */
async function mainThreadTasks<T>(work: () => Promise<T>) {
  const long: { ms: number; cpuMs: number }[] = [];
  let longest = 0;
  let longestCpu = 0;
  let last = performance.now();
  let lastCpu = process.threadCpuUsage();
  let running = true;
  const tick = () => {
    const now = performance.now();
    const cpu = process.threadCpuUsage(lastCpu);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    longest = Math.max(longest, now - last);
    longestCpu = Math.max(longestCpu, cpuMs);
    if (now - last > LONG_TASK_MS) long.push({ ms: round(now - last), cpuMs: round(cpuMs) });
    last = now;
    lastCpu = process.threadCpuUsage();
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { value: await work(), longestMs: longest, longestCpuMs: longestCpu, long };
  } finally {
    running = false;
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karkhana-working-set-'));
  const size = {
    ...SIZES.smoke!,
    orgs: 1,
    orders: generatedOrders,
    merchants: 200,
    designs: 100,
    expenses: 10,
  };
  const server = startServer({
    backend: 'embedded',
    dataDir,
    data: { kind: 'generated', size, afterGeneration: shapeOrganization(orders, cards) },
    staticDir: null,
  });
  const vite = await createViteServer({
    root: path.join(import.meta.dirname, '..'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const ready = await server.ready;
    console.log(
      `generated ${ready.rows.orders} orders (${orders} open), ${ready.rows.job_cards} cards ` +
        `in ${ready.generationSeconds?.toFixed(1)} s`,
    );
    const origin = `http://127.0.0.1:${ready.port}`;
    servePageFrom(origin);
    const signIn = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
    });
    const auth = (await signIn.json()) as { data: { token: { accessToken: string } } };
    // The SPA's modules go through Vite, as in the app: it resolves `@/` and the resource
    // registry's import.meta.glob. They come typed with the little this script needs.
    const spa = (file: string) => vite.ssrLoadModule(`/src/${file}`);
    const { useAuthStore } = (await spa('stores/auth.ts')) as {
      useAuthStore: { setState: (state: object) => void };
    };
    useAuthStore.setState({ isLoggedIn: true, token: auth.data.token });
    const { refreshWorkingSet } = (await spa('lib/offline/working-set.ts')) as {
      refreshWorkingSet: (client: QueryClient, role: string) => Promise<{ records: number }>;
    };
    // The app's query client as src/lib/app-query-client.ts makes it (that module reads Vite's
    // import.meta.env, which Node has not): details served from lists, and the persister saving
    // the cache as the app's does, here into memory, while the refresh runs. Each save is
    // main-thread work during the refresh.
    const { serveDetailsFromLists } = (await spa('lib/offline/details-from-lists.ts')) as {
      serveDetailsFromLists: (client: QueryClient) => void;
    };
    const { persistOnChange } = (await spa('lib/persist-on-change.ts')) as {
      persistOnChange: (options: PersistQueryClientOptions) => () => void;
    };
    const { serializeInChunks } = (await spa('lib/offline/serialize-in-chunks.ts')) as {
      serializeInChunks: (persisted: PersistedClient) => Promise<string>;
    };
    // Loaded before timing: in the browser the resources' code is already there.
    await spa('lib/resource-registry.ts');
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
    serveDetailsFromLists(client);
    const saved = new Map<string, string>();
    const persister = createAsyncStoragePersister({
      storage: {
        getItem: (key: string) => Promise.resolve(saved.get(key) ?? null),
        setItem: (key: string, text: string) => Promise.resolve(void saved.set(key, text)),
        removeItem: (key: string) => Promise.resolve(void saved.delete(key)),
      },
      throttleTime: 1000,
      serialize: serializeInChunks,
    });
    const stopPersisting = persistOnChange({ queryClient: client, persister });
    const started = performance.now();
    let seconds = 0;
    const { value, longestMs, longestCpuMs, long } = await mainThreadTasks(async () => {
      const result = await refreshWorkingSet(client, 'owner');
      seconds = (performance.now() - started) / 1000;
      // The persister's last save, at most a second behind the last change.
      await new Promise((resolve) => setTimeout(resolve, PERSIST_SETTLE_MS));
      return result;
    });
    stopPersisting();
    const snapshot = [...saved.values()][0] ?? '';
    const parseStarted = performance.now();
    JSON.parse(snapshot);
    const restoreParseMs = performance.now() - parseStarted;
    console.table({
      refresh: {
        openOrders: orders,
        cards: ready.rows.job_cards,
        recordsKept: value.records,
        seconds: round(seconds),
        longestTaskMs: round(longestMs),
        longestTaskCpuMs: round(longestCpuMs),
        tasksOver50Ms: long.length,
        over50MsOfCpu: long.filter((task) => task.cpuMs > LONG_TASK_MS).length,
        snapshotMb: round(Buffer.byteLength(snapshot) / 1024 / 1024),
        restoreParseMs: round(restoreParseMs),
      },
    });
    if (long.length > 0) {
      const listed = long.map((task) => `${task.ms} ms (${task.cpuMs} ms of CPU)`);
      console.log(`tasks over ${LONG_TASK_MS} ms: ${listed.join(', ')}`);
    }
  } finally {
    await vite.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
