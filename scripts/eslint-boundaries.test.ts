import { ESLint, Linter } from 'eslint';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The import-boundary rules are checked through the real config: the options ESLint resolves for
// a path are applied to a one-line module, without type information, so this stays fast.
const rootDir = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: rootDir });
const linter = new Linter({ configType: 'flat', cwd: rootDir });

async function violations(relativePath: string, specifier: string): Promise<string[]> {
  const filePath = path.join(rootDir, relativePath);
  const config = (await eslint.calculateConfigForFile(filePath)) as {
    rules?: Record<string, unknown>;
  };
  const options = config.rules?.['no-restricted-imports'];
  if (!options) return [];
  const messages = linter.verify(
    `import value from '${specifier}';\nexport { value };\n`,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
        rules: { 'no-restricted-imports': options as Linter.RuleEntry },
      },
    ],
    filePath,
  );
  return messages.map((message) => message.message);
}

const features = (() => {
  try {
    return readdirSync(new URL('../src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

describe('import boundaries', () => {
  it('keeps server code out of the SPA', async () => {
    expect(await violations('src/lib/api-client.ts', '../../server/app.ts')).toHaveLength(1);
    expect(await violations('src/app/router.tsx', '../../server/db/schema.ts')).toHaveLength(1);
    expect(await violations('src/lib/api-client.ts', 'drizzle-orm')).toHaveLength(1);
    expect(await violations('src/lib/api-client.ts', 'fastify')).toHaveLength(1);
    expect(await violations('src/lib/api-client.ts', '../../contract/merchants.ts')).toEqual([]);
    expect(await violations('src/lib/api-client.ts', 'ky')).toEqual([]);
  });

  it('keeps the SPA out of the server', async () => {
    expect(await violations('server/app.ts', '../src/lib/format.ts')).toHaveLength(1);
    expect(
      await violations('server/modules/merchants/routes.ts', '../../../src/app/router.tsx'),
    ).toHaveLength(1);
    expect(await violations('server/app.ts', '@/lib/format')).toHaveLength(1);
    expect(await violations('server/app.ts', '../contract/merchants.ts')).toEqual([]);
    expect(await violations('server/app.ts', 'fastify')).toEqual([]);
  });

  it('lets contract/ import only zod and itself', async () => {
    expect(await violations('contract/merchants.ts', 'zod')).toEqual([]);
    expect(await violations('contract/merchants.ts', 'zod/v4')).toEqual([]);
    expect(await violations('contract/merchants.ts', './common.ts')).toEqual([]);
    for (const forbidden of [
      'react',
      'drizzle-orm',
      'fastify',
      '../src/lib/format.ts',
      '../server/app.ts',
    ]) {
      expect(await violations('contract/merchants.ts', forbidden), forbidden).toHaveLength(1);
    }
  });

  it.runIf(features.length > 0)(
    'confines each feature to itself and the shared folders',
    async () => {
      for (const feature of features) {
        const file = `src/features/${feature}/pages/list-page.tsx`;
        const other = features.find((name) => name !== feature) ?? 'some-other-area';
        expect(await violations(file, '@/components/page-header')).toEqual([]);
        expect(await violations(file, '@/lib/api-client')).toEqual([]);
        expect(await violations(file, '@/stores/auth')).toEqual([]);
        expect(await violations(file, `@/features/${feature}/api`)).toEqual([]);
        expect(await violations(file, '../api.ts')).toEqual([]);
        expect(await violations(file, '../../../../contract/common.ts')).toEqual([]);
        expect(await violations(file, '@/app/router')).toHaveLength(1);
        expect(await violations(file, '../../../app/router.tsx')).toHaveLength(1);
        expect(await violations(file, '../../../../server/app.ts')).toHaveLength(1);
        if (other !== 'some-other-area') {
          expect(await violations(file, `@/features/${other}/api`)).toHaveLength(1);
          expect(await violations(file, `../../${other}/api.ts`)).toHaveLength(1);
        }
      }
    },
  );

  it.runIf(features.length > 0)('lets feature tests use the shared test helpers', async () => {
    const feature = features[0]!;
    expect(
      await violations(`src/features/${feature}/pages/list-page.test.tsx`, '@/test/render'),
    ).toEqual([]);
    expect(
      await violations(`src/features/${feature}/pages/list-page.tsx`, '@/test/render'),
    ).toHaveLength(1);
  });
});
