import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

/*
 * Writes the texts the shell shows before an area's own namespace loads into each language's
 * common.json: the sidebar names (`areas.<key>`), sub-page titles (`pages.<key>`) and the names of
 * writes waiting to be sent (`offline.writes.<resource>.<verb>`). Each area keeps its own in a
 * top-level `shell` block of its namespace files (public/locales/<lng>/<namespace>.json), so a new
 * area edits no shared locale file; `npm run generate` runs this.
 */

type Tree = { [key: string]: string | Tree };

const localesDirectory = new URL('../public/locales/', import.meta.url);

/** The parts of common.json written from the shell blocks, each wholly: nothing else fills them. */
const SHELL_PARTS = [['areas'], ['pages'], ['offline', 'writes']] as const;

export const shellTextLanguages = () =>
  readdirSync(localesDirectory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

export const commonFile = (language: string) =>
  new URL(`${language}/common.json`, localesDirectory);

const readTree = (file: URL) => JSON.parse(readFileSync(file, 'utf8')) as Tree;

function child(tree: Tree, key: string, where: string): Tree {
  const value = tree[key] ?? {};
  if (typeof value === 'string') throw new Error(`${where}: ${key} must be an object`);
  return value;
}

/** The shell blocks of one language merged, namespaces in file-name order so the output is stable. */
function mergedShellTexts(language: string): Tree[] {
  const parts = SHELL_PARTS.map((): Tree => ({}));
  const namespaces = readdirSync(new URL(`${language}/`, localesDirectory))
    .filter((file) => file.endsWith('.json') && file !== 'common.json')
    .sort();
  for (const file of namespaces) {
    const where = `public/locales/${language}/${file}`;
    const shell = readTree(new URL(`${language}/${file}`, localesDirectory)).shell;
    if (shell === undefined) continue;
    if (typeof shell === 'string') throw new Error(`${where}: shell must be an object`);
    const known = new Set<string>(SHELL_PARTS.map(([first]) => first));
    const unknown = Object.keys(shell).filter((key) => !known.has(key));
    if (unknown.length > 0) throw new Error(`${where}: shell.${unknown[0]} is not a shell text`);
    SHELL_PARTS.forEach((part, index) => {
      const texts = part.reduce((tree, key) => child(tree, key, where), shell);
      for (const [key, text] of Object.entries(texts)) {
        if (key in parts[index]!) throw new Error(`${where}: ${part.join('.')}.${key} is taken`);
        parts[index]![key] = text;
      }
    });
  }
  return parts;
}

/** common.json of `language` as the generator writes it: its own texts and every shell block. */
export async function shellTextsSource(language: string): Promise<string> {
  const file = commonFile(language);
  const common = readTree(file);
  const merged = mergedShellTexts(language);
  SHELL_PARTS.forEach((part, index) => {
    const parent = part.slice(0, -1).reduce((tree, key) => child(tree, key, 'common.json'), common);
    // Replacing a key keeps its place in the file, so only the parts' own order can change.
    parent[part.at(-1)!] = merged[index]!;
  });
  const path = fileURLToPath(file);
  return format(JSON.stringify(common, null, 2), {
    ...(await resolveConfig(path)),
    filepath: path,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const language of shellTextLanguages()) {
    const source = await shellTextsSource(language);
    if (readFileSync(commonFile(language), 'utf8') !== source) {
      writeFileSync(commonFile(language), source);
      console.log(`public/locales/${language}/common.json: written from the areas' shell texts`);
    }
  }
}
