/** Dataset and load sizes; every field can be overridden by a `--name=value` flag. */
export interface BenchSize {
  name: string;
  orgs: number;
  /** Per organization. */
  orders: number;
  merchants: number;
  designs: number;
  workers: number;
  /** Years of history for orders, salaries and expenses. */
  years: number;
  expenses: number;
  /** Seconds of load per endpoint and connection count. */
  duration: number;
  /** Timed repetitions of each endpoint's SQL for the floor. */
  floorRuns: number;
}

export const SIZES: Record<string, BenchSize> = {
  smoke: {
    name: 'smoke',
    orgs: 2,
    orders: 400,
    merchants: 40,
    designs: 30,
    workers: 8,
    years: 5,
    expenses: 300,
    duration: 1,
    floorRuns: 10,
  },
  medium: {
    name: 'medium',
    orgs: 3,
    orders: 20_000,
    merchants: 2_000,
    designs: 1_000,
    workers: 200,
    years: 5,
    expenses: 10_000,
    duration: 5,
    floorRuns: 30,
  },
  full: {
    name: 'full',
    orgs: 10,
    orders: 100_000,
    merchants: 2_000,
    designs: 1_000,
    workers: 200,
    years: 5,
    expenses: 50_000,
    duration: 10,
    floorRuns: 50,
  },
};

/**
 * `embedded`: the default of `npm start`, the app's own PostgreSQL in a temp DATA_DIR. `postgres`:
 * an external cluster the benchmark starts, as DATABASE_URL deployments run.
 */
export type Backend = 'embedded' | 'postgres';

export interface BenchOptions {
  size: BenchSize;
  backends: Backend[];
  connections: number[];
  client: boolean;
  lighthouse: boolean;
  /**
   * Lighthouse runs per page and preset, and timed warm starts per page and CPU slowdown; both
   * vary run to run, so a target is checked on the median of several.
   */
  lighthouseRuns: number;
  /** Store EXPLAIN ANALYZE of every read endpoint's SQL in the results. */
  explain: boolean;
  /** Where the markdown table goes; null prints it only. */
  docsPath: string | null;
  resultsDir: string;
  /** Only the endpoints whose name contains one of these (case-insensitive); null runs all. */
  only: string[] | null;
}

const NUMERIC_FIELDS = [
  'orgs',
  'orders',
  'merchants',
  'designs',
  'workers',
  'years',
  'expenses',
  'duration',
  'floorRuns',
] as const;

export class UsageError extends Error {}

export const USAGE = `usage: npm run bench -- [--size=smoke|medium|full] [--orgs=N] [--orders=N]
  [--merchants=N] [--designs=N] [--workers=N] [--years=N] [--expenses=N] [--duration=SECONDS]
  [--floorRuns=N] [--backends=embedded,postgres|none] [--connections=1,32] [--client|--no-client]
  [--lighthouse|--no-lighthouse] [--lighthouseRuns=N] [--explain] [--docs=PATH|--no-docs]
  [--results=DIR] [--only=NAME,...]`;

function positiveInteger(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new UsageError(`--${name} must be a positive integer`);
  return value;
}

export function parseOptions(argv: string[]): BenchOptions {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([A-Za-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match?.[1]) throw new UsageError(`unknown argument ${arg}`);
    flags.set(match[1], match[2] ?? 'true');
  }
  const sizeName = flags.get('size') ?? 'medium';
  const preset = SIZES[sizeName];
  if (!preset) throw new UsageError(`unknown size ${sizeName}; use smoke, medium or full`);
  const size: BenchSize = { ...preset };
  for (const field of NUMERIC_FIELDS) {
    const raw = flags.get(field);
    if (raw !== undefined) {
      size[field] = positiveInteger(field, raw);
      size.name = `${preset.name}+custom`;
    }
  }

  const backendList = flags.get('backends') ?? 'embedded,postgres';
  // `none` measures only the client, which brings its own server with the demo data.
  const backends =
    backendList === 'none'
      ? []
      : backendList.split(',').map((name) => {
          if (name !== 'embedded' && name !== 'postgres')
            throw new UsageError(`unknown backend ${name}`);
          return name;
        });
  const connections = (flags.get('connections') ?? '1,32')
    .split(',')
    .map((raw) => positiveInteger('connections', raw));
  const smoke = preset.name === 'smoke';
  const known = new Set([
    ...NUMERIC_FIELDS,
    'size',
    'backends',
    'connections',
    'client',
    'no-client',
    'lighthouse',
    'no-lighthouse',
    'lighthouseRuns',
    'explain',
    'docs',
    'no-docs',
    'results',
    'only',
  ]);
  for (const key of flags.keys()) {
    if (!known.has(key)) throw new UsageError(`unknown flag --${key}`);
  }
  return {
    size,
    backends,
    connections,
    client: flags.has('no-client') ? false : flags.has('client') || !smoke,
    // Lighthouse needs a production build and a minute per page; a smoke run checks the rest.
    lighthouse: flags.has('no-lighthouse') ? false : flags.has('lighthouse') || !smoke,
    lighthouseRuns: positiveInteger('lighthouseRuns', flags.get('lighthouseRuns') ?? '1'),
    explain: flags.has('explain'),
    docsPath: flags.has('no-docs') ? null : (flags.get('docs') ?? 'docs/performance.md'),
    resultsDir: flags.get('results') ?? 'bench/results',
    only: flags.has('only')
      ? (flags.get('only') ?? '')
          .split(',')
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean)
      : null,
  };
}
