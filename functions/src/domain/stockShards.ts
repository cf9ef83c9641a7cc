// A hot product's stock split into shards (issue 37, "Hot documents" in docs/firebase.md): on Firestore each shard is
// its own document, so the orders of one product write different documents instead of queueing on one. The pure
// rules: how a stock figure is split over the shards, which units an order takes from the shards read so far (read
// one at a time, in a random order: an order locks only what it reads), and where an order's units go back. The
// store only loads the shards this asks for and writes what it decides.
import { useShardProbeOrder } from './couponShards.js';

/** Shards a hot product's stock is split into on Firestore: ~1 sustained write per second per document, so about
 *  this many orders of the product per second. A product is split when it turns hot (docs/firebase.md). */
export const STOCK_SHARDS = 10;

/** The key of a product's own units (a product without variants) in a shard's and an order's figures. */
export const OWN_UNITS = '';

/** One shard as stored: the product's own units, and each variant's by id. */
export interface StockShard {
  units: number;
  variantUnits: Record<string, number>;
}

/** Units of `key` (OWN_UNITS, or a variant id) in a shard. */
export const shardUnits = (shard: StockShard, key: string): number =>
  key === OWN_UNITS ? shard.units : (shard.variantUnits[key] ?? 0);

/** Splits `total` over `count` shards: ⌊total / count⌋ each, the remainder one each to the first shards. */
export function splitUnits(total: number, count: number): number[] {
  const base = Math.floor(Math.max(0, total) / count);
  const extra = Math.max(0, total) - base * count;
  return Array.from({ length: count }, (_, k) => base + (k < extra ? 1 : 0));
}

/** A product's stock split over `count` shards: its own units and every variant's, each by splitUnits. */
export function splitStock(
  countInStock: number,
  variantStock: Readonly<Record<string, number>> | null | undefined,
  count: number,
): StockShard[] {
  const own = splitUnits(countInStock, count);
  const variants = Object.entries(variantStock ?? {}).map(([id, n]) => [id, splitUnits(n, count)] as const);
  return own.map((units, k) => ({ units, variantUnits: Object.fromEntries(variants.map(([id, s]) => [id, s[k]!])) }));
}

/** The shards' sum: what the product holds (its own units and each variant's). */
export function stockTotals(shards: Iterable<StockShard>): StockShard {
  const total: StockShard = { units: 0, variantUnits: {} };
  for (const shard of shards) {
    total.units += shard.units;
    for (const [id, n] of Object.entries(shard.variantUnits))
      total.variantUnits[id] = (total.variantUnits[id] ?? 0) + n;
  }
  return total;
}

/** Units an order took from one shard (recorded on the order: its release gives them back there). */
export interface ShardTake {
  shard: number;
  /** OWN_UNITS or a variant id. */
  key: string;
  units: number;
}

/** The order in which an order probes a product's shards: every shard once, shuffled (the code shards' rule). */
export const stockShardProbeOrder = (count: number, random: () => number = Math.random): number[] =>
  useShardProbeOrder(count, random);

export type StockAllocation =
  { takes: ShardTake[] } | { read: number } | { outOfStock: { key: string; available: number } };

/**
 * Which units an order takes (`wanted`: units per key, each > 0) from the shards read so far (`read`), walking
 * `probeOrder`: from each shard read, as much as is still wanted of each key; the next unread shard to read while
 * something is still wanted; out of stock (the first short key, with what every shard holds of it) only when every
 * shard was read and they do not hold enough together.
 */
export function allocateFromShards(
  wanted: ReadonlyMap<string, number>,
  probeOrder: readonly number[],
  read: ReadonlyMap<number, StockShard>,
): StockAllocation {
  const left = new Map([...wanted].filter(([, n]) => n > 0));
  const takes: ShardTake[] = [];
  for (const k of probeOrder) {
    if (left.size === 0) break;
    const shard = read.get(k);
    if (!shard) return { read: k };
    for (const [key, n] of left) {
      const units = Math.min(n, Math.max(0, shardUnits(shard, key)));
      if (units > 0) takes.push({ shard: k, key, units });
      if (n - units === 0) left.delete(key);
      else left.set(key, n - units);
    }
  }
  if (left.size === 0) return { takes };
  const [key] = [...left.keys()];
  const available = [...read.values()].reduce((sum, s) => sum + Math.max(0, shardUnits(s, key!)), 0);
  return { outOfStock: { key: key!, available } };
}

/** A shard with `units` of `key` added (negative: taken); never below 0. */
export function withUnits(shard: StockShard, key: string, units: number): StockShard {
  if (key === OWN_UNITS) return { ...shard, units: Math.max(0, shard.units + units) };
  return {
    ...shard,
    variantUnits: { ...shard.variantUnits, [key]: Math.max(0, shardUnits(shard, key) + units) },
  };
}

/**
 * Where `units` of `key` go back, from an order's recorded takes: onto the shards it took them from, each up to what
 * it took there, in the order taken; what is left (more than was taken, or no take recorded: an order placed before
 * the product was split) onto the first take's shard, else `fallback`. Answers units per shard.
 */
export function giveBack(
  takes: readonly ShardTake[],
  key: string,
  units: number,
  fallback: number,
): Map<number, number> {
  const back = new Map<number, number>();
  let left = Math.max(0, units);
  const own = takes.filter((t) => t.key === key);
  for (const take of own) {
    if (left === 0) break;
    const n = Math.min(left, take.units);
    back.set(take.shard, (back.get(take.shard) ?? 0) + n);
    left -= n;
  }
  if (left > 0) {
    const shard = own[0]?.shard ?? fallback;
    back.set(shard, (back.get(shard) ?? 0) + left);
  }
  return back;
}
