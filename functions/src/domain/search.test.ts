import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestCorrection,
  correctedKeyword,
  isCorrectable,
  MAX_SEARCH_WORDS,
  neighbourSearch,
  searchWords,
  suggestedFacetValues,
  withinOneEdit,
} from './search.js';

describe('searchWords', () => {
  it('folds, splits on any whitespace, drops repeats and NULs, keeps the typed order', () => {
    expect(searchWords('  Voltra\tLAPTOP voltra\u00a0lap ')).toEqual(['voltra', 'laptop', 'lap']);
    expect(searchWords('a\u0000b')).toEqual(['a', 'b']);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords('"NEAR" -x')).toEqual(['"near"', '-x']);
    expect(searchWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_SEARCH_WORDS);
  });
});

describe('corrections', () => {
  it('corrects only words of 5+ letters or digits', () => {
    expect(isCorrectable('hedphones')).toBe(true);
    expect(isCorrectable('über5')).toBe(true);
    expect(isCorrectable('pone')).toBe(false);
    expect(isCorrectable('usb-cable')).toBe(false);
    expect(isCorrectable('lap*top')).toBe(false);
  });

  it('tells words one edit apart (deletion, insertion, substitution, transposition) from the rest', () => {
    expect(withinOneEdit('hedphones', 'headphones')).toBe(true); // insertion
    expect(withinOneEdit('headphones', 'hedphones')).toBe(true); // deletion
    expect(withinOneEdit('hedphnoes', 'hedphones')).toBe(true); // transposition
    expect(withinOneEdit('hedphonez', 'hedphones')).toBe(true); // substitution
    expect(withinOneEdit('speaker', 'speaker')).toBe(true);
    expect(withinOneEdit('hdphnes', 'headphones')).toBe(false);
    expect(withinOneEdit('abcd', 'badc')).toBe(false); // two transpositions
    expect(withinOneEdit('abc', 'cab')).toBe(false);
    expect(withinOneEdit('über', 'uber')).toBe(true);
    expect(withinOneEdit('😀abc', 'abc')).toBe(true); // by code point
    expect(withinOneEdit('a😀bc', 'ab😀c')).toBe(true);
    expect(withinOneEdit('😀😁c', '😁😀d')).toBe(false);
  });

  it('agrees with the optimal-string-alignment distance (Levenshtein plus neighbour swaps) being at most 1', () => {
    // The reference: the textbook dynamic programme over code points.
    const osa = (a: string, b: string) => {
      const [x, y] = [[...a], [...b]];
      const d = Array.from({ length: x.length + 1 }, (_, i) =>
        Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= x.length; i++)
        for (let j = 1; j <= y.length; j++) {
          d[i]![j] = Math.min(
            d[i - 1]![j]! + 1,
            d[i]![j - 1]! + 1,
            d[i - 1]![j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
          );
          if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
            d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
        }
      return d[x.length]![y.length]!;
    };
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '😀', '😁'), maxLength: 6 });
    fc.assert(
      fc.property(word, word, (a, b) => withinOneEdit(a, b) === osa(a, b) <= 1),
      { numRuns: 2000 },
    );
  });

  it('finds every one-edit neighbour: in the range of its first two characters, or listed', () => {
    const found = (word: string, term: string) => {
      const { prefix, listed } = neighbourSearch(word);
      return (term.startsWith(prefix) && withinOneEdit(term, word)) || listed.includes(term);
    };
    for (const term of ['headphones', 'edphones', 'ehdphones', 'hdephones', 'xedphones', 'hxdphones', 'xhedphones'])
      expect(found('hedphones', term), term).toBe(true);
    expect(found('hedphones', 'headphone')).toBe(false);
    expect(neighbourSearch('hedphones').listed).not.toContain('hedphones');
    expect(neighbourSearch('hedphones').listed.every((t) => !t.startsWith('he'))).toBe(true);
    expect(found('wifi6', 'wifi7')).toBe(true);
    expect(neighbourSearch('abcde').listed.some((t) => /\d/.test(t))).toBe(false); // digits only for words with some
  });

  it('picks the most common known neighbour, ties alphabetical, none when none is known', () => {
    expect(
      bestCorrection(
        new Map([
          ['speaker', 3],
          ['sneaker', 7],
        ]),
      ),
    ).toBe('sneaker');
    expect(
      bestCorrection(
        new Map([
          ['beta', 2],
          ['alfa', 2],
        ]),
      ),
    ).toBe('alfa');
    expect(bestCorrection(new Map([['x', 0]]))).toBeUndefined();
    expect(bestCorrection(new Map())).toBeUndefined();
    expect(correctedKeyword(['sonic', 'hedphones'], new Map([['hedphones', 'headphones']]))).toBe('sonic headphones');
  });
});

describe('suggestedFacetValues', () => {
  it('keeps the values a word of 2+ characters begins, categories first, within the room', () => {
    const cats = ['Laptops', 'Audio', 'Phone Cases'];
    const brands = ['Voltra', 'Lapis'];
    expect(suggestedFacetValues(['voltra', 'lap'], cats, brands, 3)).toEqual({
      categories: ['Laptops'],
      brands: ['Voltra', 'Lapis'],
    });
    expect(suggestedFacetValues(['cases'], cats, brands, 3)).toEqual({ categories: ['Phone Cases'], brands: [] });
    expect(suggestedFacetValues(['l'], cats, brands, 3)).toEqual({ categories: [], brands: [] });
    expect(suggestedFacetValues(['lap'], cats, brands, 1)).toEqual({ categories: ['Laptops'], brands: [] });
    expect(suggestedFacetValues(['lap'], cats, brands, 0)).toEqual({ categories: [], brands: [] });
  });
});
