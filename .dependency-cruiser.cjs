/**
 * Import cycles make start-up order and test doubles fragile; `npm run lint` fails on any.
 * Type-only imports count too: a type pulled from a module above still ties the two together.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      // In use by parallel work; removed with its area: the bills and production seeders still
      // take their type from server/db/seed.ts instead of server/db/demo-seeder.ts.
      from: { pathNot: '^server/(db|modules/bills|modules/production)/seed\\.ts$' },
      to: { circular: true },
    },
    {
      name: 'no-circular-from-seed',
      severity: 'error',
      from: { path: '^server/db/seed\\.ts$' },
      to: { circular: true, pathNot: '^server/modules/(bills|production)/seed\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.cache)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.app.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
