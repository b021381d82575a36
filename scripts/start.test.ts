import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

interface StartModule {
  buildIsStale: (projectRoot: string) => boolean;
  servedDir: (env: Record<string, string | undefined>, projectRoot: string) => string;
}

// start.mjs is plain JavaScript without type declarations; a non-literal specifier keeps the
// TypeScript project from requiring them.
const startModulePath = './start.mjs';
const { buildIsStale, servedDir } = (await import(startModulePath)) as StartModule;

let projectRoot: string;
const builtAt = new Date('2025-03-01T10:00:00Z');

function writeAt(relativePath: string, when: Date) {
  const file = path.join(projectRoot, relativePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '');
  utimesSync(file, when, when);
}

const before = new Date(builtAt.getTime() - 60_000);
const after = new Date(builtAt.getTime() + 60_000);

beforeEach(() => {
  projectRoot = mkdtempSync(path.join(tmpdir(), 'karkhana-start-'));
  writeAt('index.html', before);
  writeAt('vite.config.ts', before);
  writeAt('src/app/router.tsx', before);
  writeAt('public/locales/en/common.json', before);
  writeAt('contract/merchants.ts', before);
});

afterEach(() => {
  rmSync(projectRoot, { recursive: true, force: true });
});

describe('buildIsStale', () => {
  it('builds when there is no build yet', () => {
    expect(buildIsStale(projectRoot)).toBe(true);
  });

  it('keeps a build that is newer than every source', () => {
    writeAt('dist/index.html', builtAt);
    expect(buildIsStale(projectRoot)).toBe(false);
  });

  it.each([
    'src/features/merchants/pages/list-page.tsx',
    'public/locales/gu/common.json',
    'contract/common.ts',
    'index.html',
    'vite.config.ts',
  ])('rebuilds when %s changed after the build', (changed) => {
    writeAt('dist/index.html', builtAt);
    writeAt(changed, after);
    expect(buildIsStale(projectRoot)).toBe(true);
  });

  it('ignores files that do not go into the bundle', () => {
    writeAt('dist/index.html', builtAt);
    writeAt('server/app.ts', after);
    writeAt('README.md', after);
    writeAt('src/.DS_Store', after);
    expect(buildIsStale(projectRoot)).toBe(false);
  });
});

describe('servedDir', () => {
  const project = path.join(path.sep, 'srv', 'karkhana');

  it.each([
    ['unset', undefined],
    ['empty', ''],
    ['./dist', './dist'],
    ['dist/', 'dist/'],
  ])('is the build folder when STATIC_DIR is %s', (_, staticDir) => {
    expect(servedDir({ STATIC_DIR: staticDir }, project)).toBe(path.join(project, 'dist'));
  });

  it('is STATIC_DIR, resolved in the project folder, when it names another folder', () => {
    expect(servedDir({ STATIC_DIR: '/var/www/karkhana' }, project)).toBe('/var/www/karkhana');
    expect(servedDir({ STATIC_DIR: 'prebuilt' }, project)).toBe(path.join(project, 'prebuilt'));
  });
});
