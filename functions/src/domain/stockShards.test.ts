import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateFromShards,
  giveBack,
  OWN_UNITS,
  shardUnits,
  splitStock,
  splitUnits,
  stockShardProbeOrder,
  stockTotals,
  withUnits,
  type ShardTake,
  type StockShard,
} from './stockShards.js';

const KEYS = [OWN_UNITS, 'v1', 'v2'];
const shardArb: fc.Arbitrary<StockShard> = fc.record({
  units: fc.nat(6),
  variantUnits: fc.record({ v1: fc.nat(6), v2: fc.nat(6) }),
});
const wantedArb = fc
  .array(fc.tuple(fc.constantFrom(...KEYS), fc.integer({ min: 1, max: 12 })), { minLength: 1, maxLength: 3 })
  .map((pairs) => new Map(pairs));

/** Reads shards as the store does: one at a time, as asked, until the rule answers takes or out of stock. */
function allocateAll(shards: readonly StockShard[], wanted: ReadonlyMap<string, number>, order: readonly number[]) {
  const read = new Map<number, StockShard>();
  for (;;) {
    const pick = allocateFromShards(wanted, order, read);
    if (!('read' in pick)) return { pick, reads: read.size };
    expect(read.has(pick.read), 'asks for a shard it has not read').toBe(false);
    read.set(pick.read, shards[pick.read]!);
  }
}

const apply = (shards: readonly StockShard[], takes: readonly ShardTake[], sign: 1 | -1) =>
  shards.map((s, k) => takes.filter((t) => t.shard === k).reduce((acc, t) => withUnits(acc, t.key, sign * t.units), s));

