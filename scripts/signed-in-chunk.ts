import path from 'node:path';

/** The part of the bundler's module graph this needs (rolldown's `ModuleInfo`). */
export interface ModuleNode {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
export interface ModuleGraph {
  getModuleInfo(id: string): ModuleNode | null;
}

const ROUTER = 'app/router.tsx';
// The signed-in part of the route tree, which the router loads on the first navigation past the
// signed-out pages; it imports the area table.
const SIGNED_IN_ROUTES = 'app/signed-in-routes.tsx';
// The area table: it imports every `features/<folder>/area.ts`, which imports its pages lazily.
const AREAS = 'app/areas.ts';
const AREA_FILE = /[\\/]features[\\/][^\\/]+[\\/]area\.ts$/;
const SIGNED_OUT_PAGE = /[\\/](app[\\/]errors|features[\\/]auth[\\/]pages)[\\/]/;
const PAGE = /-page\.tsx$/;
const SIGN_IN_PAGE = /[\\/]auth[\\/]pages[\\/]sign-in-page\.tsx$/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
// A library index that only re-exports (Mantine's, the icons'): following all its imports would
// count every component as used by whoever imports one.
const MIN_BARREL_IMPORTS = 50;
const NAMED_IMPORT = /\b(?:import|export)\s*(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const NAMESPACE_IMPORT = /\bimport\s*\*\s*as\s+\w+\s+from\s*["']([^"']+)["']/g;
const DEFAULT_REEXPORT = /\bexport\s*\{\s*default\s+as\s+(\w+)\s*\}\s*from\s*["']([^"']+)["']/g;

function namesIn(list: string): { imported: string; local: string }[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return { imported: imported!.trim(), local: (local ?? imported!).trim() };
    });
}

/**
 * Decides which modules go into the `signed-in`, `signed-in-routes`, `opening-read` and
 * `sign-in-shared` chunks. Left to itself
 * the bundler gives every set of pages that shares a module a chunk of its own, so a signed-in
 * page loaded about 80 small files (one per Mantine component, icon and helper): on a cold load
 * six at a time over HTTP/1.1, on a warm start each a separate service worker fetch. Grouped, a
 * signed-in page loads the entry, these four chunks and its own code.
 *
 * `signed-in-routes`: the signed-in part of the route tree with the area table and its icons,
 * which the router loads before any signed-in page, so nothing of it waits behind the larger
 * group (the sidebar imports the area table too).
 * `opening-read`: what the opening page's early read (`prefetch` in an area.ts) needs, so the
 * read starts without waiting for the larger group. `signed-in`: what two or more signed-in pages
 * (the layout and providers count as pages) share. Neither takes anything a signed-out page or
 * the entry uses (so `/sign-in` loads none of it), nor style sheets (their order is fixed in
 * src/styles). Library index modules that only re-export are followed by the names imported from
 * them, which is what the bundler keeps, not by all their imports: otherwise one component used
 * on `/sign-in` would keep the whole library out of the group.
 */
export function signedInChunk(sourceRoot: string) {
  let chunks: Map<string, string> | undefined;
  let chunksGraph: ModuleGraph | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    // Worked out once per build: the bundler asks for every module with the same graph.
    if (!chunks || chunksGraph !== graph) {
      chunks = signedInChunks(sourceRoot, graph);
      chunksGraph = graph;
    }
    return chunks.get(id) ?? null;
  };
}

