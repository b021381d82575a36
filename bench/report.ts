import type { BackendResult } from './api-bench.ts';
import { writeDocsSection } from './docs-section.ts';
import type { ClientResult } from './client-bench.ts';
import { lighthouseMedians, warmStartMedians } from './client-summary.ts';
import type { BenchOptions } from './config.ts';

const ms = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value)
    ? '–'
    : value < 10
      ? value.toFixed(2)
      : value.toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const mb = (bytes: number | undefined) =>
  bytes === undefined ? '–' : `${(bytes / 1024 ** 2).toFixed(0)} MB`;

export interface MachineDescription {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  seconds: number;
  machine: MachineDescription;
  size: BenchOptions['size'];
  connections: number[];
  backends: BackendResult[];
  skipped: { step: string; reason: string }[];
  client: ClientResult | null;
  problems: string[];
}

/**
 * The downloads' own table: each connection count ran a fixed number of whole downloads, so what
 * matters is how many finished, in how long, and how big each was.
 */
export function downloadTable(backend: BackendResult): string[] {
  const rows = backend.endpoints.flatMap((endpoint) =>
    endpoint.load.flatMap(({ connections, p50, p99, downloads }) =>
      downloads
        ? [
            `| ${endpoint.name} | ${connections} | ${downloads.finished} of ${downloads.attempted} | ${downloads.failed} | ` +
              `${ms(p50)} | ${ms(p99)} | ${downloads.bytesEach === null ? '–' : kb(downloads.bytesEach)} | ${downloads.seconds.toFixed(1)} | ` +
              `${downloads.cpuEach ? `${downloads.cpuEach.node.toFixed(0)} + ${downloads.cpuEach.postgres.toFixed(0)}` : '–'} |`,
          ]
        : [],
    ),
  );
  if (rows.length === 0) return [];
  return [
    '| download | connections | finished | failed | p50 | p99 | KB each | seconds | CPU ms each, Node + PostgreSQL |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows,
    '',
    'A download row runs a fixed number of whole downloads per connection count (2 per connection, at least 10) instead of a load window; ' +
      'its req/s above is finished downloads per second, and a download that ended without a 2xx, timed out or was cut counts as failed. ' +
      "CPU: the server's Node process and its PostgreSQL cluster (/proc, exited backends included) over the run, per finished download.",
    '',
  ];
}

