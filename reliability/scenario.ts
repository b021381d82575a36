/** What every scenario hands back to the runner. */
export interface ScenarioResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  /** One line for the console and the docs table. */
  summary: string;
  counts: Record<string, number | string>;
  /** Each broken expectation, with the request and answer that broke it. */
  failures: string[];
  seconds: number;
}

export interface ScenarioContext {
  smoke: boolean;
  log: (line: string) => void;
}

/** Collects broken expectations, keeping the first examples of each kind readable. */
export class Failures {
  readonly lines: string[] = [];
  private readonly perKind = new Map<string, number>();

  add(kind: string, detail: string, keep = 10) {
    const seen = (this.perKind.get(kind) ?? 0) + 1;
    this.perKind.set(kind, seen);
    if (seen <= keep) this.lines.push(`${kind}: ${detail}`);
  }

  /** A scenario that broke itself (not an expectation about the server) fails with its stack. */
  addHarnessError(error: unknown) {
    this.add('harness', error instanceof Error ? (error.stack ?? error.message) : String(error));
  }

  count(kind?: string): number {
    if (kind) return this.perKind.get(kind) ?? 0;
    let total = 0;
    for (const value of this.perKind.values()) total += value;
    return total;
  }

  /** Kinds whose examples were cut, with how many more there were. */
  truncated(keep = 10): string[] {
    return [...this.perKind.entries()]
      .filter(([, seen]) => seen > keep)
      .map(([kind, seen]) => `${kind}: ${seen - keep} more`);
  }

  all(keep = 10): string[] {
    return [...this.lines, ...this.truncated(keep)];
  }
}

export const excerpt = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}…` : text;
