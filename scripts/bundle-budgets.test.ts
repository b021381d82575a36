import { globSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUDGET_FILE,
  checkBudgets,
  chunkImportCycles,
  ENTRY,
  gzipSizeIn,
  measureRoutes,
  SHELL,
  TOTAL,
  type BudgetFile,
  type Manifest,
} from './bundle-budgets.ts';
import { readRouterRoutes, ROUTER_FILE, type RouteModules } from './router-routes.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('routes read from the router', () => {
  const routes = readRouterRoutes(root, ROUTER_FILE);
  const byRoute = new Map(routes.map((route) => [route.route, route]));

  it('finds the public pages with their lazy module and no shell', () => {
    expect(byRoute.get('/sign-in')).toEqual({
      route: '/sign-in',
      signedIn: false,
      shell: [],
      modules: ['src/features/auth/pages/sign-in-page.tsx'],
    });
    for (const route of ['/sign-up', '/forgot-password', '/otp']) {
      expect(byRoute.get(route)?.signedIn, route).toBe(false);
    }
  });

  it('puts every page of the area table under the signed-in shell', () => {
    // Read as text: the areas' route entries are client code, and this only needs their paths.
    const areaPaths = globSync('src/features/*/area.ts', { cwd: root }).flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/^ +path: '([^/'][^']*)',$/gm)].map(
        (match) => match[1],
      ),
    );
    expect(areaPaths.length).toBeGreaterThan(10);
    for (const areaPath of areaPaths) {
      const route = byRoute.get(`/${areaPath}`);
      expect(route, areaPath).toBeDefined();
      expect(route?.signedIn).toBe(true);
      expect(route?.shell).toEqual([
        'src/app/signed-in-routes.tsx',
        'src/app/signed-in-providers.tsx',
        'src/app/layout/app-layout.tsx',
      ]);
    }
  });

  it('counts a nested layout with its child pages', () => {
    expect(byRoute.get('/settings/security')?.modules).toEqual([
      'src/app/settings/settings-layout.tsx',
      'src/features/auth/account/pages/security-page.tsx',
    ]);
  });

  it(`has a budget in ${BUDGET_FILE} for each signed-out route, a default for the rest, and no stale line`, () => {
    const { budgets, signedInRouteDefault } = JSON.parse(
      readFileSync(path.join(root, BUDGET_FILE), 'utf8'),
    ) as BudgetFile;
    expect(signedInRouteDefault).toBeDefined();
    const known = new Set([ENTRY, SHELL, TOTAL, ...routes.map((route) => route.route)]);
    expect(Object.keys(budgets).filter((name) => !known.has(name))).toEqual([]);
    const signedOut = routes.filter((route) => !route.signedIn).map((route) => route.route);
    expect(signedOut.filter((route) => !budgets[route])).toEqual([]);
  });
});

