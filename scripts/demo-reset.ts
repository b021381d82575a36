// `npm run demo:reset`: puts the demo organization (demo@karkhana.app and its admin and staff
// accounts) back to its seeded state for a QA run, leaving every other organization as it is.
// Opens the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR); the embedded
// one belongs to one process at a time, so stop a server on the same folder first.
import { DemoAccountElsewhereError, resetDemoOrganization } from '../server/db/demo-reset.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/seed.ts';
import { fail, runOperatorCommand, withOperatorDatabase } from './operator-database.ts';

async function main() {
  const result = await withOperatorDatabase((db, config) =>
    resetDemoOrganization(db, new Date(), config.demoLanguage).catch((error: unknown) => {
      if (error instanceof DemoAccountElsewhereError) fail(error.message);
      throw error;
    }),
  );
  console.log(
    `${result.replaced ? 'Reset' : 'Created'} the demo organization (now ${result.organizationId}). ` +
      `Sign in as ${DEMO_EMAIL} (or admin@ / staff@karkhana.app) with ${DEMO_PASSWORD}.`,
  );
}

await runOperatorCommand(main);
