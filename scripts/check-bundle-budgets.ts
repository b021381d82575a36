// After `vite build`: first-load JS and CSS (gzip) of every route against `bundle-budgets.json`.
// Exits non-zero when a figure is over its budget, a route has no budget, or a budget names a
// route the router no longer has. `--suggest` prints today's figures rounded up, as budget JSON.
//
//   node --import tsx scripts/check-bundle-budgets.ts [--dist=dist] [--suggest]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkBudgets,
  chunkImportCycles,
  formatTable,
  gzipSizeIn,
  measureRoutes,
  suggestedBudgets,
  BUDGET_FILE,
  type BudgetFile,
  type Manifest,
} from './bundle-budgets.ts';
import { readRouterRoutes, ROUTER_FILE } from './router-routes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const argument = (name: string) =>
  process.argv
    .slice(2)
    .find((value) => value.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const dist = path.resolve(root, argument('dist') ?? 'dist');

const manifest = JSON.parse(
  readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
) as Manifest;
const budgets = JSON.parse(readFileSync(path.join(root, BUDGET_FILE), 'utf8')) as BudgetFile;
const routes = readRouterRoutes(root, ROUTER_FILE);
const measured = measureRoutes(manifest, routes, gzipSizeIn(dist));
const { rows, unusedBudgets } = checkBudgets(measured, budgets);

console.log(`Bundle budgets (${BUDGET_FILE}; gzip, 1 KB = 1,024 bytes)\n`);
console.log(formatTable(rows));

if (process.argv.includes('--suggest')) {
  console.log(`\n${JSON.stringify(suggestedBudgets(rows), null, 2)}`);
}

const problems = [
  ...rows
    .filter((row) => row.status !== 'ok')
    .map((row) =>
      row.status === 'over'
        ? `${row.name} is over its budget`
        : `${row.name} has no budget in ${BUDGET_FILE}`,
    ),
  ...unusedBudgets.map((name) => `${BUDGET_FILE} has a budget for ${name}, which is not a route`),
  ...chunkImportCycles(manifest).map(
    (loop) => `chunks import each other, so one runs before the other: ${loop.join(' -> ')}`,
  ),
];
if (problems.length > 0) {
  console.error(`\n${problems.join('\n')}`);
  console.error(
    'A budget is raised on purpose only: edit bundle-budgets.json in the commit that needs it, ' +
      'and say why in its message (docs/performance.md, "Bundle budgets").',
  );
  process.exit(1);
}
console.log(`\nAll ${rows.length} figures within budget.`);
