import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // An area's tables live in its folder; the tables of sign-in and sessions in server/db.
  schema: ['./server/db/platform-tables.ts', './server/modules/*/schema.ts'],
  out: './server/db/migrations',
});
