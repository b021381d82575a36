import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RouteModules } from './router-routes.ts';

/**
 * First-load JavaScript and CSS per route, read from Vite's build manifest, against the budgets in
 * `bundle-budgets.json`. Which modules each route loads comes from `router-routes.ts`.
 */

export const BUDGET_FILE = 'bundle-budgets.json';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The output files (JS and CSS) a chunk needs on first load: itself and its static imports. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    // dynamicImports load later, on demand: not part of the first load.
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * Chunks that import each other statically, as file paths around each loop. In such a loop one
 * chunk runs before the chunk it imports from has defined its exports, and the page fails with
 * "cannot read properties of undefined" at load. Chunk groups in vite.config.ts can create one
 * when a grouped module needs a module the bundler placed next to code that needs the group.
 */
export function chunkImportCycles(manifest: Manifest): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (key: string, path: string[]) => {
    state.set(key, 'open');
    for (const imported of manifest[key]?.imports ?? []) {
      if (state.get(imported) === 'open') {
        const loop = [...path.slice(path.indexOf(imported)), imported];
        cycles.push(loop.map((chunk) => manifest[chunk]?.file ?? chunk));
      } else if (!state.has(imported)) {
        visit(imported, [...path, imported]);
      }
    }
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key, [key]);
  return cycles;
}

export interface Sizes {
  js: number;
  css: number;
  files: string[];
}

export type GzipSize = (file: string) => number;

/** Gzip size at the default level, as the benchmark measures what the browser receives. */
export function gzipSizeIn(dir: string): GzipSize {
  const cache = new Map<string, number>();
  return (file) => {
    let size = cache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(dir, file))).length;
      cache.set(file, size);
    }
    return size;
  };
}

export function measure(files: Iterable<string>, gzipSize: GzipSize): Sizes {
  const sizes: Sizes = { js: 0, css: 0, files: [] };
  for (const file of files) {
    if (file.endsWith('.js')) sizes.js += gzipSize(file);
    else if (file.endsWith('.css')) sizes.css += gzipSize(file);
    else continue;
    sizes.files.push(file);
  }
  return sizes;
}

/** Budgets in KB of gzip (1 KB = 1,024 bytes), as the performance notes report sizes. */
export interface Budget {
  jsKb: number;
  cssKb: number;
}

export interface BudgetFile {
  budgets: Record<string, Budget>;
  /**
   * What a signed-in route's own chunks may weigh when it has no line of its own, so a new page
   * is checked from its first build without editing this file.
   */
  signedInRouteDefault?: Budget;
}

export const ENTRY = 'entry (any page)';
export const SHELL = 'signed-in shell';
export const TOTAL = 'whole app';
/** How a signed-in route is counted: the chunks it adds to the shell. */
const SIGNED_IN_ROUTE = 'own chunks';

export interface Row {
  name: string;
  /** What the figures count, for the reader of the table. */
  counts: string;
  sizes: Sizes;
  budget: Budget | undefined;
  /** The budget is the signed-in route default, not a line of its own. */
  defaultBudget: boolean;
  status: 'ok' | 'over' | 'no budget';
}

/** The figures for every checked name: entry, public routes, shell, signed-in routes, total. */
export function measureRoutes(
  manifest: Manifest,
  routes: RouteModules[],
  gzipSize: GzipSize,
): { name: string; counts: string; sizes: Sizes }[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('The build manifest has no entry');
  const entry = staticClosure(manifest, entries);
  const shellKeys = [...new Set(routes.flatMap((route) => route.shell))];
  const shell = staticClosure(manifest, [...entries, ...shellKeys]);
  const measured: { name: string; counts: string; sizes: Sizes }[] = [
    { name: ENTRY, counts: 'entry', sizes: measure(entry, gzipSize) },
  ];
  for (const route of routes.filter((candidate) => !candidate.signedIn)) {
    const files = staticClosure(manifest, [...entries, ...route.modules]);
    measured.push({ name: route.route, counts: 'first load', sizes: measure(files, gzipSize) });
  }
  measured.push({ name: SHELL, counts: 'first load', sizes: measure(shell, gzipSize) });
  for (const route of routes.filter((candidate) => candidate.signedIn)) {
    const own = [...staticClosure(manifest, route.modules)].filter((file) => !shell.has(file));
    measured.push({ name: route.route, counts: SIGNED_IN_ROUTE, sizes: measure(own, gzipSize) });
  }
  const everything = new Set(
    Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]),
  );
  measured.push({ name: TOTAL, counts: 'all chunks', sizes: measure(everything, gzipSize) });
  return measured;
}

export function checkBudgets(
  measured: { name: string; counts: string; sizes: Sizes }[],
  budgets: BudgetFile,
): { rows: Row[]; unusedBudgets: string[] } {
  const rows = measured.map(({ name, counts, sizes }): Row => {
    const own = budgets.budgets[name];
    const defaultBudget = !own && counts === SIGNED_IN_ROUTE && !!budgets.signedInRouteDefault;
    const budget = own ?? (defaultBudget ? budgets.signedInRouteDefault : undefined);
    const over = budget && (sizes.js > budget.jsKb * 1024 || sizes.css > budget.cssKb * 1024);
    const status = !budget ? 'no budget' : over ? 'over' : 'ok';
    return { name, counts, sizes, budget, defaultBudget, status };
  });
  const names = new Set(measured.map((row) => row.name));
  const unusedBudgets = Object.keys(budgets.budgets).filter((name) => !names.has(name));
  return { rows, unusedBudgets };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function formatTable(rows: Row[]): string {
  const header = ['route', 'counts', 'JS gzip KB', 'CSS gzip KB', 'budget JS / CSS KB', 'status'];
  const lines = rows.map((row) => [
    row.name,
    row.counts,
    kb(row.sizes.js),
    kb(row.sizes.css),
    row.budget
      ? `${row.budget.jsKb} / ${row.budget.cssKb}${row.defaultBudget ? ' (default)' : ''}`
      : '-',
    row.status === 'ok' ? 'ok' : row.status.toUpperCase(),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column >= 2 && column <= 4
          ? cell.padStart(widths[column] ?? 0)
          : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [format(header), ...lines.map(format)].join('\n');
}

/** Today's figures rounded up to the next whole KB: a starting point for `bundle-budgets.json`. */
export function suggestedBudgets(rows: Row[]): BudgetFile {
  const budgets: Record<string, Budget> = {};
  for (const row of rows) {
    budgets[row.name] = {
      jsKb: Math.ceil(row.sizes.js / 1024) || 0,
      cssKb: Math.ceil(row.sizes.css / 1024) || 0,
    };
  }
  return { budgets };
}
