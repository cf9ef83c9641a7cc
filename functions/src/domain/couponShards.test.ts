import { describe, expect, it } from 'vitest';
import { pickUseShard, useShardAllotments, useShardProbeOrder, type UseShard } from './couponShards.js';

describe('coupon use shards', () => {
  it('splits a limit among the shards, the remainder to the first ones, never below a shard’s uses', () => {
    expect(useShardAllotments(10, [0, 0, 0, 0])).toEqual([3, 3, 2, 2]);
    expect(useShardAllotments(null, [0, 5])).toEqual([null, null]);
    // Lowered below what was used: each shard keeps its uses and takes no more.
    expect(useShardAllotments(3, [2, 4, 0])).toEqual([2, 4, 0]);
    expect(useShardAllotments(9, [2, 4, 0])).toEqual([3, 5, 1]);
    const split = useShardAllotments(7, [1, 0, 3]);
    expect(split.reduce((s, a) => s! + a!, 0)).toBe(7);
  });

  it('probes every shard once, in an order set by the random source', () => {
    const order = useShardProbeOrder(10, () => 0.42);
    expect([...order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(useShardProbeOrder(3, () => 0)).toEqual([1, 2, 0]);
  });

  it('takes the first shard read with room, reads the next when none has, exhausted when all are full', () => {
    const full: UseShard = { uses: 2, allotment: 2 };
    const room: UseShard = { uses: 1, allotment: 2 };
    expect(pickUseShard([2, 0, 1], new Map())).toEqual({ read: 2 });
    expect(pickUseShard([2, 0, 1], new Map([[2, room]]))).toEqual({ take: 2 });
    expect(pickUseShard([2, 0, 1], new Map([[2, full]]))).toEqual({ read: 0 });
    expect(
      pickUseShard(
        [2, 0, 1],
        new Map([
          [2, full],
          [0, full],
          [1, room],
        ]),
      ),
    ).toEqual({ take: 1 });
    expect(
      pickUseShard(
        [2, 0, 1],
        new Map([
          [2, full],
          [0, full],
          [1, full],
        ]),
      ),
    ).toEqual({ exhausted: true });
    expect(pickUseShard([0], new Map([[0, { uses: 99, allotment: null }]]))).toEqual({ take: 0 });
  });
});
