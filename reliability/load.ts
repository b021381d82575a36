import type { ScenarioContext, ScenarioResult } from './scenario.ts';

export async function run(_context: ScenarioContext): Promise<ScenarioResult> {
  throw new Error('not written yet');
}
