import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES, HELP_ARTICLE_IDS, helpArticleFor } from '@/lib/help-topics';
import en from '../../../public/locales/en/help.json';
import gu from '../../../public/locales/gu/help.json';
import hi from '../../../public/locales/hi/help.json';

type Section = { title?: unknown; text?: unknown };
type Article = { title?: unknown; summary?: unknown; sections?: Record<string, Section> };
type HelpFile = { articles: Record<string, Article> };

const LANGUAGES: [string, HelpFile][] = [
  ['en', en],
  ['gu', gu],
  ['hi', hi],
];

const filled = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

describe.each(LANGUAGES)('the %s guides', (language, file) => {
  it('hold every guide and section of the help center, and nothing else', () => {
    const missing: string[] = [];
    for (const id of HELP_ARTICLE_IDS) {
      const article = file.articles[id];
      if (!filled(article?.title)) missing.push(`${id}.title`);
      if (!filled(article?.summary)) missing.push(`${id}.summary`);
      for (const section of HELP_ARTICLES[id]) {
        const text = article?.sections?.[section];
        if (!filled(text?.title)) missing.push(`${id}.${section}.title`);
        if (!filled(text?.text)) missing.push(`${id}.${section}.text`);
      }
    }
    expect(missing, language).toEqual([]);

    const unknown = Object.entries(file.articles).flatMap(([id, article]) =>
      id in HELP_ARTICLES
        ? Object.keys(article.sections ?? {})
            .filter(
              (section) =>
                !(HELP_ARTICLES[id as keyof typeof HELP_ARTICLES] as readonly string[]).includes(
                  section,
                ),
            )
            .map((section) => `${id}.${section}`)
        : [id],
    );
    expect(unknown, language).toEqual([]);
  });

  it.runIf(language !== 'en')('are written in the language, not copied from English', () => {
    const copied: string[] = [];
    for (const id of HELP_ARTICLE_IDS) {
      const english = en.articles[id];
      const translated = file.articles[id];
      if (translated?.title === english.title) copied.push(`${id}.title`);
      for (const section of HELP_ARTICLES[id]) {
        const englishSection = (english.sections as Record<string, Section>)[section];
        if (translated?.sections?.[section]?.text === englishSection?.text) {
          copied.push(`${id}.${section}.text`);
        }
      }
    }
    expect(copied).toEqual([]);
    // Gujarati and Devanagari letters, not Latin text with a few words swapped.
    const script = language === 'gu' ? /[\u0a80-\u0aff]/g : /[\u0900-\u097f]/g;
    for (const id of HELP_ARTICLE_IDS) {
      const sections = Object.values(file.articles[id]?.sections ?? {});
      const text = sections.map((section) => String(section.text)).join(' ');
      const letters = text.match(/\p{L}/gu)?.length ?? 0;
      expect((text.match(script)?.length ?? 0) / letters, id).toBeGreaterThan(0.6);
    }
  });
});

describe('helpArticleFor', () => {
  it.each([
    ['/orders', 'take-order'],
    ['/orders/edit/123', 'take-order'],
    ['/billing/abc/print', 'bill-and-get-paid'],
    ['/salary-management/create', 'pay-workers'],
    ['/users', 'users-roles'],
    ['/settings/security', 'users-roles'],
    ['/settings/account', 'bill-and-get-paid'],
    ['/settings', 'first-steps'],
    ['/apps', 'backup-restore'],
    ['/apps/backup', 'backup-restore'],
  ])('%s opens %s', (path, article) => {
    expect(helpArticleFor(path)).toBe(article);
  });

  it.each(['/tasks', '/chats', '/help-center', '/ordersx'])('%s has no guide', (path) => {
    expect(helpArticleFor(path)).toBeUndefined();
  });

  it('points only at guides that exist', () => {
    for (const path of ['/order-analytics', '/workers', '/customers', '/apps/import']) {
      expect(HELP_ARTICLE_IDS).toContain(helpArticleFor(path));
    }
  });
});
