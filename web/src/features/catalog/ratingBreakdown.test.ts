import { describe, expect, it } from 'vitest';
import { ratingBreakdown } from './ratingBreakdown';

describe('ratingBreakdown', () => {
  it('counts the reviews per number of stars, 5 first, with zero rows kept', () => {
    expect(ratingBreakdown([{ rating: 5 }, { rating: 4 }, { rating: 5 }, { rating: 1 }])).toEqual([
      { stars: 5, count: 2 },
      { stars: 4, count: 1 },
      { stars: 3, count: 0 },
      { stars: 2, count: 0 },
      { stars: 1, count: 1 },
    ]);
  });

  it('gives five zero rows without reviews', () => {
    expect(ratingBreakdown([]).map((r) => r.count)).toEqual([0, 0, 0, 0, 0]);
  });
});
