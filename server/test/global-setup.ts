import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { EmbeddedPostgres } from '../db/embedded/supervisor.ts';
import { migrate } from '../db/migrate.ts';

export const TEMPLATE_DATABASE = 'karkhana_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server on which each test file creates its own database. */
    testDatabaseUrl: string;
    /** A migrated database to copy (`create database ... template`), when this run made one. */
    testTemplateDatabase: string | null;
  }
}

/**
 * One embedded PostgreSQL for the whole run, unless TEST_DATABASE_URL names a server (CI). A
 * template database is migrated once so every test file's database is a quick copy of it.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('testDatabaseUrl', external);
    project.provide('testTemplateDatabase', null);
    return undefined;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'karkhana-test-postgres-'));
  const embedded = new EmbeddedPostgres({ dataDir, durability: 'throwaway' });
  try {
    await embedded.start();
    const admin = new pg.Client({ connectionString: embedded.urlFor('postgres') });
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = await openDatabase({ databaseUrl: embedded.urlFor(TEMPLATE_DATABASE) });
    await migrate(template.db);
    await template.close();
  } catch (error) {
    await embedded.stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('testDatabaseUrl', embedded.urlFor('postgres'));
  project.provide('testTemplateDatabase', TEMPLATE_DATABASE);
  return async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
