// ESLint flat config. Type-aware rules run on TypeScript only, through the TypeScript project
// service (it reads tsconfig.app.json / tsconfig.node.json via tsconfig.json's references), so
// one TypeScript program per tsconfig is built instead of one per file.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import { reactRefresh } from 'eslint-plugin-react-refresh';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const rootDir = import.meta.dirname;

const featureNames = (() => {
  try {
    return readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
})();

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Relative specifiers are matched as written, not resolved. `src/` has no `server` folder and
// `server/` has no `src` folder, so a relative path whose first real segment is that name can only
// mean the other side of the boundary.
const relativeTo = (segments) => `^(\\.{1,2}/)+(${segments.map(escapeRegex).join('|')})(/|$)`;

const serverOnlyPackages = [
  'fastify',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  '@electric-sql/*',
  'drizzle-kit',
];

const srcBoundary = [
  {
    regex: relativeTo(['server']),
    message: 'The SPA must not import server code; share types and schemas through contract/.',
  },
  {
    group: serverOnlyPackages,
    message: 'Server-only package: the SPA talks to the API, not to the database or Fastify.',
  },
];

const featureBoundary = (feature, { allowTestHelpers }) => {
  const others = featureNames.filter((name) => name !== feature);
  const allowedAlias = ['components', 'lib', 'stores', `features/${feature}`];
  if (allowTestHelpers) allowedAlias.push('test');
  const rules = [
    ...srcBoundary,
    {
      // Another area's resource.ts is its queries and writes (an order form picks merchants), so
      // it is the one file of another feature a feature may import.
      regex: `^@/(?!(${allowedAlias.map(escapeRegex).join('|')})(/|$)|features/[\\w-]+/resource$)`,
      message: `A feature imports only from itself, another feature's resource, @/components, @/lib, @/stores and contract/ (not other features' other files or @/app). Move shared code to @/components or @/lib.`,
    },
  ];
  const reachable = [...others, 'app', 'features'];
  rules.push({
    regex: relativeTo(reachable),
    message: `Feature "${feature}" must not reach into another feature or the app shell; go through @/components, @/lib or @/stores.`,
  });
  return rules;
};

const restrict = (patterns) => ['error', { patterns }];

export default defineConfig([
  globalIgnores([
    'dist/',
    'dev-dist/',
    'node_modules/',
    '.cache/',
    'coverage/',
    'playwright-report/',
    'test-results/',
    'server/db/migrations/',
    'bench/results/',
  ]),

  js.configs.recommended,

  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: rootDir,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // React event handlers may be async; a rejected promise there is handled by the caller's
      // own error path (mutations show a toast), so only argument positions are checked.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false, arguments: false } },
      ],
    },
  },

  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },

  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], reactRefresh.configs.vite],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': restrict(srcBoundary) },
  },

  {
    files: [
      'e2e/**/*.ts',
      '*.config.ts',
      'server/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
      'reliability/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },

  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: `${relativeTo(['src'])}|^@/`,
          message: 'The server must not import the SPA; share types and schemas through contract/.',
        },
      ]),
    },
  },

  {
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: '^(?!zod(/|$)|\\./)',
          message:
            'contract/ is shared by the SPA and the server: it may import only zod and other contract files.',
        },
      ]),
    },
  },

  ...featureNames.flatMap((feature) => [
    {
      files: [`src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': restrict(featureBoundary(feature, { allowTestHelpers: false })),
      },
    },
    {
      files: [`src/features/${feature}/**/*.test.{ts,tsx}`],
      rules: {
        'no-restricted-imports': restrict(featureBoundary(feature, { allowTestHelpers: true })),
      },
    },
  ]),

  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**/*.{ts,tsx}'],
    rules: {
      // Test doubles and fixtures often export helpers next to components.
      'react-refresh/only-export-components': 'off',
    },
  },
]);
