import { beforeEach, describe, expect, it } from 'vitest';
import { recentlyViewed, RECENTLY_VIEWED_KEY, RECENTLY_VIEWED_MAX, rememberViewed } from './recentlyViewed';

const product = (n: number) => ({ _id: `p${n}`, name: `Phone ${n}`, image: `/images/${n}.webp`, price: n * 100 });

describe('recently viewed', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the last 8 viewed, newest first, each once', () => {
    for (let n = 1; n <= 10; n++) rememberViewed(product(n));
    rememberViewed(product(5));
    const ids = recentlyViewed().map((p) => p._id);
    expect(ids).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(ids).toEqual(['p5', 'p10', 'p9', 'p8', 'p7', 'p6', 'p4', 'p3']);
  });

  it('stores only what the row shows, and reads garbage as none', () => {
    rememberViewed({ ...product(1), description: 'long text' } as ReturnType<typeof product>);
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY)!)).toEqual([product(1)]);
    localStorage.setItem(RECENTLY_VIEWED_KEY, '{not json');
    expect(recentlyViewed()).toEqual([]);
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([{ _id: 'x' }, product(2)]));
    expect(recentlyViewed()).toEqual([product(2)]);
  });
});
