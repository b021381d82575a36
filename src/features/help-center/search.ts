import type { HelpArticleId } from '@/lib/help-topics';

/** One guide as the reader sees it in the current language. */
export interface ArticleText {
  id: HelpArticleId;
  title: string;
  summary: string;
  sections: { id: string; title: string; text: string }[];
}

export interface SearchHit {
  article: ArticleText;
  /** The sections that mention a searched word; empty when only the title or summary did. */
  sectionIds: string[];
}

/**
 * Folds what does not change a word's meaning for someone typing on a phone keyboard: case,
 * accents on Latin letters, the nukta (ज़ and ज are typed either way) and chandrabindu against
 * anusvara (हूँ, हूं). The vowel signs of Gujarati and Hindi are kept: they change the word.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u093c\u0abc]/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/\u0a81/g, '\u0a82')
    .toLocaleLowerCase()
    .normalize('NFC');
}

function words(query: string): string[] {
  return foldForSearch(query)
    .split(/[\s,.;:!?()“”"'’-]+/u)
    .filter((word) => word.length > 0);
}

/**
 * The guides that contain every word of `query` (in any order, anywhere in the guide), in reading
 * order, each with the sections where a word appears. An empty query finds nothing.
 */
export function searchArticles(articles: readonly ArticleText[], query: string): SearchHit[] {
  const terms = words(query);
  if (terms.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const article of articles) {
    const head = foldForSearch(`${article.title}\n${article.summary}`);
    const sections = article.sections.map((section) => ({
      id: section.id,
      text: foldForSearch(`${section.title}\n${section.text}`),
    }));
    const everywhere = [head, ...sections.map((section) => section.text)].join('\n');
    if (!terms.every((term) => everywhere.includes(term))) continue;
    hits.push({
      article,
      sectionIds: sections
        .filter((section) => terms.some((term) => section.text.includes(term)))
        .map((section) => section.id),
    });
  }
  return hits;
}
