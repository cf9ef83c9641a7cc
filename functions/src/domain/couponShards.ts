// A discount code's uses split into shards (issue 37, "Hot documents" in docs/firebase.md): on Firestore each shard is
// its own document, so orders with one code write different documents instead of queueing on one. The pure rules:
// how a code's total uses limit is split into the shards' allotments, and which shard may take the next use given
// the shards read so far. The store only loads the shards this asks for and writes the one it picks.

/** Shards per code on Firestore: ~1 sustained write per second per document, so about this many uses per second. */
export const COUPON_USE_SHARDS = 10;

/** One shard as stored: its uses and its share of the code's total limit (null: the code has no limit). */
export interface UseShard {
  uses: number;
  allotment: number | null;
}

/** Splits `total` (the uses the shards may take together; null: no limit) among `count` shards, each at least its
 *  `uses` so far (a lowered limit never goes below what was used): the remainder after every shard's uses goes to
 *  the shards in turn, from the first. */
export function useShardAllotments(total: number | null, uses: readonly number[]): (number | null)[] {
  if (total === null) return uses.map(() => null);
  const used = uses.reduce((sum, u) => sum + u, 0);
  let left = Math.max(0, total - used);
  const base = Math.floor(left / uses.length);
  let extra = left - base * uses.length;
  return uses.map((u) => {
    const more = base + (extra > 0 ? 1 : 0);
    if (extra > 0) extra--;
    left -= more;
    return u + more;
  });
}

/** Whether a shard may take one more use. */
export const useShardHasRoom = (shard: UseShard): boolean => shard.allotment === null || shard.uses < shard.allotment;

/** The order in which an order probes the shards: every shard once, shuffled by `random` (0 ≤ r < 1). */
export function useShardProbeOrder(count: number, random: () => number = Math.random): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export type UseShardPick = { take: number } | { read: number } | { exhausted: true };

/** Which shard takes the use: the first in `probeOrder` with room among those read; the next unread one to read
 *  when none read has room; exhausted when every shard was read and none has room. */
export function pickUseShard(probeOrder: readonly number[], read: ReadonlyMap<number, UseShard>): UseShardPick {
  for (const k of probeOrder) {
    const shard = read.get(k);
    if (!shard) return { read: k };
    if (useShardHasRoom(shard)) return { take: k };
  }
  return { exhausted: true };
}
