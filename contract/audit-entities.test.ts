import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { auditEntitiesFile, auditEntitiesSource } from '../scripts/write-audit-entities.ts';

it("is the file `npm run generate` writes from the contract files' declared entities", async () => {
  expect(readFileSync(auditEntitiesFile, 'utf8'), 'run npm run generate').toBe(
    await auditEntitiesSource(),
  );
});
