// `npm run bench -- --size=smoke|medium|full [flags]`: measures the API against its SQL floor on
// the embedded PostgreSQL of `npm start` and on an external PostgreSQL, and the client's first-page bundle and Lighthouse scores; writes JSON to
// bench/results/ and the table to docs/performance.md. Exits non-zero when the harness itself
// fails (a step throws, a request errors); slow figures are reported, not failed.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchBackend } from './api-bench.ts';
import { measureClient } from './client-bench.ts';
import { parseOptions, USAGE, UsageError, type BenchOptions } from './config.ts';
import { postgresAvailable } from './postgres-cluster.ts';
import { renderMarkdown, writeDocs, type BenchResults, type MachineDescription } from './report.ts';

function machine(): MachineDescription {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

async function main() {
  let options: BenchOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exit(2);
    }
    throw error;
  }

  const started = new Date();
  const log = (line: string) =>
    console.log(
      `[bench ${((Date.now() - started.getTime()) / 1000).toFixed(1).padStart(6)} s] ${line}`,
    );
  const cleanups: (() => Promise<void> | void)[] = [];
  const runCleanups = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('cleanup failed:', error);
      }
    }
  };
  // The steps in progress fail once their server is stopped; they must not start the next server
  // or exit before the stop has finished and the temp folders are gone.
  let stopping: Promise<never> | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping servers and databases`);
    stopping = runCleanups().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  const unlessStopping = async () => {
    if (stopping) await stopping;
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const results: BenchResults = {
    startedAt: started.toISOString(),
    finishedAt: '',
    seconds: 0,
    machine: machine(),
    size: options.size,
    connections: options.connections,
    backends: [],
    skipped: [],
    client: null,
    problems: [],
  };
  log(
    `size ${JSON.stringify(options.size)} on ${results.machine.cpus} cores, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}`,
  );

  try {
    for (const backend of options.backends) {
      await unlessStopping();
      if (backend === 'postgres' && !postgresAvailable()) {
        results.skipped.push({ step: 'postgres', reason: 'PostgreSQL 15 binaries not found' });
        log('PostgreSQL binaries not found; skipping the PostgreSQL run');
        continue;
      }
      try {
        const result = await benchBackend(backend, options, log, cleanups);
        results.backends.push(result);
        for (const endpoint of result.endpoints) {
          for (const problem of endpoint.problems)
            results.problems.push(`${backend} ${endpoint.name}: ${problem}`);
        }
      } finally {
        await runCleanups();
      }
    }
    await unlessStopping();
    if (options.client) {
      try {
        results.client = await measureClient(options, log, cleanups);
        results.problems.push(...results.client.problems);
      } finally {
        await runCleanups();
      }
    } else {
      results.skipped.push({ step: 'client', reason: 'not asked for (--client)' });
    }
  } catch (error) {
    results.problems.push(
      `harness failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  } finally {
    await runCleanups();
  }

  await unlessStopping();
  const finished = new Date();
  results.finishedAt = finished.toISOString();
  results.seconds = (finished.getTime() - started.getTime()) / 1000;
  mkdirSync(options.resultsDir, { recursive: true });
  const jsonPath = path.join(
    options.resultsDir,
    `${started.toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
  const markdown = renderMarkdown(results);
  console.log(`\n${markdown}`);
  if (options.docsPath) await writeDocs(options.docsPath, results, markdown);
  log(`results: ${jsonPath}${options.docsPath ? `, table: ${options.docsPath}` : ''}`);
  if (results.problems.length > 0) {
    console.error(
      `\nThe harness reported problems:\n${results.problems.map((p) => `- ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  process.exit(0);
}

void main();
