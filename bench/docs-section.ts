// The benchmark and the reliability run each keep their latest figures in a marked section of a
// Markdown document (docs/performance.md, docs/reliability.md); this rewrites that section alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import prettier from 'prettier';

export interface DocsSection {
  /** The marker comments around the section; a document without them gets them appended. */
  start: string;
  end: string;
  /** The section's text between the markers. */
  body: string;
  /** What the document starts as where it does not exist yet. */
  newDocument: string;
}

export async function writeDocsSection(docsPath: string, section: DocsSection) {
  const { start, end } = section;
  const block = `${start}\n${section.body}\n${end}`;
  const current = existsSync(docsPath) ? readFileSync(docsPath, 'utf8') : section.newDocument;
  const startIndex = current.indexOf(start);
  const endIndex = current.indexOf(end);
  const next =
    startIndex >= 0 && endIndex > startIndex
      ? `${current.slice(0, startIndex)}${block}${current.slice(endIndex + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  // Formatted like the rest of the repository, so `prettier --check` stays clean after a run.
  const config = (await prettier.resolveConfig(docsPath)) ?? {};
  writeFileSync(docsPath, await prettier.format(next, { ...config, filepath: docsPath }));
}
