// The contract of the generic model store (issue 39, modules/module.ts ModelStore) on a probe model with every field
// kind: a record comes back exactly as saved (optional fields absent, null kept, flags and JSON typed); an owner's
// records listed in order and limited, never another owner's; the counted limit (perOwner) holds even when the
// decision forgets it, and when writes race; a one-record update inserts, changes, deletes and never touches another
// owner's record; forgetOwner deletes one owner's records only. Same cases on both backends (embedded:
// contract/embedded.test.ts; Firestore: firebase/firestore.community.test.ts).
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { defineModel, field, type ModelRecord } from '../../src/domain/model.js';
import type { ModelStore, ModelStores } from '../../src/modules/module.js';
import { contractCase, type ContractRun } from './cases.js';

export const PROBE_MODEL = defineModel({
  name: 'probe',
  table: 'model_store_probes',
  collection: 'modelStoreProbes',
  key: { field: 'id', column: 'id' },
  owner: { column: 'owner_id', docField: 'ownerId' },
  jsonColumn: 'data',
  perOwner: { max: 3, message: 'At most 3 probes' },
  fields: {
    title: field.text(),
    rank: field.count({ column: 'rank', check: 'rank >= 0' }),
    priceCents: field.cents({ column: 'price_cents' }),
    active: field.flag({ column: 'active' }),
    note: field.text({ optional: true }),
    seenAt: field.timestamp({ nullable: true }),
    tags: field.json<string[]>({ column: 'tags_json' }),
  },
});

type Probe = ModelRecord<typeof PROBE_MODEL>;

export interface ModelStoresUnderTest {
  stores: ModelStores;
  dispose(): Promise<void>;
}

const probe = (id: string, rank: number, extra: Partial<Probe> = {}): Probe => ({
  id,
  title: `Probe ${rank}`,
  rank,
  priceCents: 1999 + rank,
  active: rank % 2 === 0,
  seenAt: null,
  tags: [`t${rank}`],
  ...extra,
});

export function modelStoreContract(name: string, factory: () => Promise<ModelStoresUnderTest>, run: ContractRun = {}) {
  const it = contractCase(run);
  describe(`Store contract, the generic model store: ${name}`, () => {
    let sut: ModelStoresUnderTest;
    let probes: ModelStore<Probe>;
    beforeEach(async () => {
      sut = await factory();
      probes = sut.stores(PROBE_MODEL);
    });
    afterEach(async () => sut.dispose());

    const put = (owner: string, record: Probe) => probes.change(owner, () => ({ put: record, remove: [] }));

    it('model store: a record reads back exactly as saved, by its key and owner only', async () => {
      const full = probe('p1', 2, { note: 'fragile', seenAt: '2026-03-01T10:00:00.000Z', tags: ['a', 'b'] });
      const bare = probe('p2', 1);
      await put('ann', full);
      await put('ann', bare);
      expect(await probes.get('p1', 'ann')).toEqual(full);
      const read = await probes.get('p2', 'ann');
      expect(read).toEqual(bare);
      expect(read && 'note' in read).toBe(false); // an absent optional field stays absent
      expect(await probes.get('p1', 'bob')).toBeNull(); // another owner's key is not found
      expect(await probes.get('nope', 'ann')).toBeNull();
    });

    it('model store: an owner’s records listed in order and limited, never another’s', async () => {
      for (const [id, rank] of [
        ['a', 5],
        ['b', 1],
        ['c', 3],
      ] as const)
        await put('ann', probe(id, rank));
      await put('bob', probe('z', 0));
      expect((await probes.list('ann', { orderBy: 'rank' })).map((p) => p.id)).toEqual(['b', 'c', 'a']);
      expect((await probes.list('ann', { orderBy: 'rank', direction: 'desc', limit: 2 })).map((p) => p.id)).toEqual([
        'a',
        'c',
      ]);
      expect((await probes.list('ann', { orderBy: 'title', direction: 'desc' })).map((p) => p.id)).toEqual([
        'a',
        'c',
        'b',
      ]);
      expect((await probes.list('bob')).map((p) => p.id)).toEqual(['z']);
      expect(await probes.list('carol')).toEqual([]);
    });

    it('model store: the counted limit holds when the decision forgets it; a replacement is not counted', async () => {
      for (let i = 1; i <= 3; i++) await put('ann', probe(`p${i}`, i));
      await expect(put('ann', probe('p4', 4))).rejects.toMatchObject({ kind: 'conflict', message: 'At most 3 probes' });
      await put('ann', probe('p2', 20)); // replaces one: still 3
      await probes.change('ann', () => ({ put: probe('p5', 5), remove: ['p1'] })); // one out, one in
      expect((await probes.list('ann', { orderBy: 'rank' })).map((p) => [p.id, p.rank])).toEqual([
        ['p3', 3],
        ['p5', 5],
        ['p2', 20],
      ]);
      await put('bob', probe('q1', 1)); // another owner counts apart
    });

    it('model store: writes racing past the counted limit, never more than the most', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 7 }, (_, i) =>
          probes.change('ann', (_records, id) => ({ put: probe(id, i), remove: [] })),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of results.filter((r) => r.status === 'rejected'))
        expect((r as PromiseRejectedResult).reason).toMatchObject({ kind: 'conflict' });
      expect(await probes.list('ann')).toHaveLength(3);
    });

    it('model store: one record updated in a transaction: inserted, changed, deleted; another owner’s untouched', async () => {
      expect(await probes.update('u1', (current) => (current ? null : probe('u1', 1)), 'ann')).toEqual(probe('u1', 1));
      expect(
        await probes.update('u1', (current) => current && { ...current, rank: current.rank + 1 }, 'ann'),
      ).toMatchObject({ rank: 2 });
      // Bob's attempt on Ann's record is as if it did not exist, and writes nothing.
      expect(await probes.update('u1', () => probe('u1', 99), 'bob')).toBeNull();
      expect(await probes.get('u1', 'ann')).toMatchObject({ rank: 2 });
      expect(await probes.update('u1', () => null, 'ann')).toBeNull();
      expect(await probes.get('u1', 'ann')).toBeNull();
    });

    it('model store: forgetting an owner deletes its records only', async () => {
      await put('ann', probe('a1', 1));
      await put('ann', probe('a2', 2));
      await put('bob', probe('b1', 1));
      await probes.forgetOwner('ann');
      expect(await probes.list('ann')).toEqual([]);
      expect((await probes.list('bob')).map((p) => p.id)).toEqual(['b1']);
    });
  });
}
