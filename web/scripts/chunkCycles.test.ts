import { describe, expect, it } from 'vitest';
import { chunkCycles } from './chunkCycles.mjs';

describe('chunkCycles (issue 39: no cycle among the build chunks)', () => {
  it('finds none in a tree of static imports, shared chunks included', () => {
    expect(
      chunkCycles({
        'index.html': { imports: ['_query.js', '_ui.js'] },
        'src/Page.tsx': { imports: ['_query.js', '_rules.js'] },
        '_rules.js': { imports: ['_ui.js'] },
        '_query.js': {},
        '_ui.js': {},
      }),
    ).toEqual([]);
  });

  it('finds two chunks that import each other (the admin chunk and a page it groups)', () => {
    expect(
      chunkCycles({
        '_admin.js': { imports: ['src/features/admin/routes/CouponsPage.tsx'] },
        'src/features/admin/routes/CouponsPage.tsx': { imports: ['_admin.js'] },
      }),
    ).toEqual([['_admin.js', 'src/features/admin/routes/CouponsPage.tsx', '_admin.js']]);
  });

  it('finds a longer cycle reached from an entry, and a chunk importing itself', () => {
    const cycles = chunkCycles({
      'index.html': { imports: ['a'] },
      a: { imports: ['b'] },
      b: { imports: ['c'] },
      c: { imports: ['a', 'missing'] },
      d: { imports: ['d'] },
    });
    expect(cycles).toEqual([
      ['a', 'b', 'c', 'a'],
      ['d', 'd'],
    ]);
  });

  it('ignores dynamic imports (a lazy chunk may load the one that loads it)', () => {
    expect(
      chunkCycles({
        a: { imports: [], dynamicImports: ['b'] } as { imports: string[] },
        b: { imports: ['a'] },
      }),
    ).toEqual([]);
  });
});
