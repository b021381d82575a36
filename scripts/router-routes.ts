import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Which modules each route of the router loads, read from the router's own source without
 * running it, so a route added to the router is budgeted without being listed anywhere else.
 */

/** The router module whose `appRoutes` are read, from the project root. */
export const ROUTER_FILE = 'src/app/router.tsx';

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
