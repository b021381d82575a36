// `npm run reset-password -- EMAIL`: prints a new temporary password for the account, once.
// Opens the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR). The
// embedded database belongs to one process at a time, so with a server running on the same
// folder this refuses and says to stop the server first.
import { email as emailSchema } from '../contract/auth.ts';
import { resetPasswordByEmail } from '../server/modules/users/operator-reset.ts';
import { fail, runOperatorCommand, withOperatorDatabase } from './operator-database.ts';

async function main() {
  const argument = process.argv[2];
  const parsed = emailSchema.safeParse(argument ?? '');
  if (!parsed.success) fail('Usage: npm run reset-password -- EMAIL');

  const reset = await withOperatorDatabase((db) => resetPasswordByEmail(db, parsed.data));
  if (!reset) fail(`No account has the email ${parsed.data}.`);
  console.log(`Temporary password for ${reset.name} <${reset.email}> (${reset.organizationName}):`);
  console.log('');
  console.log(`    ${reset.password}`);
  console.log('');
  console.log(
    'It is shown only this once. They must choose a new password when they sign in with it; ' +
      `${reset.sessionsEnded} signed-in session(s) were ended.`,
  );
  if (!reset.isActive) {
    console.log(
      'This account is deactivated: it cannot sign in until an owner or admin reactivates it.',
    );
  }
}

await runOperatorCommand(main);
