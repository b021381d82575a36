// Pairs of PUTs to one record, both sent from the same read (same `version`): exactly one may win,
// the other must be 409 stale_version, and the stored record must be the winner's body.
import { call, codeOf, dataOf, is2xx, register, validBody, type Ids, type Json } from './api.ts';
import { Failures, excerpt, type ScenarioContext, type ScenarioResult } from './scenario.ts';
import { freshDataDir, startServer, tearDown } from './server.ts';

const COMPARED_FIELDS = ['name', 'city', 'notes'];

export async function run(context: ScenarioContext): Promise<ScenarioResult> {
  const started = Date.now();
  const failures = new Failures();
  const pairs = context.smoke ? 5 : 20;
  const dataDir = freshDataDir('edits');
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let clean = 0;
  let lostUpdates = 0;
  try {
    server = await startServer(dataDir);
    const baseUrl = server.baseUrl;
    const { token } = await register(baseUrl, 'edits');
    const references: Ids = {};
    const runPair = async (pair: number) => {
      const created = await call(baseUrl, 'POST', '/api/merchants', {
        token,
        body: validBody('merchants', references, `pair${pair}`),
      });
      const id = String(dataOf(created)._id);
      const read = await call(baseUrl, 'GET', `/api/merchants/${id}`, { token });
      const version = dataOf(read).version;
      if (typeof version !== 'number')
        failures.add(
          'no version',
          `GET /api/merchants/${id} has no numeric version: ${excerpt(read.text, 200)}`,
        );
      const bodies: Json[] = [1, 2].map((side) => ({
        name: `Pair ${pair} editor ${side}`,
        city: `City ${side}`,
        notes: `written by editor ${side} of pair ${pair}`,
        ...(typeof version === 'number' ? { version } : {}),
      }));
      const replies = await Promise.all(
        bodies.map((body) => call(baseUrl, 'PUT', `/api/merchants/${id}`, { token, body })),
      );
      const winners = replies.flatMap((reply, index) => (is2xx(reply.status) ? [index] : []));
      const stale = replies.filter(
        (reply) => reply.status === 409 && codeOf(reply) === 'stale_version',
      );
      const answers = replies.map((reply) => `${reply.status} ${codeOf(reply) ?? ''}`).join(' / ');
      if (winners.length === 2) {
        lostUpdates += 1;
        failures.add(
          'both succeeded',
          `pair ${pair}: ${answers} (one update silently overwrote the other)`,
        );
      } else if (winners.length !== 1 || stale.length !== 1) {
        failures.add(
          'not one 2xx and one stale_version',
          `pair ${pair}: ${answers}; ${excerpt(replies[0]?.text ?? '', 200)}`,
        );
      }
      const stored = dataOf(await call(baseUrl, 'GET', `/api/merchants/${id}`, { token }));
      const winner = winners.length === 1 ? bodies[winners[0] ?? 0] : undefined;
      if (winner) {
        const differs = COMPARED_FIELDS.filter((field) => stored[field] !== winner[field]);
        if (differs.length > 0) {
          lostUpdates += 1;
          failures.add(
            'stored is not the winner',
            `pair ${pair}: ${differs.map((f) => `${f}=${JSON.stringify(stored[f])}`).join(', ')}`,
          );
        } else if (stale.length === 1) clean += 1;
        if (typeof version === 'number' && stored.version !== version + 1)
          failures.add(
            'version',
            `pair ${pair}: stored version ${String(stored.version)} after one change from ${version}`,
          );
      }
    };
    // Five pairs at a time, so pairs also contend with each other for the database.
    for (let first = 1; first <= pairs; first += 5) {
      await Promise.all(
        Array.from({ length: Math.min(5, pairs - first + 1) }, (_, offset) =>
          runPair(first + offset),
        ),
      );
    }
    context.log(`${clean}/${pairs} pairs with one winner and one stale_version`);
  } catch (error) {
    failures.addHarnessError(error);
  } finally {
    await tearDown([server], dataDir, failures);
  }
  return {
    name: 'concurrent-edits',
    status: failures.count() === 0 ? 'passed' : 'failed',
    summary: `${pairs} pairs of PUTs from one read: ${clean} with exactly one 2xx and one 409 stale_version, ${lostUpdates} lost updates`,
    counts: { pairs, clean, lostUpdates },
    failures: failures.all(),
    seconds: (Date.now() - started) / 1000,
  };
}
