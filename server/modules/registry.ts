import { existsSync, readdirSync } from 'node:fs';
import type { FastifyPluginCallback } from 'fastify';

/** What `server/modules/<area>/routes.ts` exports to be mounted behind authentication. */
export interface ResourceModule {
  /** Path under `/api`, e.g. `/designs`. */
  prefix: string;
  routes: FastifyPluginCallback;
}

const modulesDirectory = new URL('./', import.meta.url);

let loaded: Promise<ResourceModule[]> | undefined;

/**
 * Every area module that exports `resourceModule` (or, for an area serving several paths,
 * `resourceModules`) from its `routes.ts`, in folder order: a new area is mounted by existing,
 * with no shared list to edit. Found once per process.
 */
export function loadResourceModules(): Promise<ResourceModule[]> {
  loaded ??= (async () => {
    const areas = readdirSync(modulesDirectory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const modules: ResourceModule[] = [];
    for (const area of areas) {
      const file = new URL(`./${area}/routes.ts`, modulesDirectory);
      if (!existsSync(file)) continue;
      const exported = (await import(file.href)) as {
        resourceModule?: ResourceModule;
        resourceModules?: ResourceModule[];
      };
      if (exported.resourceModule) modules.push(exported.resourceModule);
      if (exported.resourceModules) modules.push(...exported.resourceModules);
    }
    return modules;
  })();
  return loaded;
}
