// The Firestore search's pure half (issue 29): what a product keeps (searchKeys, vocabulary), how a keyword is
// planned, and how a window is matched and ranked. The store contract runs the same behaviour against Firestore.
import { describe, expect, it } from 'vitest';
import { GRAM_MAX, leadWord, matchWindow, planCatalogQuery, queryGram, SERVER_SEARCH_WINDOW } from './catalog.js';
import {
  applyVocabularyChange,
  correctFromVocabulary,
  DESCRIPTION_INDEX_WORDS,
  holdsEveryWord,
  rankByName,
  searchKeysOf,
  searchTextOf,
  vocabularyChange,
  vocabularyTermsOf,
} from './searchIndex.js';

const headphones = {
  nameKey: 'sonic pro headphones',
  brand: 'Orbis',
  category: 'Audio',
  description: 'Active noise-cancelling over-ear headphones, 3.5 mm jack.',
};

describe('searchKeys', () => {
  const keys = searchKeysOf(headphones);

  it('holds the name’s 1-2 character pieces and the 3-character pieces of every field', () => {
    for (const key of ['s', 'so', 'pr', 'he', 'ph']) expect(keys).toContain(key);
    for (const key of ['son', 'orb', 'aud', 'noi', 'ise', '-ca', '3.5', 'jac']) expect(keys).toContain(key);
  });

  it('never holds a 1-2 character piece of the brand, category or description, nor one across two words', () => {
    expect(keys).not.toContain('au'); // only in the category
    expect(keys).not.toContain('ja'); // only in the description
    expect(keys).not.toContain('c p'); // across words
    expect(keys.every((k) => !/\s/u.test(k))).toBe(true);
  });

  it('indexes the description’s first DESCRIPTION_INDEX_WORDS words only (the document stays small)', () => {
    const long = { ...headphones, description: `${'filler '.repeat(DESCRIPTION_INDEX_WORDS)}zebra` };
    expect(searchKeysOf(long)).not.toContain('zeb');
    expect(searchTextOf(long)).not.toContain('zebra');
    expect(holdsEveryWord(long, ['zebra'])).toBe(false); // matched where it is indexed: the same answer either way
  });

  it('holds every 3-character piece of each word any product text holds (so one piece finds all holders)', () => {
    for (const word of ['headphones', 'noise-cancelling', 'over-ear', 'orbis', 'audio', 'cancel', 'mm'])
      if (Array.from(word).length >= GRAM_MAX) expect(keys).toContain(queryGram(word));
  });
});

