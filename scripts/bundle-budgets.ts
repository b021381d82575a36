import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';

/**
 * First-load JavaScript and CSS per route, read from Vite's build manifest, against the budgets in
 * `bundle-budgets.json`. Which module each route loads is read from the router's own source, so a
 * route added to the router is checked without being listed anywhere else.
 */

/** The router module whose `appRoutes` the check reads, and the budgets, from the project root. */
export const ROUTER_FILE = 'src/app/router.tsx';
export const BUDGET_FILE = 'bundle-budgets.json';

/**
 * Routes the router adds while it runs (`patch` in its `patchRoutesOnNavigation`): the route
 * table `name` exported by `file` becomes the children of the route with id `under`. The module
 * is loaded before any of those routes, so it counts as part of their shell.
 */
export interface PatchedRoutes {
  under: string;
  file: string;
  name: string;
}
export const PATCHED_ROUTES: readonly PatchedRoutes[] = [
  { under: 'signed-in', file: 'src/app/signed-in-routes.tsx', name: 'signedInRoutes' },
];

/** One route of the router that loads code of its own (a lazy module). */
export interface RouteModules {
  /** `/sign-in`, `/orders/edit/:orderId`, … */
  route: string;
  /** Under a pathless lazy layout (the signed-in providers and app layout), i.e. signed in. */
  signedIn: boolean;
  /** Source files (relative to the project root) of the pathless lazy layouts above the route. */
  shell: string[];
  /** Source files the route itself loads lazily, its path-carrying parents' included. */
  modules: string[];
}

interface RouteNode {
  id?: string;
  path: string | undefined;
  index: boolean;
  modules: string[];
  children: RouteNode[];
}

const SOURCE_EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];
/** Calls that keep a route table's elements (in some order, flattened or not). */
const ARRAY_METHODS = new Set(['map', 'flatMap', 'flat', 'sort', 'filter']);

/** Reads route objects out of router source files without running them. */
class RouteReader {
  private readonly files = new Map<string, ts.SourceFile>();
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private source(file: string): ts.SourceFile {
    let source = this.files.get(file);
    if (!source) {
      source = ts.createSourceFile(
        file,
        readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      );
      this.files.set(file, source);
    }
    return source;
  }

  private fail(node: ts.Node, what: string): never {
    const source = node.pos >= 0 ? node.getSourceFile() : undefined;
    if (!source) throw new Error(what);
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    throw new Error(
      `${path.relative(this.root, source.fileName)}:${line + 1}: ${what}; the bundle budget check ` +
        'reads routes as arrays of route objects (path, index, lazy/page with import(), children)',
    );
  }

