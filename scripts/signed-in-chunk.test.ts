import { describe, expect, it } from 'vitest';
import { signedInChunks, type ModuleGraph, type ModuleNode } from './signed-in-chunk.ts';

const SRC = '/app/src/';
const LIB = '/app/node_modules/ui-lib/esm/';

/** A library whose index re-exports 60 components, as Mantine's and the icons' indexes do. */
function libraryModules(): Record<string, ModuleNode> {
  const components = Array.from({ length: 60 }, (_, index) => `Part${index}`).concat([
    'TextInput',
    'Select',
    'Popover',
  ]);
  const modules: Record<string, ModuleNode> = {
    [`${LIB}index.mjs`]: {
      code: components
        .map((name) => `import { ${name} } from "./components/${name}.mjs";`)
        .concat(`export { ${components.join(', ')} };`)
        .join('\n'),
      importedIds: components.map((name) => `${LIB}components/${name}.mjs`),
      dynamicallyImportedIds: [],
    },
  };
  for (const name of components) {
    modules[`${LIB}components/${name}.mjs`] = {
      code: '',
      importedIds: name === 'Select' ? [`${LIB}components/Popover.mjs`] : [],
      dynamicallyImportedIds: [],
    };
  }
  return modules;
}

const module = (code: string, importedIds: string[], dynamicallyImportedIds: string[] = []) => ({
  code,
  importedIds,
  dynamicallyImportedIds,
});

function graphOf(app: Record<string, ModuleNode>): ModuleGraph {
  const modules: Record<string, ModuleNode> = { ...libraryModules() };
  for (const [file, node] of Object.entries(app)) modules[SRC + file] = node;
  return { getModuleInfo: (id) => modules[id] ?? null };
}

const lib = `${LIB}index.mjs`;
const app = (file: string) => SRC + file;

const baseApp = {
  'main.tsx': module('import { router } from "./app/router";', [app('app/router.tsx')]),
  'app/router.tsx': module(
    '',
    [],
    [
      app('features/auth/pages/sign-in-page.tsx'),
      app('features/auth/pages/sign-up-page.tsx'),
      app('app/signed-in-routes.tsx'),
    ],
  ),
  'app/signed-in-routes.tsx': module(
    'import { AREAS } from "./areas";\nimport { RequirePermission } from "./require-permission";',
    [app('app/areas.ts'), app('app/require-permission.tsx')],
    [app('app/signed-in-providers.tsx'), app('app/layout/app-layout.tsx')],
  ),
  'app/require-permission.tsx': module('', []),
  'app/areas.ts': module('', [app('features/orders/area.ts'), app('features/billing/area.ts')]),
  'features/orders/area.ts': module(
    '',
    [],
    [app('features/orders/pages/orders-page.tsx'), app('features/orders/prefetch.ts')],
  ),
  'features/billing/area.ts': module('', [], [app('features/billing/pages/bills-page.tsx')]),
  'features/auth/pages/sign-in-page.tsx': module('import { TextInput } from "ui-lib";', [lib]),
  'features/auth/pages/sign-up-page.tsx': module('import { Part3 } from "ui-lib";', [lib]),
  'app/signed-in-providers.tsx': module('', [app('lib/query.ts')]),
  'app/layout/app-layout.tsx': module(
    'import { Popover } from "ui-lib";\nimport { AREAS } from "../areas";',
    [lib, app('app/areas.ts')],
  ),
  'features/orders/pages/orders-page.tsx': module(
    'import { Part3, Select, TextInput } from "ui-lib";\nimport { Table } from "../../../components/table";\nimport { rows } from "../rows";',
    [lib, app('components/table.tsx'), app('features/orders/rows.ts')],
  ),
  'features/billing/pages/bills-page.tsx': module(
    'import { Part3, Select } from "ui-lib";\nimport { Table } from "../../../components/table";',
    [lib, app('components/table.tsx')],
  ),
  'features/orders/prefetch.ts': module('import { query } from "../../lib/query";', [
    app('lib/query.ts'),
  ]),
  'components/table.tsx': module('import styles from "./table.module.css";', [
    app('components/table.module.css'),
  ]),
  'components/table.module.css': module('', []),
  'features/orders/rows.ts': module('', []),
  'lib/query.ts': module('', []),
};

describe('signed-in chunk', () => {
  const chunks = signedInChunks(SRC, graphOf(baseApp));

  it('groups what two signed-in pages or the layout share', () => {
    expect(chunks.get(`${LIB}components/Select.mjs`)).toBe('signed-in');
    expect(chunks.get(`${LIB}components/Popover.mjs`)).toBe('signed-in');
    expect(chunks.get(app('components/table.tsx'))).toBe('signed-in');
  });

  it('leaves out what a signed-out page uses, named through the library index', () => {
    expect(chunks.get(`${LIB}components/Part3.mjs`)).toBeUndefined();
    expect(chunks.get(lib)).toBeUndefined();
  });

  it('puts what /sign-in shares with the signed-in pages in a chunk of its own', () => {
    expect(chunks.get(`${LIB}components/TextInput.mjs`)).toBe('sign-in-shared');
    expect(chunks.get(app('features/auth/pages/sign-in-page.tsx'))).toBeUndefined();
  });

  it('leaves out components nobody imports by name, code of one page and style sheets', () => {
    expect(chunks.get(`${LIB}components/Part7.mjs`)).toBeUndefined();
    expect(chunks.get(app('features/orders/rows.ts'))).toBeUndefined();
    expect(chunks.get(app('components/table.module.css'))).toBeUndefined();
    expect(chunks.get(app('features/orders/pages/orders-page.tsx'))).toBeUndefined();
  });

  it("puts the opening page's early read in a chunk of its own", () => {
    expect(chunks.get(app('features/orders/prefetch.ts'))).toBe('opening-read');
    expect(chunks.get(app('lib/query.ts'))).toBe('opening-read');
  });

  it('puts the signed-in route table and the area table in a chunk of their own', () => {
    // The sidebar imports the area table too; it still loads with the routes, before any page.
    expect(chunks.get(app('app/areas.ts'))).toBe('signed-in-routes');
    expect(chunks.get(app('features/orders/area.ts'))).toBe('signed-in-routes');
    expect(chunks.get(app('app/require-permission.tsx'))).toBe('signed-in-routes');
    // The module the router asks for stays a chunk of its own name, which the manifest lists.
    expect(chunks.get(app('app/signed-in-routes.tsx'))).toBeUndefined();
  });

  it('takes a namespace import of a library as using all of it', () => {
    const withNamespace = {
      ...baseApp,
      'features/auth/pages/sign-up-page.tsx': module('import * as ui from "ui-lib";', [lib]),
    };
    const grouped = signedInChunks(SRC, graphOf(withNamespace));
    expect(grouped.get(`${LIB}components/Select.mjs`)).toBeUndefined();
    expect(grouped.get(app('components/table.tsx'))).toBe('signed-in');
  });
});
