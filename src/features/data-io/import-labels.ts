import { IMPORT_FIELDS, type ImportResource } from '../../../contract/data-io.ts';
import { SUPPORTED_LANGUAGES } from '@/lib/i18n';
import type dataIoTexts from '../../../public/locales/en/data-io.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    'data-io': typeof dataIoTexts;
  }
}

type Tree = { [key: string]: string | Tree };

export interface ImportLabels {
  /** Field -> every name a column of it may carry: its labels in English, Gujarati and Hindi. */
  names: Record<string, string[]>;
  /** Translated yes/no and enum labels (lower case) -> the value the schema takes. */
  words: Record<string, string | boolean>;
}

/** Which object of the namespace names an enum field's values. */
const ENUM_LABELS: Record<string, string> = { salaryType: 'salaryTypes' };

async function bundle(language: string, namespace: string): Promise<Tree> {
  try {
    const response = await fetch(`/locales/${language}/${namespace}.json`);
    return response.ok ? ((await response.json()) as Tree) : {};
  } catch {
    return {};
  }
}

function branch(tree: Tree, key: string): Record<string, string> {
  const value = tree[key];
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/**
 * The labels of every language at once, whatever the interface speaks: a spreadsheet exported in
 * Gujarati may be imported by someone working in English. Read like the app reads its
 * translations (the service worker keeps them offline).
 */
export async function loadImportLabels(resource: ImportResource): Promise<ImportLabels> {
  const names: Record<string, string[]> = {};
  const words: Record<string, string | boolean> = {};
  await Promise.all(
    SUPPORTED_LANGUAGES.map(async (language) => {
      const [texts, dataIo] = await Promise.all([
        bundle(language, resource),
        bundle(language, 'data-io'),
      ]);
      const fields = branch(texts, 'fields');
      const columns = branch(texts, 'columns');
      for (const field of IMPORT_FIELDS[resource]) {
        const list = (names[field.key] ??= []);
        for (const label of [fields[field.key], columns[field.key]]) if (label) list.push(label);
        const enumLabels = ENUM_LABELS[field.key];
        if (enumLabels) {
          for (const [value, label] of Object.entries(branch(texts, enumLabels))) {
            words[label.trim().toLowerCase()] = value;
          }
        }
      }
      const csv = branch(dataIo, 'csv');
      if (csv.yes) words[csv.yes.trim().toLowerCase()] = true;
      if (csv.no) words[csv.no.trim().toLowerCase()] = false;
    }),
  );
  return { names, words };
}
