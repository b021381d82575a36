import i18next from 'i18next';
import { act } from '@testing-library/react';

// The Gujarati and Hindi files as shipped, read at build time of the test bundle like English.
const translatedFiles = import.meta.glob<Record<string, unknown>>(
  '/public/locales/{gu,hi}/*.json',
  { eager: true, import: 'default' },
);

/** Switches the shared test i18next to `language`, with every one of its namespaces loaded. */
export async function switchLanguage(language: 'en' | 'gu' | 'hi') {
  for (const [file, content] of Object.entries(translatedFiles)) {
    const [, fileLanguage, namespace] = /\/locales\/(\w+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (fileLanguage === language && namespace && !i18next.hasResourceBundle(language, namespace)) {
      i18next.addResourceBundle(language, namespace, content, true, true);
    }
  }
  await act(() => i18next.changeLanguage(language));
}

// `toast.created`, `common:offline.writes.orders.create`, and the upper-cased badge form
// `STATUS.UNDEFINED`: what a missing translation looks like on screen.
const KEY_SHAPED = [/^([a-z-]+:)?[a-z][a-zA-Z]*(\.[a-zA-Z_-]+)+$/, /^[A-Z_]+(\.[A-Z_]+)+$/];

/** Texts in `root` that are translation keys rather than words; empty when all is translated. */
export function keyShapedTexts(root: Element): string[] {
  const found: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (text && KEY_SHAPED.some((shape) => shape.test(text))) {
      found.push(text);
    }
  }
  return found;
}
