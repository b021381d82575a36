import type helpTexts from '../../../public/locales/en/help.json';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HELP_ARTICLES, HELP_ARTICLE_IDS, type HelpArticleId } from '@/lib/help-topics';
import { runtimeT } from '@/lib/translation-keys';
import type { ArticleText } from './search';

/** Every guide in the interface language, read from the `help` namespace. */
export function useArticles(): ArticleText[] {
  const { t, i18n } = useTranslation('help');
  const translate = runtimeT(t);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () =>
      HELP_ARTICLE_IDS.map((id: HelpArticleId) => ({
        id,
        title: translate(`articles.${id}.title`),
        summary: translate(`articles.${id}.summary`),
        sections: HELP_ARTICLES[id].map((section) => ({
          id: section,
          title: translate(`articles.${id}.sections.${section}.title`),
          text: translate(`articles.${id}.sections.${section}.text`),
        })),
      })),
    // The texts change with the language; `translate` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [language, t],
  );
}

declare module '@/lib/translation-resources' {
  interface AppResources {
    help: typeof helpTexts;
  }
}