export function signedInChunks(sourceRoot: string, graph: ModuleGraph): Map<string, string> {
  const barrelExports = new Map<string, Map<string, string> | null>();
  const exportsOfBarrel = (id: string): Map<string, string> | null => {
    if (barrelExports.has(id)) return barrelExports.get(id)!;
    const info = graph.getModuleInfo(id);
    let exported: Map<string, string> | null = null;
    if (
      info?.code &&
      NODE_MODULES.test(id) &&
      info.importedIds.length >= MIN_BARREL_IMPORTS &&
      // Names re-exported wholesale cannot be told apart; such an index is followed entirely.
      !/\bexport\s*\*/.test(info.code)
    ) {
      exported = new Map();
      const directory = path.dirname(id);
      for (const [, list, from] of info.code.matchAll(NAMED_IMPORT)) {
        if (!from!.startsWith('.')) continue;
        for (const { imported, local } of namesIn(list!)) {
          exported.set(local, path.resolve(directory, from!));
          exported.set(imported, path.resolve(directory, from!));
        }
      }
      for (const [, name, from] of info.code.matchAll(DEFAULT_REEXPORT)) {
        if (from!.startsWith('.')) exported.set(name!, path.resolve(directory, from!));
      }
    }
    barrelExports.set(id, exported);
    return exported;
  };

  const importedNames = (code: string | null) =>
    code
      ? [...code.matchAll(NAMED_IMPORT)].flatMap(([, list]) =>
          namesIn(list!).map(({ imported }) => imported),
        )
      : null;

  const closure = (roots: readonly string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = graph.getModuleInfo(id);
      if (!info) continue;
      // A namespace import of a library (not of the app's own modules) may use any of its names.
      const wholeLibraries = [...(info.code ?? '').matchAll(NAMESPACE_IMPORT)].some(
        ([, from]) => !/^[./]|^@\//.test(from!),
      );
      const names = wholeLibraries ? null : importedNames(info.code);
      for (const dependency of info.importedIds) {
        const exported = exportsOfBarrel(dependency);
        if (!exported) {
          stack.push(dependency);
          continue;
        }
        seen.add(dependency);
        if (names) {
          for (const name of names) {
            const target = exported.get(name);
            if (target) stack.push(target);
          }
        } else {
          stack.push(...(graph.getModuleInfo(dependency)?.importedIds ?? []));
        }
      }
    }
    return seen;
  };

  const dynamicImportsOf = (id: string) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? [];
  const targetsOf = (table: string) => dynamicImportsOf(path.join(sourceRoot, table));
  const areaTargets = (graph.getModuleInfo(path.join(sourceRoot, AREAS))?.importedIds ?? [])
    .filter((id) => AREA_FILE.test(id))
    .flatMap(dynamicImportsOf);
  // The route table's modules that are not pages start the opening page's read early.
  const early = areaTargets.filter((id) => !PAGE.test(id));
  const signedOut = targetsOf(ROUTER).filter((id) => SIGNED_OUT_PAGE.test(id));
  const routeTableModule = path.join(sourceRoot, SIGNED_IN_ROUTES);
  const signedInRoots = [
    ...targetsOf(ROUTER),
    ...targetsOf(SIGNED_IN_ROUTES),
    ...areaTargets,
  ].filter((id) => !SIGNED_OUT_PAGE.test(id) && !early.includes(id) && id !== routeTableModule);
  const signedOutOrEntry = closure([path.join(sourceRoot, 'main.tsx'), ...signedOut]);
  const openingRead = closure(early);
  const routeTable = closure([routeTableModule]);
  const pagesReaching = new Map<string, number>();
  for (const root of signedInRoots) {
    for (const id of closure([root])) pagesReaching.set(id, (pagesReaching.get(id) ?? 0) + 1);
  }
  const groupable = (id: string) =>
    !signedOutOrEntry.has(id) && !/\.css($|\?)/.test(id) && !exportsOfBarrel(id);
  const chunks = new Map<string, string>();
  for (const id of openingRead) {
    if (groupable(id)) chunks.set(id, 'opening-read');
  }
  // The module itself stays the chunk the router asks for, which the build manifest names.
  for (const id of routeTable) {
    if (id === routeTableModule || !groupable(id) || openingRead.has(id)) continue;
    chunks.set(id, 'signed-in-routes');
  }
  for (const [id, pages] of pagesReaching) {
    if (pages < 2 || signedInRoots.includes(id) || chunks.has(id) || !groupable(id)) continue;
    chunks.set(id, 'signed-in');
  }
  // What `/sign-in` shares with the signed-in pages (Mantine's inputs, zod's core, the form
  // helpers) in one chunk too: both load it whole, and `/sign-in` none of it that it does not use.
  const entry = closure([path.join(sourceRoot, 'main.tsx')]);
  const signIn = signedOut.find((id) => SIGN_IN_PAGE.test(id));
  for (const id of signIn ? closure([signIn]) : []) {
    if (id === signIn || entry.has(id) || !pagesReaching.has(id)) continue;
    if (/\.css($|\?)/.test(id) || exportsOfBarrel(id)) continue;
    chunks.set(id, 'sign-in-shared');
  }
  return chunks;
}
