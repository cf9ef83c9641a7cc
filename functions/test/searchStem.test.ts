// Issue 40: plurals and simple stems, matched as a prefix the word's forms share (domain/search.ts searchStem).
import { describe, expect, it } from 'vitest';
import { matchPieces, searchStem } from '../src/domain/search.js';

describe('searchStem', () => {
  it('matches the issue words by a piece their other forms hold', () => {
    expect(searchStem('cables')).toBe('cable');
    expect('usb-c cable').toContain(searchStem('cables'));
    expect(searchStem('mice')).toBe('mouse');
    expect(searchStem('cancelling')).toBe('cancel');
    expect(searchStem('cancellation')).toBe('cancel');
    expect(searchStem('canceling')).toBe('cancel');
    expect(searchStem('headphones')).toBe('headphone');
  });

  it('turns plurals into a prefix of the singular', () => {
    expect(searchStem('batteries')).toBe('batter');
    expect('battery').toContain(searchStem('batteries'));
    expect(searchStem('boxes')).toBe('box');
    expect(searchStem('switches')).toBe('switch');
    expect(searchStem('glasses')).toBe('glass');
    expect(searchStem('cases')).toBe('case');
    expect(searchStem('bags')).toBe('bag');
    expect(searchStem('chargers')).toBe('charger');
  });

  it('leaves words that only look inflected, short words, SKUs and numbers alone', () => {
    for (const word of ['glass', 'wireless', 'status', 'analysis', 'speed', 'ring', 'gaming', 'wired', 'bus', 'usb'])
      expect(searchStem(word)).toBe(word);
    for (const word of ['vs-hp-001s', 'm3f9s', 'wh-1000xm5', '4ks', 'a']) expect(searchStem(word)).toBe(word);
  });

  it('is a prefix of the word (or an irregular singular), never shorter than 3 characters', () => {
    const words = ['earrings', 'running', 'embedded', 'streaming', 'series', 'ties', 'gas', 'lens', 'news', 'ideas'];
    for (const word of words) {
      const stem = searchStem(word);
      expect(word.startsWith(stem), word).toBe(true);
      expect(stem.length, word).toBeGreaterThanOrEqual(3);
    }
    // never "ear", which every in-ear headphone holds
    expect(searchStem('earrings')).toBe('earr');
  });

  it('matches a keyword by its words’ distinct stems, in the order typed', () => {
    expect(matchPieces(['noise', 'cancelling'])).toEqual(['noise', 'cancel']);
    expect(matchPieces(['cable', 'cables'])).toEqual(['cable']);
  });
});
