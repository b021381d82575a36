import { describe, expect, it } from 'vitest';
import { FAILURE_CODES } from '../../contract/errors.ts';
import { fieldMessagesEn } from '../../contract/validation.ts';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('/public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function byLanguage(language: string): Map<string, Tree> {
  const namespaces = new Map<string, Tree>();
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === language && match[2]) namespaces.set(match[2], content);
  }
  return namespaces;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = byLanguage('en');
const OTHER_LANGUAGES = ['gu', 'hi'] as const;

describe('locale files', () => {
  it('has the namespaces the shell loads at start-up', () => {
    expect([...english.keys()]).toEqual(
      expect.arrayContaining(['common', 'auth', 'errors', 'validation']),
    );
  });

  describe.each(OTHER_LANGUAGES)('%s', (language) => {
    const translated = byLanguage(language);

    it('has exactly the English namespaces', () => {
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it.each([...english.keys()])(
      'namespace %s has exactly the English keys and placeholders',
      (namespace) => {
        const source = flatten(english.get(namespace) ?? {});
        const target = flatten(translated.get(namespace) ?? {});
        const missing = [...source.keys()].filter((key) => !target.has(key));
        const extra = [...target.keys()].filter((key) => !source.has(key));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });

        const empty = [...target].filter(([, text]) => text.trim() === '').map(([key]) => key);
        expect(empty).toEqual([]);

        const mismatched = [...source]
          .filter(
            ([key, text]) =>
              placeholders(text).join() !== placeholders(target.get(key) ?? '').join(),
          )
          .map(([key]) => key);
        expect(mismatched).toEqual([]);
      },
    );
  });

  it.each(['en', ...OTHER_LANGUAGES])(
    '%s validation matches the contract keys and placeholders',
    (language) => {
      const validation = flatten(byLanguage(language).get('validation') ?? {});
      expect([...validation.keys()].sort()).toEqual(Object.keys(fieldMessagesEn).sort());
      for (const [key, english] of Object.entries(fieldMessagesEn)) {
        expect(placeholders(validation.get(key) ?? ''), key).toEqual(placeholders(english));
      }
    },
  );

  it('English validation texts are the ones the server sends', () => {
    expect(Object.fromEntries(flatten(english.get('validation') ?? {}))).toEqual(fieldMessagesEn);
  });

  it.each(['en', ...OTHER_LANGUAGES])('%s words every failure code of the API', (language) => {
    const ui = flatten(byLanguage(language).get('ui') ?? {});
    const missing = [...FAILURE_CODES, 'unknown'].filter((code) => !ui.get(`failures.${code}`));
    expect(missing).toEqual([]);
  });
});
