// The Firestore search's index (issue 29, firestore/searchIndex.ts + catalog.ts) must mean what a keyword means
// (domain/search.ts): every word a case-insensitive LITERAL piece of the product, words of 3+ characters of its name,
// brand, category or indexed description, shorter ones of its name. Property test against that reference in plain
// JavaScript, over texts made of letters that collide under case folding, syntax characters, spaces of two kinds and
// non-ASCII:
//   - the key a plan reads through is among the keys of every product the reference matches (the window or the exact
//     query can find every match: nothing is lost by the index);
//   - a plan answered by the index alone (no window) matches exactly the reference's products;
//   - a window matches exactly the reference's products among those it read, each once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchPieces, searchKey, searchWords } from '../../src/domain/index.js';
import { matchWindow, planCatalogQuery, SERVER_SEARCH_WINDOW } from '../../src/firestore/catalog.js';
import { DESCRIPTION_INDEX_WORDS, searchKeysOf, type SearchFields } from '../../src/firestore/searchIndex.js';

const unit = fc.constantFrom('a', 'b', 'A', 'B', 'é', 'É', 'ß', 'İ', '(', '.', '*', '"', '-', ' ', '\u00a0', '😀', '1');
const text = (max: number) => fc.array(unit, { maxLength: max }).map((units) => units.join(''));

const productArb = fc.record({
  id: fc.uuid(),
  name: text(12),
  brand: text(6),
  category: text(6),
  description: fc.oneof(text(20), fc.constant(`${'ab '.repeat(DESCRIPTION_INDEX_WORDS)}zz`)),
});
type P = { id: string; name: string; brand: string; category: string; description: string };

const fields = (p: P): SearchFields => ({ ...p, nameKey: searchKey(p.name) });

/** The reference: what the keyword means, written plainly. */
function matches(p: P, keyword: string): boolean {
  const name = searchKey(p.name);
  const description = searchKey(p.description).split(/\s+/u).filter(Boolean).slice(0, DESCRIPTION_INDEX_WORDS);
  const anywhere = [name, searchKey(p.brand), searchKey(p.category), description.join(' ')];
  // Each word by its stem (issue 40: domain searchStem).
  return matchPieces(searchWords(keyword)).every((word) =>
    [...word].length >= 3 ? anywhere.some((field) => field.includes(word)) : name.includes(word),
  );
}

describe('the Firestore search index against the reference', () => {
  it('finds every match through the plan’s key, exactly when there is no window, and matches a window exactly', () => {
    fc.assert(
      fc.property(
        fc.array(productArb, { minLength: 1, maxLength: 8 }),
        // keywords: a piece of one of the products' texts (so that some match), or any text
        fc.oneof(
          text(8),
          fc.tuple(fc.nat(), fc.nat(), fc.nat(8)).map(([a, b, c]) => ({ pick: [a, b, c] })),
        ),
        (products, rawKeyword) => {
          let keyword: string;
          if (typeof rawKeyword === 'string') keyword = rawKeyword;
          else {
            const [which, start, length] = rawKeyword.pick;
            const p = products[which % products.length]!;
            const source = [p.name, p.brand, p.category, p.description][start % 4]!;
            const chars = [...source];
            const from = chars.length ? start % chars.length : 0;
            keyword = chars.slice(from, from + length).join('');
          }
          if (!searchWords(keyword).length) return;
          const plan = planCatalogQuery({ keyword }, 'newest', SERVER_SEARCH_WINDOW);
          const key = plan.filters.find((f) => f.field === 'searchKeys')!.value as string;
          for (const p of products) {
            const holdsKey = searchKeysOf(fields(p)).includes(key);
            if (matches(p, keyword)) expect(holdsKey, `${JSON.stringify(p)} / ${keyword}`).toBe(true);
            if (!plan.window) expect(holdsKey, `${JSON.stringify(p)} / ${keyword}`).toBe(matches(p, keyword));
          }
          // The window: the products holding the key (as Firestore reads them), matched in memory.
          const read = products.filter((p) => searchKeysOf(fields(p)).includes(key)).map(fields);
          const found = matchWindow(plan, read).map((p) => (p as unknown as P).id);
          expect(found.sort()).toEqual(
            products
              .filter((p) => matches(p, keyword))
              .map((p) => p.id)
              .sort(),
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});