describe('budget check on a build manifest', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'bundle-budgets-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  /** Files whose gzip size is roughly their length: random hex does not compress much. */
  const write = (file: string, length: number) => {
    let text = '';
    while (text.length < length) text += Math.random().toString(36).slice(2);
    writeFileSync(path.join(dist, file), text.slice(0, length));
  };
  for (const [file, length] of [
    ['entry.js', 4000],
    ['entry.css', 1000],
    ['vendor.js', 3000],
    ['sign-in.js', 2000],
    ['later.js', 9000],
    ['providers.js', 1500],
    ['orders.js', 2500],
    ['orders.css', 800],
    ['table.js', 1200],
  ] as const) {
    write(file, length);
  }

  const manifest: Manifest = {
    'index.html': {
      file: 'entry.js',
      isEntry: true,
      css: ['entry.css'],
      imports: ['_vendor.js'],
      dynamicImports: ['src/sign-in.tsx', 'src/later.ts'],
    },
    '_vendor.js': { file: 'vendor.js' },
    'src/sign-in.tsx': {
      file: 'sign-in.js',
      isDynamicEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: ['src/later.ts'],
    },
    'src/later.ts': { file: 'later.js', isDynamicEntry: true },
    'src/providers.tsx': { file: 'providers.js', isDynamicEntry: true, imports: ['_vendor.js'] },
    'src/orders.tsx': {
      file: 'orders.js',
      isDynamicEntry: true,
      css: ['orders.css'],
      imports: ['_table.js', '_vendor.js'],
    },
    '_table.js': { file: 'table.js', imports: ['_vendor.js'] },
  };
  const routes: RouteModules[] = [
    { route: '/sign-in', signedIn: false, shell: [], modules: ['src/sign-in.tsx'] },
    {
      route: '/orders',
      signedIn: true,
      shell: ['src/providers.tsx'],
      modules: ['src/orders.tsx'],
    },
  ];
  const gzipSize = gzipSizeIn(dist);
  const measured = measureRoutes(manifest, routes, gzipSize);
  const figures = Object.fromEntries(measured.map((row) => [row.name, row.sizes]));
  const gz = (...files: string[]) => files.reduce((sum, file) => sum + gzipSize(file), 0);

  it('counts the entry, its static imports and the route chunk, not dynamic imports', () => {
    expect(figures[ENTRY]?.js).toBe(gz('entry.js', 'vendor.js'));
    expect(figures['/sign-in']?.js).toBe(gz('entry.js', 'vendor.js', 'sign-in.js'));
    expect(figures['/sign-in']?.css).toBe(gz('entry.css'));
    expect(figures['/sign-in']?.files).not.toContain('later.js');
  });

  it('counts a signed-in route by the chunks the shell does not already load', () => {
    expect(figures[SHELL]?.js).toBe(gz('entry.js', 'vendor.js', 'providers.js'));
    expect(figures['/orders']?.js).toBe(gz('orders.js', 'table.js'));
    expect(figures['/orders']?.css).toBe(gz('orders.css'));
  });

  it('totals every file once', () => {
    expect(figures[TOTAL]?.js).toBe(
      gz(
        'entry.js',
        'vendor.js',
        'sign-in.js',
        'later.js',
        'providers.js',
        'orders.js',
        'table.js',
      ),
    );
    expect(figures[TOTAL]?.css).toBe(gz('entry.css', 'orders.css'));
  });

  const kb = (bytes: number | undefined) => Math.ceil((bytes ?? 0) / 1024);
  const allWithin = (): BudgetFile => ({
    budgets: Object.fromEntries(
      measured.map((row) => [row.name, { jsKb: kb(row.sizes.js), cssKb: kb(row.sizes.css) }]),
    ),
  });

  it('passes when every figure is within its budget', () => {
    const { rows, unusedBudgets } = checkBudgets(measured, allWithin());
    expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'ok'));
    expect(unusedBudgets).toEqual([]);
  });

  it('fails a route whose JS or CSS is over its budget', () => {
    const budgets = allWithin();
    budgets.budgets['/sign-in'] = { jsKb: kb(figures['/sign-in']?.js) - 1, cssKb: 100 };
    budgets.budgets['/orders'] = { jsKb: 100, cssKb: 0 };
    const { rows } = checkBudgets(measured, budgets);
    const status = Object.fromEntries(rows.map((row) => [row.name, row.status]));
    expect(status['/sign-in']).toBe('over');
    expect(status['/orders']).toBe('over');
    expect(status[SHELL]).toBe('ok');
  });

  it('holds a signed-in route without a line of its own to the default', () => {
    const budgets = allWithin();
    delete budgets.budgets['/orders'];
    const orders = figures['/orders'];
    budgets.signedInRouteDefault = { jsKb: kb(orders?.js), cssKb: kb(orders?.css) + 1 };
    const within = checkBudgets(measured, budgets).rows.find((row) => row.name === '/orders');
    expect(within).toMatchObject({ status: 'ok', defaultBudget: true });
    budgets.signedInRouteDefault = { jsKb: kb(orders?.js) - 1, cssKb: 100 };
    const over = checkBudgets(measured, budgets).rows.find((row) => row.name === '/orders');
    expect(over?.status).toBe('over');
    // A signed-out page is the first thing a device loads: it always has a line of its own.
    delete budgets.budgets['/sign-in'];
    const signIn = checkBudgets(measured, budgets).rows.find((row) => row.name === '/sign-in');
    expect(signIn?.status).toBe('no budget');
  });

  it('reports a route without a budget and a budget without a route', () => {
    const budgets = allWithin();
    delete budgets.budgets['/orders'];
    budgets.budgets['/gone'] = { jsKb: 1, cssKb: 1 };
    const { rows, unusedBudgets } = checkBudgets(measured, budgets);
    expect(rows.find((row) => row.name === '/orders')?.status).toBe('no budget');
    expect(unusedBudgets).toEqual(['/gone']);
  });
});

describe('chunks that import each other', () => {
  const chunk = (file: string, imports: string[] = []) => ({ file, imports });

  it('finds none in a build whose imports only go down', () => {
    const manifest: Manifest = {
      'index.html': { ...chunk('entry.js', ['_vendor.js']), isEntry: true },
      '_vendor.js': chunk('vendor.js'),
      'src/orders.tsx': chunk('orders.js', ['_signed-in.js', '_vendor.js']),
      '_signed-in.js': chunk('signed-in.js', ['_vendor.js']),
    };
    expect(chunkImportCycles(manifest)).toEqual([]);
  });

  it('names the files of a loop through a shared chunk', () => {
    const manifest: Manifest = {
      'index.html': { ...chunk('entry.js', ['_vendor.js']), isEntry: true },
      '_vendor.js': chunk('vendor.js'),
      'src/board.tsx': chunk('board.js', ['_signed-in.js']),
      '_signed-in.js': chunk('signed-in.js', ['_pills.js', '_vendor.js']),
      '_pills.js': chunk('pills.js', ['_signed-in.js']),
    };
    expect(chunkImportCycles(manifest)).toEqual([['signed-in.js', 'pills.js', 'signed-in.js']]);
  });
});
