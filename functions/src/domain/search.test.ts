import { describe, expect, it } from 'vitest';
import {
  bestCorrection,
  correctedKeyword,
  isCorrectable,
  MAX_SEARCH_WORDS,
  oneEditNeighbours,
  searchWords,
  suggestedFacetValues,
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

  it('lists every one-edit neighbour (deletion, transposition, substitution, insertion) and not the word', () => {
    const n = new Set(oneEditNeighbours('hedphones'));
    expect(n.has('headphones')).toBe(true); // insertion
    expect(n.has('edphones')).toBe(true); // deletion
    expect(n.has('hedphnoes')).toBe(true); // transposition
    expect(n.has('hedphonez')).toBe(true); // substitution
    expect(n.has('hedphones')).toBe(false);
    expect(n.has('headphone')).toBe(false); // two edits
    expect(new Set(oneEditNeighbours('übera')).has('ubera')).toBe(true);
  });

  it('picks the most common known neighbour, ties alphabetical, none when none is known', () => {
    expect(bestCorrection(new Map([['speaker', 3], ['sneaker', 7]]))).toBe('sneaker');
    expect(bestCorrection(new Map([['beta', 2], ['alfa', 2]]))).toBe('alfa');
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