describe('matching and ranking a window', () => {
  it('needs every word: 3+ characters anywhere, shorter ones in the name', () => {
    expect(holdsEveryWord(headphones, ['noise', 'orbis', 'audio'])).toBe(true);
    expect(holdsEveryWord(headphones, ['headphones', 'pro'])).toBe(true);
    expect(holdsEveryWord(headphones, ['headphones', 'blue'])).toBe(false);
    expect(holdsEveryWord(headphones, ['so'])).toBe(true); // in the name
    expect(holdsEveryWord(headphones, ['mm'])).toBe(false); // in the description only: a 2-character word is the name's
  });

  it('ranks all words in the name, then some, then none, keeping the order read within each', () => {
    const a = { id: 'a', nameKey: 'studio speaker', category: 'audio', description: 'loud' };
    const b = { id: 'b', nameKey: 'audio cable', category: 'accessories', description: 'a cable' };
    const c = { id: 'c', nameKey: 'sonic audio speaker', category: 'audio', description: 'wireless' };
    const d = { id: 'd', nameKey: 'mixer', category: 'audio', description: 'audio speaker inside' };
    expect(rankByName([a, b, c, d], ['audio', 'speaker']).map((p) => p.id)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('ranks by relevance only when no sort, or the Best match sort (relevance), was asked for', () => {
    const candidates = [
      { id: 'new', nameKey: 'desk lamp', category: 'lighting', description: 'a lamp for audio work' },
      { id: 'old', nameKey: 'audio lamp', category: 'lighting', description: 'a lamp' },
    ];
    const relevance = planCatalogQuery({ keyword: 'audio lamp' }, undefined, SERVER_SEARCH_WINDOW);
    expect(relevance.relevance).toBe(true);
    expect(matchWindow(relevance, candidates).map((p) => p.id)).toEqual(['old', 'new']);
    const bestMatch = planCatalogQuery({ keyword: 'audio lamp' }, 'relevance', SERVER_SEARCH_WINDOW);
    expect(bestMatch).toMatchObject({ sort: 'newest', relevance: true });
    expect(matchWindow(bestMatch, candidates).map((p) => p.id)).toEqual(['old', 'new']);
    const newest = planCatalogQuery({ keyword: 'audio lamp' }, 'newest', SERVER_SEARCH_WINDOW);
    expect(newest.relevance).toBe(false);
    expect(matchWindow(newest, candidates).map((p) => p.id)).toEqual(['new', 'old']);
    // A price range narrows the order to price (the web says so): that order is kept, not re-ranked.
    const priced = planCatalogQuery({ keyword: 'audio lamp', minPrice: 1 }, undefined, SERVER_SEARCH_WINDOW);
    expect(priced).toMatchObject({ sort: 'price_asc', relevance: false });
  });
});

describe('planning a keyword', () => {
  const plan = (keyword: string) => planCatalogQuery({ keyword }, undefined, SERVER_SEARCH_WINDOW);

  it('answers one word of 1-3 characters exactly from the index (count and cursor pages)', () => {
    for (const keyword of ['e', 'Tv', ' usb ', '3.5']) {
      const p = plan(keyword);
      expect(p.filters).toEqual([{ field: 'searchKeys', op: 'array-contains', value: keyword.trim().toLowerCase() }]);
      expect(p.window).toBeNull();
    }
  });

  it('reads any other keyword through its lead word’s rarest-looking piece, in a bounded window', () => {
    const p = plan('Voltra LAPTOP 14');
    expect(p.words).toEqual(['voltra', 'laptop', '14']);
    expect(p.window).toEqual({ size: SERVER_SEARCH_WINDOW, keyword: 'voltra laptop 14' });
    expect(p.filters).toEqual([{ field: 'searchKeys', op: 'array-contains', value: queryGram(leadWord(p.words)) }]);
    expect(plan('noise').window?.size).toBe(SERVER_SEARCH_WINDOW);
    expect(plan('tv 4k').window).not.toBeNull(); // two short words: the window checks the second
  });

  it('leads with the longest word (likely the rarest), a 3+ character one over shorter ones', () => {
    expect(leadWord(['gaming', '16'])).toBe('gaming');
    expect(leadWord(['tv', 'x'])).toBe('tv');
    expect(leadWord(['audio', 'headphones'])).toBe('headphones');
  });
});

describe('the vocabulary for "Did you mean"', () => {
  it('keeps the words of 5 to 30 letters or digits of every searched field', () => {
    expect(vocabularyTermsOf(headphones).sort()).toEqual(
      ['active', 'audio', 'cancelling', 'headphones', 'noise', 'orbis', 'sonic'].sort(),
    );
  });

  it('counts a product’s words in and out, words gone at 0, bounded in size', () => {
    const change = vocabularyChange(
      { nameKey: 'sonic headphones', brand: 'Orbis' },
      { nameKey: 'sonic speaker', brand: 'Orbis' },
    );
    expect(Object.fromEntries(change)).toEqual({ headphones: -1, speaker: 1 });
    const counts = new Map([
      ['headphones', 1],
      ['sonic', 2],
    ]);
    expect(Object.fromEntries(applyVocabularyChange(counts, change))).toEqual({ headphones: 0, speaker: 1 });
    // full: a new word waits for room; the removal in the same change makes room first
    expect(Object.fromEntries(applyVocabularyChange(counts, new Map([['speaker', 1]]), 2))).toEqual({});
    expect(Object.fromEntries(applyVocabularyChange(counts, change, 2))).toEqual({ headphones: 0, speaker: 1 });
    // a word it never counted is not taken below 0
    expect(Object.fromEntries(applyVocabularyChange(counts, new Map([['other', -1]])))).toEqual({});
  });

  it('corrects a correctable word no catalogue word holds to its most common one-edit neighbour', () => {
    const vocabulary = new Map([
      ['headphones', 3],
      ['laptop', 2],
      ['laptops', 2],
      ['speaker', 1],
      ['sonic', 1],
    ]);
    expect(correctFromVocabulary(['hedphones'], vocabulary)).toBe('headphones');
    expect(correctFromVocabulary(['sonic', 'headphnoes'], vocabulary)).toBe('sonic headphones');
    expect(correctFromVocabulary(['laptopp'], vocabulary)).toBe('laptop'); // a tie: alphabetical
    expect(correctFromVocabulary(['headphone'], vocabulary)).toBeUndefined(); // found inside 'headphones'
    expect(correctFromVocabulary(['pone'], vocabulary)).toBeUndefined(); // too short to correct
    expect(correctFromVocabulary(['hdphnes'], vocabulary)).toBeUndefined(); // two edits away
    expect(correctFromVocabulary(['hedphones!'], vocabulary)).toBeUndefined(); // not letters and digits only
  });
});
