import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import firstLoadSource from './mantine-first-load.ts?raw';
import signedInSource from './mantine-signed-in.ts?raw';

// Read from disk (tests run from the project root): node_modules is outside what Vite serves.
const mantineCore = path.resolve('node_modules/@mantine/core');
const fullStylesheet = readFileSync(path.join(mantineCore, 'styles.css'), 'utf8');
const componentSheets = Object.fromEntries(
  readdirSync(path.join(mantineCore, 'styles')).map((file) => [
    file,
    readFileSync(path.join(mantineCore, 'styles', file), 'utf8'),
  ]),
);

/** Stylesheet names (`Button`) imported by a module, in import order. */
const importedSheets = (source: string) =>
  [...source.matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm)].map(
    (match) => match[1] ?? '',
  );

/** Every per-component stylesheet of @mantine/core, by name, with its place in styles.css. */
const sheetPositions = new Map(
  Object.entries(componentSheets)
    .filter(([file]) => !file.endsWith('.layer.css'))
    .map(([file, css]) => {
      const name = file.slice(0, -'.css'.length);
      // A component's own class names are unique to it; the base sheets are found by their text.
      const marker = /\.m_[0-9a-f]+/.exec(css)?.[0] ?? css.trim().slice(0, 100);
      return [name, fullStylesheet.indexOf(marker)] as const;
    }),
);

describe("Mantine's stylesheets", () => {
  const firstLoad = importedSheets(firstLoadSource);
  const signedIn = importedSheets(signedInSource);

  it('are found in styles.css, so the order below is known', () => {
    expect(sheetPositions.size).toBeGreaterThan(90);
    for (const [name, position] of sheetPositions) expect(position, name).toBeGreaterThanOrEqual(0);
  });

  it('start with the base sheets in the documented order', () => {
    expect(firstLoad.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it('keep the order of styles.css in each list', () => {
    for (const list of [firstLoad, signedIn]) {
      const positions = list.map((name) => sheetPositions.get(name) ?? -1);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('hold every stylesheet of styles.css once between the first page and the signed-in layout', () => {
    expect(firstLoad.filter((name) => signedIn.includes(name))).toEqual([]);
    expect([...firstLoad, ...signedIn].sort()).toEqual([...sheetPositions.keys()].sort());
  });
});
