import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { Permission } from '../../contract/permissions.ts';
import type { WorkingSetDeclaration } from '@/lib/resource-factory';
// Notes are sent through the write queue as well, and live outside the feature folders: loading
// them here lets a note queued offline before a reload find how to send itself.
import '@/lib/notes';

/*
 * Every area's resource, collected from the feature folders instead of a hand-kept list. Each
 * `src/features/<area>/resource.ts` defines its resources with the factory; evaluating it
 * registers how each of its writes is sent, which is what replaying writes queued offline needs.
 * What a resource.ts contributes to the day's work kept on the device:
 *   - a resource made with a `workingSet` declaration, exported: found among the file's exports;
 *   - `export const workingSetReads = [...] satisfies WorkingSetRead[]`: other reads to keep.
 * This module is large (it loads every area), so its users import it on demand.
 */

/** A read kept on the device besides the resources' own, under the key its page reads. */
export interface WorkingSetRead {
  permission: Permission;
  query: () => unknown;
}

/** The part of a resource the working set reads (the factory's resources have it all). */
export interface WorkingSetResource {
  name: string;
  path: string;
  keys: { detail: (id: string) => QueryKey; pickList: () => QueryKey };
  queries: {
    all: () => FetchQueryOptions<unknown[]>;
    list: (params: { page: number; limit: number }) => FetchQueryOptions<unknown>;
  };
  workingSet: WorkingSetDeclaration<object>;
}

const areaModules = import.meta.glob<Record<string, unknown>>('/src/features/*/resource.ts', {
  eager: true,
});

// The glob's order is the folders' alphabetical order, the same on every build.
const areaExports = Object.values(areaModules).flatMap((module) => Object.values(module));

function declaresWorkingSet(value: unknown): value is WorkingSetResource {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<WorkingSetResource>).workingSet === 'object'
  );
}

/** Which part of the working set is fetched first; the lower, the earlier. */
function workingSetRank({ workingSet }: WorkingSetResource) {
  // The pick lists first, which the records of the other lists name; then the open work (the
  // records a day on the floor opens); then the first pages of the other lists.
  if (workingSet.pickList) return 0;
  return workingSet.records ? 1 : 2;
}

/** Every resource that declares a part of the working set, in the order to fetch them. */
export const WORKING_SET_RESOURCES = [...new Set(areaExports.filter(declaresWorkingSet))].sort(
  (a, b) => workingSetRank(a) - workingSetRank(b),
);

/** Reads kept on the device besides the resources' own, from each area's `workingSetReads`. */
export const WORKING_SET_READS: readonly WorkingSetRead[] = Object.values(areaModules).flatMap(
  (module) => (module.workingSetReads as readonly WorkingSetRead[] | undefined) ?? [],
);
