// docs/architecture.md names only what exists (scripts/check-doc-names.mjs says the rule): each backticked path is
// a file or folder, each backticked code identifier is found in the code.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { docNameProblems, repoIndex } from '../../scripts/check-doc-names.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
let index: ReturnType<typeof repoIndex>;

beforeAll(() => {
  index = repoIndex(root);
});

describe('docs/architecture.md against the code', () => {
  it('names no path and no identifier the code lacks', () => {
    const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
    expect(docNameProblems(doc, root, index)).toEqual([]);
  });

  it('finds a stale name, and leaves placeholders, routes, plain words and declared examples alone', () => {
    const doc = [
      '| `domain/orders.ts` | `placeOrder`, `OrderRecord.refunds`, `RETURN_DAYS`, `refunds_json`, `lib/shop/` |',
      'Renamed: `domain/orderz.ts` and `placeOrdr`; `adapters/embedded/{db,sqlz}.ts`; `Order.isGuestz`.',
      'Not names: `paid`, `Order`, `/api/orders/:id`, `features/<area>/`, `orders/{id}/orderNotes`, `GET/PUT`, `npm run check`.',
      '<!-- doc-names: not in the code: giftWrapNote -->',
      'An example: `giftWrapNote`.',
      '```',
      '`fencedNameNeverChecked`',
      '```',
    ].join('\n');
    expect(docNameProblems(doc, root, index)).toEqual([
      { line: 2, name: 'domain/orderz.ts', kind: 'path' },
      { line: 2, name: 'placeOrdr', kind: 'identifier' },
      { line: 2, name: 'adapters/embedded/sqlz.ts', kind: 'path' },
      { line: 2, name: 'isGuestz', kind: 'identifier' },
    ]);
  });
});