  /** The source file an import specifier of `fromFile` names, relative to the project root. */
  resolveModule(specifier: string, fromFile: string): string {
    const base = specifier.startsWith('@/')
      ? path.join(this.root, 'src', specifier.slice(2))
      : path.resolve(path.dirname(fromFile), specifier);
    const candidates = [base, ...SOURCE_EXTENSIONS.map((extension) => base + extension)];
    const found = candidates.find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
    );
    if (!found) throw new Error(`Cannot resolve ${specifier} from ${fromFile}`);
    return path.relative(this.root, found).split(path.sep).join('/');
  }

  /** Every `import('…')` inside `node`, as source files. */
  private dynamicImports(node: ts.Node): string[] {
    const found: string[] = [];
    const visit = (child: ts.Node) => {
      if (
        ts.isCallExpression(child) &&
        child.expression.kind === ts.SyntaxKind.ImportKeyword &&
        child.arguments[0] &&
        ts.isStringLiteralLike(child.arguments[0])
      ) {
        found.push(this.resolveModule(child.arguments[0].text, child.getSourceFile().fileName));
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    return found;
  }

  /** The initializer of the top-level `const name`, in `file` or in the module it imports from. */
  constant(name: string, file: string, at: ts.Node): ts.Expression {
    const source = this.source(file);
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (
            ts.isIdentifier(declaration.name) &&
            declaration.name.text === name &&
            declaration.initializer
          ) {
            return declaration.initializer;
          }
        }
      }
      if (
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        statement.importClause?.namedBindings &&
        ts.isNamedImports(statement.importClause.namedBindings)
      ) {
        const binding = statement.importClause.namedBindings.elements.find(
          (element) => element.name.text === name,
        );
        if (binding) {
          const imported = path.join(
            this.root,
            this.resolveModule(statement.moduleSpecifier.text, file),
          );
          return this.constant((binding.propertyName ?? binding.name).text, imported, at);
        }
      }
    }
    return this.fail(at, `no top-level const ${name}`);
  }

  routes(expression: ts.Expression): RouteNode[] {
    const file = expression.getSourceFile().fileName;
    if (
      ts.isParenthesizedExpression(expression) ||
      ts.isAsExpression(expression) ||
      ts.isSatisfiesExpression(expression)
    ) {
      return this.routes(expression.expression);
    }
    if (ts.isIdentifier(expression)) {
      return this.routes(this.constant(expression.text, file, expression));
    }
    if (ts.isCallExpression(expression)) {
      // `import.meta.glob('../features/*/area.ts')`: the routes the matched files declare.
      if (expression.expression.getText() === 'import.meta.glob') {
        return this.globbedRoutes(expression);
      }
      // `AREA_ROUTES.map(areaRoute)`, `[...declared].sort(…).flatMap(…)`: one route per element
      // of the table the calls start from; `Object.values(modules)`: the modules' routes.
      if (ts.isPropertyAccessExpression(expression.expression)) {
        const { expression: receiver, name } = expression.expression;
        if (ARRAY_METHODS.has(name.text)) return this.routes(receiver);
        if (receiver.getText() === 'Object' && name.text === 'values' && expression.arguments[0]) {
          return this.routes(expression.arguments[0]);
        }
      }
    }
    if (ts.isArrayLiteralExpression(expression)) {
      return expression.elements.flatMap((element) =>
        ts.isSpreadElement(element) ? this.routes(element.expression) : [this.route(element)],
      );
    }
    return this.fail(expression, `cannot read routes from ${ts.SyntaxKind[expression.kind]}`);
  }

  /** Every `routes: [...]` of the files an `import.meta.glob(pattern)` call matches. */
  private globbedRoutes(call: ts.CallExpression): RouteNode[] {
    const [pattern] = call.arguments;
    if (!pattern || !ts.isStringLiteralLike(pattern))
      return this.fail(call, 'a glob must be a literal');
    // `{ base: '../features' }`: the pattern is relative to that folder.
    const base = call.arguments[1]?.getText().match(/\bbase:\s*['"]([^'"]+)['"]/)?.[1] ?? '.';
    const directory = path.resolve(path.dirname(call.getSourceFile().fileName), base);
    const files = globSync(pattern.text, { cwd: directory }).sort();
    if (files.length === 0) return this.fail(call, 'the glob matches no file');
    return files.flatMap((file) => {
      const found: RouteNode[] = [];
      const visit = (node: ts.Node) => {
        if (
          ts.isPropertyAssignment(node) &&
          ts.isIdentifier(node.name) &&
          node.name.text === 'routes' &&
          ts.isArrayLiteralExpression(node.initializer)
        ) {
          found.push(...this.routes(node.initializer));
        } else {
          ts.forEachChild(node, visit);
        }
      };
      visit(this.source(path.resolve(directory, file)));
      return found;
    });
  }

  /** A string literal, or a top-level constant holding one. */
  private literal(expression: ts.Expression): string {
    if (ts.isStringLiteralLike(expression)) return expression.text;
    if (ts.isIdentifier(expression)) {
      const file = expression.getSourceFile().fileName;
      return this.literal(this.constant(expression.text, file, expression));
    }
    return this.fail(expression, 'a route id must be a literal');
  }

  private route(expression: ts.Expression): RouteNode {
    if (!ts.isObjectLiteralExpression(expression)) {
      return this.fail(expression, `a route must be an object literal`);
    }
    const node: RouteNode = { path: undefined, index: false, modules: [], children: [] };
    for (const property of expression.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
      const value = property.initializer;
      switch (property.name.text) {
        case 'path':
          if (!ts.isStringLiteralLike(value)) this.fail(value, 'a route path must be a literal');
          node.path = value.text;
          break;
        case 'id':
          node.id = this.literal(value);
          break;
        case 'index':
          node.index = value.kind === ts.SyntaxKind.TrueKeyword;
          break;
        case 'lazy':
        case 'page':
          node.modules.push(...this.dynamicImports(value));
          break;
        case 'children':
          node.children = this.routes(value);
          break;
      }
    }
    return node;
  }
}

function findRoute(nodes: RouteNode[], id: string): RouteNode | undefined {
  for (const node of nodes) {
    const found = node.id === id ? node : findRoute(node.children, id);
    if (found) return found;
  }
  return undefined;
}

const joinPath = (parent: string, segment: string | undefined) => {
  if (!segment) return parent;
  if (segment.startsWith('/')) return segment;
  return parent === '/' ? `/${segment}` : `${parent}/${segment}`;
};

/**
 * Every route of the exported `appRoutes` in `routerFile` that loads a lazy module, with the
 * modules its first load needs. Routes drawn by the entry alone (redirects, the 404) have none.
 */
export function readRouterRoutes(
  root: string,
  routerFile: string,
  patched: readonly PatchedRoutes[] = PATCHED_ROUTES,
): RouteModules[] {
  const reader = new RouteReader(root);
  const absolute = path.resolve(root, routerFile);
  const appRoutes = ts.factory.createIdentifier('appRoutes');
  const tree = reader.routes(reader.constant('appRoutes', absolute, appRoutes));
  for (const { under, file, name } of patched) {
    const parent = findRoute(tree, under);
    if (!parent) throw new Error(`${routerFile} has no route with id '${under}' to add ${name} to`);
    const table = ts.factory.createIdentifier(name);
    parent.children.push(...reader.routes(reader.constant(name, path.resolve(root, file), table)));
    parent.modules.push(file);
  }
  const found: RouteModules[] = [];
  const walk = (nodes: RouteNode[], parent: string, shell: string[], modules: string[]) => {
    for (const node of nodes) {
      const routePath = joinPath(parent, node.path);
      const pathless = node.path === undefined && !node.index;
      const nextShell = pathless ? [...shell, ...node.modules] : shell;
      const nextModules = pathless ? modules : [...modules, ...node.modules];
      if (node.children.length > 0) {
        walk(node.children, routePath, nextShell, nextModules);
      } else if (!pathless && nextModules.length > 0) {
        found.push({
          route: routePath,
          signedIn: nextShell.length > 0,
          shell: nextShell,
          modules: nextModules,
        });
      }
    }
  };
  walk(tree, '/', [], []);
  return found;
}

// ---------------------------------------------------------------------------------------------

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
