import { describe, expect, it } from 'vitest';
import { articleBlocks } from './components/article-body';
import { foldForSearch, searchArticles, type ArticleText } from './search';

const articles: ArticleText[] = [
  {
    id: 'take-order',
    title: 'Take an order',
    summary: 'Write the order.',
    sections: [
      {
        id: 'new-order',
        title: 'Write the order',
        text: 'Choose the merchant and the Café design.',
      },
      { id: 'find', title: 'Find an order', text: 'Search by PO number.' },
    ],
  },
  {
    id: 'pay-workers',
    title: 'वेतन दें',
    summary: 'कारीगरों का वेतन',
    sections: [
      { id: 'pay', title: 'भुगतान', text: 'महीना चुनें, रक़म लिखें। हूँ' },
      { id: 'month', title: 'ગુજરાતી', text: 'પગાર નોંધો, ઝૂલો' },
    ],
  },
];

const ids = (query: string) =>
  searchArticles(articles, query).map((hit) => [hit.article.id, hit.sectionIds]);

describe('searchArticles', () => {
  it('finds nothing for an empty query', () => {
    expect(ids('   ')).toEqual([]);
  });

  it('ignores case and Latin accents, and names the sections that match', () => {
    expect(ids('CAFE')).toEqual([['take-order', ['new-order']]]);
    expect(ids('café')).toEqual([['take-order', ['new-order']]]);
    expect(ids('po NUMBER')).toEqual([['take-order', ['find']]]);
  });

  it('needs every word, anywhere in the guide', () => {
    expect(ids('merchant number')).toEqual([['take-order', ['new-order', 'find']]]);
    expect(ids('merchant salary')).toEqual([]);
  });

  it('matches Hindi typed without the nukta or with the anusvara for chandrabindu', () => {
    expect(ids('रकम')).toEqual([['pay-workers', ['pay']]]);
    expect(ids('हूं')).toEqual([['pay-workers', ['pay']]]);
  });

  it('finds Gujarati words, keeping the vowel signs that change a word', () => {
    expect(ids('પગાર')).toEqual([['pay-workers', ['month']]]);
    expect(ids('પગર')).toEqual([]);
  });

  it('matches a guide by its title or summary with no section named', () => {
    expect(ids('कारीगरों')).toEqual([['pay-workers', []]]);
  });
});

describe('foldForSearch', () => {
  it('folds case, accents and the nukta', () => {
    expect(foldForSearch('Ração')).toBe('racao');
    expect(foldForSearch('ज़रूर')).toBe(foldForSearch('जरूर'));
  });
});

describe('articleBlocks', () => {
  it('reads numbered steps, points and paragraphs from plain lines', () => {
    expect(articleBlocks('Intro.\n1. One\n2. Two\nMiddle.\n- A\n- B\n\nEnd.')).toEqual([
      { kind: 'paragraph', text: 'Intro.' },
      { kind: 'steps', items: ['One', 'Two'] },
      { kind: 'paragraph', text: 'Middle.' },
      { kind: 'points', items: ['A', 'B'] },
      { kind: 'paragraph', text: 'End.' },
    ]);
  });
});
