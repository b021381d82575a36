// `npm run reliability [-- --smoke] [--no-docs|--docs=PATH] [--only=fuzz,load,...]`: runs every
// scenario against real server processes, prints one result line per scenario, writes the figures
// table into docs/reliability.md on a full run, and exits non-zero when any expectation failed.
import os from 'node:os';
import { writeDocsSection } from '../bench/docs-section.ts';
import * as concurrentEdits from './concurrent-edits.ts';
import * as crossOrganization from './cross-organization.ts';
import * as diskFull from './disk-full.ts';
import * as fuzz from './fuzz.ts';
import * as killDuringWrites from './kill-during-writes.ts';
import * as load from './load.ts';
import type { ScenarioContext, ScenarioResult } from './scenario.ts';
import { cleanUpAfterInterrupt } from './server.ts';
import * as twoServers from './two-servers.ts';

const SCENARIOS: Record<string, (context: ScenarioContext) => Promise<ScenarioResult>> = {
  fuzz: fuzz.run,
  'cross-organization': crossOrganization.run,
  'kill-during-writes': killDuringWrites.run,
  'two-servers': twoServers.run,
  'concurrent-edits': concurrentEdits.run,
  load: load.run,
  'disk-full': diskFull.run,
};

const USAGE = `usage: npm run reliability -- [--smoke] [--no-docs|--docs=PATH] [--only=${Object.keys(SCENARIOS).join(',')}]`;

interface Options {
  smoke: boolean;
  docsPath: string | null;
  only: string[];
}

function parseOptions(argv: string[]): Options {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match?.[1] || !['smoke', 'no-docs', 'docs', 'only'].includes(match[1]))
      throw new Error(`unknown argument ${arg}`);
    flags.set(match[1], match[2] ?? 'true');
  }
  const only = flags.get('only')?.split(',') ?? Object.keys(SCENARIOS);
  for (const name of only) if (!SCENARIOS[name]) throw new Error(`unknown scenario ${name}`);
  const smoke = flags.has('smoke');
  // A smoke run or a partial run never replaces the full run's figures.
  const partial = smoke || flags.has('only');
  return {
    smoke,
    docsPath: partial || flags.has('no-docs') ? null : (flags.get('docs') ?? 'docs/reliability.md'),
    only,
  };
}

function renderMarkdown(results: ScenarioResult[], startedAt: Date, seconds: number): string {
  const lines = [
    `Run ${startedAt.toISOString()} (${seconds.toFixed(0)} s) on ${os.availableParallelism()} cores ` +
      `(${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 1024 ** 3)} GiB, ` +
      `Node ${process.version}, ${os.type()} ${os.release()}.`,
    '',
    '| scenario | result | figures | seconds |',
    '|---|---|---|--:|',
  ];
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  for (const result of results)
    lines.push(
      `| ${result.name} | ${result.status} | ${cell(result.summary)} | ${result.seconds.toFixed(0)} |`,
    );
  const failed = results.filter((result) => result.failures.length > 0);
  if (failed.length > 0) {
    lines.push('', 'Broken expectations (first examples of each kind):', '');
    for (const result of failed)
      for (const failure of result.failures.slice(0, 5))
        lines.push(`- ${result.name}: ${cell(failure.split('\n')[0] ?? '').slice(0, 400)}`);
  }
  return lines.join('\n');
}

function writeDocs(docsPath: string, markdown: string) {
  return writeDocsSection(docsPath, {
    start: '<!-- reliability:start -->',
    end: '<!-- reliability:end -->',
    body: `## Latest full run\n\n${markdown}`,
    newDocument: '# Reliability\n',
  });
}

async function main() {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const started = new Date();
  const log = (line: string) =>
    console.log(
      `[reliability ${((Date.now() - started.getTime()) / 1000).toFixed(1).padStart(6)} s] ${line}`,
    );
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping servers and PostgreSQL, unmounting`);
    cleanUpAfterInterrupt();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  log(`${options.smoke ? 'smoke' : 'full'} run: ${options.only.join(', ')}`);
  const results: ScenarioResult[] = [];
  for (const name of options.only) {
    const scenario = SCENARIOS[name];
    if (!scenario) continue;
    log(`${name}: starting`);
    let result: ScenarioResult;
    const scenarioStarted = Date.now();
    try {
      result = await scenario({ smoke: options.smoke, log: (line) => log(`  ${line}`) });
    } catch (error) {
      result = {
        name,
        status: 'failed',
        summary: 'the scenario itself failed',
        counts: {},
        failures: [error instanceof Error ? (error.stack ?? error.message) : String(error)],
        seconds: (Date.now() - scenarioStarted) / 1000,
      };
    }
    results.push(result);
    console.log(
      `RESULT ${result.name}: ${result.status.toUpperCase()} (${result.seconds.toFixed(1)} s) ${result.summary}`,
    );
    for (const failure of result.failures) console.log(`  - ${failure}`);
  }
  const seconds = (Date.now() - started.getTime()) / 1000;
  const markdown = renderMarkdown(results, started, seconds);
  console.log(`\n${markdown}\n`);
  if (options.docsPath) {
    await writeDocs(options.docsPath, markdown);
    log(`table written to ${options.docsPath}`);
  }
  const failed = results.filter((result) => result.status === 'failed');
  if (failed.length > 0) {
    console.error(`Failed: ${failed.map((result) => result.name).join(', ')}`);
    process.exit(1);
  }
  process.exit(0);
}

void main();
