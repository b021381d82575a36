import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { i18n } from '@/lib/i18n';

export type PageModule = { default: ComponentType };

/**
 * A page's route resolves only once its texts are there too. A page that rendered first would
 * suspend on them and show its loader, and React holds back whatever replaces a loader until
 * 300 ms after the loader appeared, however soon the texts arrive.
 */
function loadTexts(namespaces: string | readonly string[]): Promise<unknown> {
  if (namespaces.length === 0) return Promise.resolve();
  // A failed namespace fetch is i18next's to retry and report; the page still loads.
  return i18n.loadNamespaces([namespaces].flat()).catch(() => undefined);
}

export function lazyPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** A page whose route resolves with its code and its texts together (see `loadTexts`). */
export function pageWithTexts(
  load: () => Promise<PageModule>,
  namespaces: string | readonly string[],
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const [page] = await Promise.all([load(), loadTexts(namespaces)]);
    return { Component: page.default };
  };
}