describe('stock shards', () => {
  it('splits a figure evenly, the remainder to the first shards', () => {
    expect(splitUnits(7, 3)).toEqual([3, 2, 2]);
    expect(splitUnits(0, 2)).toEqual([0, 0]);
    expect(splitStock(5, { a: 2 }, 2)).toEqual([
      { units: 3, variantUnits: { a: 1 } },
      { units: 2, variantUnits: { a: 1 } },
    ]);
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.integer({ min: 1, max: 50 }), (total, count) => {
        const split = splitUnits(total, count);
        expect(split).toHaveLength(count);
        expect(split.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...split) - Math.min(...split)).toBeLessThanOrEqual(1);
        expect(split.every((n) => n >= 0)).toBe(true);
      }),
    );
  });

  it('takes from the first shard read that has the units, asks for the next when it does not', () => {
    const shards = new Map<number, StockShard>([
      [2, { units: 1, variantUnits: {} }],
      [0, { units: 0, variantUnits: {} }],
    ]);
    expect(allocateFromShards(new Map([[OWN_UNITS, 1]]), [2, 0, 1], new Map())).toEqual({ read: 2 });
    expect(allocateFromShards(new Map([[OWN_UNITS, 1]]), [2, 0, 1], shards)).toEqual({
      takes: [{ shard: 2, key: OWN_UNITS, units: 1 }],
    });
    // Two units: one from shard 2, shard 0 is empty, shard 1 must be read.
    expect(allocateFromShards(new Map([[OWN_UNITS, 2]]), [2, 0, 1], shards)).toEqual({ read: 1 });
    shards.set(1, { units: 0, variantUnits: {} });
    expect(allocateFromShards(new Map([[OWN_UNITS, 2]]), [2, 0, 1], shards)).toEqual({
      outOfStock: { key: OWN_UNITS, available: 1 },
    });
  });

  it('never over-sells: takes exactly what is wanted when the shards hold it, out of stock only when every shard is read and short', () => {
    fc.assert(
      fc.property(
        fc.array(shardArb, { minLength: 1, maxLength: 8 }),
        wantedArb,
        fc.infiniteStream(fc.double({ min: 0, max: 0.999, noNaN: true })),
        (shards, wanted, randoms) => {
          const order = stockShardProbeOrder(shards.length, () => randoms.next().value);
          const { pick, reads } = allocateAll(shards, wanted, order);
          const total = stockTotals(shards);
          const enough = [...wanted].every(([key, n]) => shardUnits(total, key) >= n);
          if ('outOfStock' in pick) {
            expect(enough).toBe(false);
            expect(reads).toBe(shards.length);
            const { key, available } = pick.outOfStock;
            expect(available).toBe(shardUnits(total, key));
            expect(available).toBeLessThan(wanted.get(key)!);
            return;
          }
          if (!('takes' in pick)) throw new Error('unexpected pick');
          expect(enough).toBe(true);
          for (const [key, n] of wanted)
            expect(pick.takes.filter((t) => t.key === key).reduce((s, t) => s + t.units, 0)).toBe(n);
          const after = apply(shards, pick.takes, -1);
          // Never negative, and each shard gave no more than it held.
          for (const [k, s] of after.entries())
            for (const key of KEYS) {
              expect(shardUnits(s, key)).toBeGreaterThanOrEqual(0);
              expect(shardUnits(shards[k]!, key) - shardUnits(s, key)).toBe(
                pick.takes.filter((t) => t.shard === k && t.key === key).reduce((sum, t) => sum + t.units, 0),
              );
            }
          // Conserved: what is left plus what was taken is what there was.
          const left = stockTotals(after);
          for (const key of KEYS) expect(shardUnits(left, key) + (wanted.get(key) ?? 0)).toBe(shardUnits(total, key));
          // Giving the takes back restores every shard.
          const restored = [...after];
          for (const key of KEYS)
            for (const [k, n] of giveBack(pick.takes, key, wanted.get(key) ?? 0, 0))
              restored[k] = withUnits(restored[k]!, key, n);
          expect(restored).toEqual(shards);
        },
      ),
    );
  });

  it('a stream of orders on a split stock of N sells exactly N units, whatever the probe orders', () => {
    fc.assert(
      fc.property(
        fc.nat(60),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 80 }),
        fc.infiniteStream(fc.double({ min: 0, max: 0.999, noNaN: true })),
        (stock, count, asks, randoms) => {
          let shards = splitStock(stock, null, count);
          let sold = 0;
          for (const qty of asks) {
            const order = stockShardProbeOrder(count, () => randoms.next().value);
            const { pick } = allocateAll(shards, new Map([[OWN_UNITS, qty]]), order);
            if ('takes' in pick) {
              shards = apply(shards, pick.takes, -1);
              sold += qty;
            } else if ('outOfStock' in pick) expect(pick.outOfStock.available).toBe(stock - sold);
            expect(shards.every((s) => s.units >= 0)).toBe(true);
            expect(stockTotals(shards).units + sold).toBe(stock);
          }
          // Anything refused was refused only for want of units: ones still left are fewer than the last ask.
          expect(sold).toBeLessThanOrEqual(stock);
        },
      ),
    );
  });

  it('gives units back where they came from; more than was taken, or no take at all, onto one shard', () => {
    const takes: ShardTake[] = [
      { shard: 3, key: OWN_UNITS, units: 2 },
      { shard: 1, key: OWN_UNITS, units: 1 },
      { shard: 4, key: 'v1', units: 5 },
    ];
    expect([...giveBack(takes, OWN_UNITS, 3, 0)]).toEqual([
      [3, 2],
      [1, 1],
    ]);
    // A refund's restock of one unit: to the first shard taken from.
    expect([...giveBack(takes, OWN_UNITS, 1, 0)]).toEqual([[3, 1]]);
    expect([...giveBack(takes, 'v1', 6, 0)]).toEqual([[4, 6]]);
    expect([...giveBack([], 'v2', 2, 7)]).toEqual([[7, 2]]);
    fc.assert(
      fc.property(
        fc.array(fc.record({ shard: fc.nat(9), key: fc.constantFrom(...KEYS), units: fc.integer({ min: 1, max: 5 }) })),
        fc.constantFrom(...KEYS),
        fc.nat(30),
        (recorded, key, units) => {
          const back = giveBack(recorded, key, units, 0);
          expect([...back.values()].reduce((s, n) => s + n, 0)).toBe(units);
          for (const n of back.values()) expect(n).toBeGreaterThan(0);
        },
      ),
    );
  });
});
