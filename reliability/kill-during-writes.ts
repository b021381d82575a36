// kill -9 of the server while several writers create records; on alternate rounds the PostgreSQL
// processes of the DATA_DIR are killed too. After each restart on the same folder every record
// the server confirmed (2xx) in any round must still be there.
import { randomInt, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { call, dataOf, is2xx, login, register, validBody, type Account, type Ids } from './api.ts';
import { Failures, excerpt, type ScenarioContext, type ScenarioResult } from './scenario.ts';
import {
  freshDataDir,
  killPostgres,
  killServer,
  sleep,
  startServer,
  tearDown,
  type ServerHandle,
} from './server.ts';

const WRITERS = 4;
const WRITTEN_RESOURCES = ['merchants', 'designs', 'expenses', 'workers'];

export async function run(context: ScenarioContext): Promise<ScenarioResult> {
  const started = Date.now();
  const failures = new Failures();
  const rounds = context.smoke ? 1 : 5;
  const dataDir = freshDataDir('kill9');
  let server: ServerHandle | null = null;
  const confirmed: { resource: string; id: string; round: number }[] = [];
  let unconfirmed = 0;
  let postgresKilled = 0;
  let lost = 0;
  let roundsDone = 0;
  try {
    server = await startServer(dataDir);
    const account: Account = await register(server.baseUrl, 'kill9');
    let token = account.token;
    const references: Ids = {};

    for (let round = 1; round <= rounds; round += 1) {
      const baseUrl = server.baseUrl;
      let stop = false;
      const writer = async (writerIndex: number) => {
        let serial = 0;
        while (!stop) {
          serial += 1;
          const resource =
            WRITTEN_RESOURCES[(writerIndex + serial) % WRITTEN_RESOURCES.length] ?? 'merchants';
          const body = validBody(resource, references, `k${round}w${writerIndex}`);
          const reply = await call(baseUrl, 'POST', `/api/${resource}`, {
            token,
            body,
            headers: { 'idempotency-key': randomUUID() },
            timeoutMs: 15_000,
          });
          if (is2xx(reply.status))
            confirmed.push({ resource, id: String(dataOf(reply)._id), round });
          else if (reply.status === 0) {
            unconfirmed += 1;
            return;
          } else
            failures.add('write refused', `${resource} -> ${reply.status} ${excerpt(reply.text)}`);
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
      await sleep(randomInt(800, 3000));
      // Odd rounds, and so the single smoke round, take the whole stack down.
      const killPostgresToo = round % 2 === 1;
      await killServer(server);
      if (killPostgresToo) {
        const killed = killPostgres(dataDir).length;
        postgresKilled += killed;
        // A PostgreSQL cluster in the folder must have had processes to kill, or the round tested
        // nothing more.
        if (killed === 0 && existsSync(path.join(dataDir, 'postgres', 'PG_VERSION')))
          failures.add(
            'no postgres to kill',
            `round ${round}: DATA_DIR/postgres exists but no live postmaster`,
          );
      }
      stop = true;
      await Promise.all(writers);
      const confirmedThisRound = confirmed.filter((record) => record.round === round).length;

      try {
        server = await startServer(dataDir);
      } catch (error) {
        server = null;
        failures.add(
          'restart failed',
          `round ${round}: ${error instanceof Error ? error.message : String(error)}`,
        );
        break;
      }
      if ((await call(server.baseUrl, 'GET', '/api/auth/me', { token })).status === 401)
        token = await login(server.baseUrl, account);
      let missingThisRound = 0;
      for (const record of confirmed) {
        const reply = await call(server.baseUrl, 'GET', `/api/${record.resource}/${record.id}`, {
          token,
        });
        if (reply.status !== 200) {
          missingThisRound += 1;
          failures.add(
            'lost',
            `round ${record.round} ${record.resource}/${record.id} -> ${reply.status} ${excerpt(reply.text, 120)}`,
          );
        }
      }
      lost += missingThisRound;
      roundsDone += 1;
      context.log(
        `round ${round}: killed the server${killPostgresToo ? ' and PostgreSQL' : ''} after ${confirmedThisRound} confirmed writes; ${confirmed.length} checked after restart, ${missingThisRound} missing`,
      );
    }
  } catch (error) {
    failures.addHarnessError(error);
  } finally {
    await tearDown([server], dataDir, failures);
  }
  if (roundsDone < rounds && failures.count() === 0)
    failures.add('rounds', `${roundsDone}/${rounds} rounds ran`);
  return {
    name: 'kill-during-writes',
    status: failures.count() === 0 ? 'passed' : 'failed',
    summary: `${roundsDone}/${rounds} rounds, ${confirmed.length} confirmed writes, ${lost} lost, ${unconfirmed} in flight at the kill, ${postgresKilled} PostgreSQL processes killed`,
    counts: {
      rounds: roundsDone,
      confirmed: confirmed.length,
      lost,
      inFlight: unconfirmed,
      postgresKilled,
    },
    failures: failures.all(),
    seconds: (Date.now() - started) / 1000,
  };
}
