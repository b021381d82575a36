// A second server on a DATA_DIR another server is using must refuse to start (non-zero exit, a
// message saying the folder is in use) and leave the first one working; the first server's writes
// then survive its restart.
import { call, dataOf, is2xx, login, register, validBody, type Ids } from './api.ts';
import { Failures, excerpt, type ScenarioContext, type ScenarioResult } from './scenario.ts';
import {
  freePort,
  freshDataDir,
  reapPostgres,
  spawnServer,
  startServer,
  stopServer,
  tearDown,
  waitHealthy,
  type ServerHandle,
} from './server.ts';

const SECOND_SERVER_LIMIT_MS = 30_000;

export async function run(context: ScenarioContext): Promise<ScenarioResult> {
  const started = Date.now();
  const failures = new Failures();
  const dataDir = freshDataDir('two-servers');
  let first: ServerHandle | null = null;
  let second: ServerHandle | null = null;
  let secondOutcome = 'not started';
  let secondSeconds = 0;
  const written: string[] = [];
  let survived = 0;
  try {
    first = await startServer(dataDir);
    const account = await register(first.baseUrl, 'two-servers');
    const references: Ids = {};
    const create = async (server: ServerHandle, token: string, label: string) => {
      const reply = await call(server.baseUrl, 'POST', '/api/merchants', {
        token,
        body: validBody('merchants', references, label),
      });
      if (is2xx(reply.status)) written.push(String(dataOf(reply)._id));
      else failures.add('first server write', `${label}: ${reply.status} ${excerpt(reply.text)}`);
    };
    for (let index = 0; index < 3; index += 1) await create(first, account.token, 'before');

    const secondStarted = Date.now();
    second = spawnServer(dataDir, await freePort());
    // A second server that comes up healthy has already failed; no need to wait out the limit.
    const handle = second;
    const becameHealthy = (async () => {
      while (!handle.hasExited() && Date.now() - secondStarted < SECOND_SERVER_LIMIT_MS) {
        try {
          await waitHealthy(handle, 1000);
          return 'healthy' as const;
        } catch {
          // Not (yet) answering.
        }
      }
      return 'limit' as const;
    })();
    const exit = await Promise.race([handle.exited, becameHealthy]);
    secondSeconds = (Date.now() - secondStarted) / 1000;
    if (typeof exit === 'string') {
      secondOutcome = exit === 'healthy' ? 'started and served' : 'still running';
      failures.add(
        'second server',
        `did not exit (${secondOutcome} after ${secondSeconds.toFixed(1)} s, limit ${SECOND_SERVER_LIMIT_MS / 1000} s); output: ${excerpt(handle.output(), 400)}`,
      );
      await stopServer(handle);
    } else {
      secondOutcome = `exit code ${exit.code ?? exit.signal}`;
      if (exit.code === 0 || exit.code === null)
        failures.add(
          'second server',
          `exited with ${exit.code ?? exit.signal}, not a failure code`,
        );
      if (!/in use/i.test(second.output()))
        failures.add(
          'second server',
          `output does not say "in use": ${excerpt(second.output(), 400)}`,
        );
    }
    context.log(`second server: ${secondOutcome} after ${secondSeconds.toFixed(1)} s`);

    // The first server still reads and writes.
    for (const id of written) {
      const reply = await call(first.baseUrl, 'GET', `/api/merchants/${id}`, {
        token: account.token,
      });
      if (reply.status !== 200)
        failures.add(
          'first server read',
          `merchants/${id} -> ${reply.status} ${excerpt(reply.text)}`,
        );
    }
    for (let index = 0; index < 3; index += 1) await create(first, account.token, 'after');

    const stopped = await stopServer(first);
    first = null;
    if (stopped.code !== 0)
      failures.add('first server stop', `exit ${stopped.code ?? stopped.signal} on SIGTERM`);
    const left = await reapPostgres(dataDir);
    if (left.length > 0)
      failures.add('postgres left running', `pids ${left.join(', ')} after SIGTERM`);

    first = await startServer(dataDir);
    const token = await login(first.baseUrl, account);
    for (const id of written) {
      const reply = await call(first.baseUrl, 'GET', `/api/merchants/${id}`, { token });
      if (reply.status === 200) survived += 1;
      else
        failures.add(
          'lost after restart',
          `merchants/${id} -> ${reply.status} ${excerpt(reply.text)}`,
        );
    }
  } catch (error) {
    failures.addHarnessError(error);
  } finally {
    await tearDown([second, first], dataDir, failures);
  }
  return {
    name: 'two-servers',
    status: failures.count() === 0 ? 'passed' : 'failed',
    summary: `second server: ${secondOutcome} after ${secondSeconds.toFixed(1)} s; first server's writes surviving its restart: ${survived}/${written.length}`,
    counts: { secondOutcome, secondSeconds, written: written.length, survived },
    failures: failures.all(),
    seconds: (Date.now() - started) / 1000,
  };
}