export function renderMarkdown(results: BenchResults): string {
  const { machine, size } = results;
  const lines: string[] = [];
  lines.push(
    `Run ${results.startedAt} (${results.seconds.toFixed(0)} s), size \`${size.name}\`: ${size.orgs} organizations × ` +
      `${size.orders.toLocaleString('en')} orders (1-5 lines), ${size.merchants.toLocaleString('en')} merchants, ` +
      `${size.designs.toLocaleString('en')} designs, ${size.workers} workers with ${size.years} years of monthly salaries, ` +
      `${size.expenses.toLocaleString('en')} expenses per organization; ${size.duration} s of load per cell.`,
  );
  lines.push(
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}.`,
  );
  lines.push('');
  for (const backend of results.backends) {
    lines.push(
      `**${backend.backend}** (${backend.databaseVersion}; data generated in ${backend.generationSeconds?.toFixed(1) ?? '–'} s, ` +
        `${(backend.rows.orders ?? 0).toLocaleString('en')} orders, ${(backend.rows.order_lines ?? 0).toLocaleString('en')} lines)`,
    );
    lines.push('');
    const connectionHeads = results.connections.flatMap((c) => [
      `c${c} p50`,
      `c${c} p99`,
      `c${c} req/s`,
    ]);
    lines.push(
      `| endpoint | ${connectionHeads.join(' | ')} | SQL p50 | SQL p99 | stmts | API/SQL (c1 p50) |`,
    );
    lines.push(`|---|${connectionHeads.map(() => '--:').join('|')}|--:|--:|--:|--:|`);
    for (const endpoint of backend.endpoints) {
      const cells = results.connections.flatMap((connections) => {
        const figure = endpoint.load.find((f) => f.connections === connections);
        return figure
          ? [ms(figure.p50), ms(figure.p99), figure.requestsPerSecond.toFixed(0)]
          : ['–', '–', '–'];
      });
      lines.push(
        `| ${endpoint.name} | ${cells.join(' | ')} | ${ms(endpoint.floor.p50)} | ${ms(endpoint.floor.p99)} | ` +
          `${endpoint.statements} | ${endpoint.apiToSqlRatio === null ? '–' : `${endpoint.apiToSqlRatio.toFixed(1)}×`} |`,
      );
    }
    lines.push('');
    lines.push(...downloadTable(backend));
    if (backend.memory.length > 0) {
      lines.push(
        '| server memory | Node RSS | Node PSS | PostgreSQL processes | PostgreSQL RSS | PostgreSQL PSS | PSS total |',
      );
      lines.push('|---|--:|--:|--:|--:|--:|--:|');
      for (const { moment, node, postgres } of backend.memory) {
        lines.push(
          `| ${moment} | ${mb(node.rssBytes)} | ${mb(node.pssBytes)} | ${postgres?.processes ?? '–'} | ` +
            `${mb(postgres?.rssBytes)} | ${mb(postgres?.pssBytes)} | ${mb(node.pssBytes + (postgres?.pssBytes ?? 0))} |`,
        );
      }
      lines.push('');
    }
  }
  lines.push(
    'Latencies in ms (autocannon reports whole milliseconds). SQL = the statements the endpoint ran (session lookup excluded), replayed on the same database in the same run. ' +
      "Memory from /proc/<pid>/smaps_rollup: the server's Node process, and the postmaster of its cluster (postmaster.pid) with every process below it; " +
      'RSS counts shared memory once per process that touched it, PSS splits it among them.',
  );
  lines.push('');
  const client = results.client;
  if (client) {
    lines.push(
      '**Client** (production build, first page load, service worker blocked so only what the page itself loads is counted)',
    );
    lines.push('');
    lines.push(
      '| page | JS files | JS raw KB | JS gzip KB | CSS files | CSS raw KB | CSS gzip KB | font files | font KB |',
    );
    lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
    for (const page of client.pages) {
      lines.push(
        `| ${page.route} | ${page.js.files} | ${kb(page.js.raw)} | ${kb(page.js.gzip)} | ${page.css.files} | ${kb(page.css.raw)} | ${kb(page.css.gzip)} | ${page.fonts.files} | ${kb(page.fonts.raw)} |`,
      );
    }
    lines.push('');
    if (client.lighthouse.length > 0) {
      lines.push('| Lighthouse, median | preset | runs | performance | FCP ms | LCP ms | TBT ms |');
      lines.push('|---|---|--:|--:|--:|--:|--:|');
      const whole = (value: number | null) => (value === null ? '–' : value.toFixed(0));
      for (const row of lighthouseMedians(client.lighthouse)) {
        lines.push(
          `| ${row.route} | ${row.preset} | ${row.measured === row.runs ? row.runs : `${row.measured} of ${row.runs}`} | ${whole(row.performance)} | ${whole(row.fcp)} | ` +
            `${whole(row.lcp)} | ${whole(row.tbt)} |`,
        );
      }
      lines.push('');
      lines.push(
        '| Lighthouse | preset | run | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms |',
      );
      lines.push('|---|---|--:|--:|--:|--:|--:|--:|--:|');
      for (const report of client.lighthouse) {
        lines.push(
          `| ${report.route} | ${report.preset} | ${report.run} | ${report.performance} | ${report.accessibility} | ${report.bestPractices} | ` +
            `${report.fcp.toFixed(0)} | ${report.lcp.toFixed(0)} | ${report.tbt.toFixed(0)} |`,
        );
      }
      lines.push(
        '',
        "Mobile: Lighthouse's default preset (phone screen, simulated 4× CPU slowdown and slow 4G); desktop: its desktop config.",
      );
      lines.push('');
    }
    if (client.warmStart.length > 0) {
      lines.push('| warm start, median | page | CPU slowdown | starts shown | time |');
      lines.push('|---|---|--:|--:|--:|');
      for (const row of warmStartMedians(client.warmStart)) {
        lines.push(
          `| ${row.mode} | ${row.route} | ${row.cpuSlowdown}× | ${row.usable} of ${row.runs} | ${row.millis === null ? '–' : `${row.millis.toFixed(0)} ms`} |`,
        );
      }
      lines.push('');
      lines.push(
        '| warm start from the service worker | page | until | CPU | run | time | HTML | entry JS | translations | cache restored |',
      );
      lines.push('|---|---|---|--:|--:|--:|--:|--:|--:|--:|');
      const at = (millis: number | null | undefined) =>
        millis === null || millis === undefined ? '–' : `${millis.toFixed(0)}`;
      for (const start of client.warmStart) {
        const phases = start.phases;
        lines.push(
          `| ${start.mode} | ${start.route} | ${start.target} | ${start.cpuSlowdown}× | ${start.run} | ${start.millis === null ? `not usable (${start.note})` : `${start.millis.toFixed(0)} ms`} | ` +
            `${at(phases?.html)} | ${at(phases?.entryScript)} | ${at(phases?.translations)} | ${at(phases?.marks['cache-restored'])} |`,
        );
      }
      lines.push(
        '',
        "Time: from opening a new tab to the content being visible; CPU: Chromium's CPU throttling of the tab (`Emulation.setCPUThrottlingRate`). The other columns are the page's own clock (ms from the navigation's start) when each step ended.",
      );
      lines.push('');
    }
  }
  for (const skipped of results.skipped) lines.push(`Skipped ${skipped.step}: ${skipped.reason}.`);
  if (results.problems.length > 0) {
    lines.push('');
    lines.push('Problems:');
    for (const problem of results.problems) lines.push(`- ${problem.split('\n')[0]}`);
  }
  return lines.join('\n');
}

/**
 * Replaces the block of this run's size in the document (one block per size, so a smoke run does
 * not overwrite the medium or full figures); the surrounding analysis is written by hand.
 */
export async function writeDocs(docsPath: string, results: BenchResults, markdown: string) {
  const sizeKey = results.size.name.replace(/[^a-z+]/g, '');
  await writeDocsSection(docsPath, {
    start: `<!-- bench:${sizeKey}:start -->`,
    end: `<!-- bench:${sizeKey}:end -->`,
    body: `### Latest \`${results.size.name}\` run\n\n${markdown}`,
    newDocument: '# Performance\n',
  });
}
