// The contract of the generic model store (issue 39, modules/module.ts ModelStore) on a probe model with every field
// kind: a record comes back exactly as saved (optional fields absent, null kept, flags and JSON typed); an owner's
// records listed in order and limited, never another owner's; the counted limit (perOwner) holds even when the
// decision forgets it, and when writes race; a one-record update inserts, changes, deletes and never touches another
// owner's record; forgetOwner deletes one owner's records only; a query by fields' values and a range of one field orders, bounds, limits and pages by a cursor; a
// transaction across models reads records and queries, and writes its records, removals and mail together or not
// at all, the mail once per key; a
// partial model updates fields in place and never creates or deletes. Same cases on both backends (embedded:
// contract/embedded.test.ts; Firestore: firebase/firestore.community.test.ts).
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { defineModel, field, type ModelRecord } from '../../src/domain/model.js';
import type { ModelStore, ModelStores, ModelTransaction } from '../../src/modules/module.js';
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

/** Some fields of the probes (their own columns), as a partial model (a view of records another store owns). */
const PROBE_VIEW_MODEL = defineModel({
  name: 'probe view',
  table: PROBE_MODEL.table,
  collection: PROBE_MODEL.collection,
  partial: true,
  key: PROBE_MODEL.key,
  fields: { rank: field.count({ column: 'rank' }), active: field.flag({ column: 'active' }) },
});

export interface ModelStoresUnderTest {
  stores: ModelStores;
  transaction: ModelTransaction;
  /** The keys of the messages in the backend's mail outbox. */
  mailKeys(): Promise<string[]>;
  dispose(): Promise<void>;
}

const mail = (key: string, to = 'ann@example.com') => ({ key, to, template: 'probe', data: { to } });
const NOW = new Date('2026-03-01T10:00:00.000Z');

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
    /** Ann's a (rank 5), b (1), c (3); Bob's z (3). */
    const putRanked = async () => {
      for (const [owner, id, rank] of [
        ['ann', 'a', 5],
        ['ann', 'b', 1],
        ['ann', 'c', 3],
        ['bob', 'z', 3],
      ] as const)
        await put(owner, probe(id, rank));
    };

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

    it('model store: records by a range of one field, in its order then the key, bounded, limited and paged', async () => {
      await putRanked();
      const ids = (records: Probe[]) => records.map((p) => p.id);
      expect(ids(await probes.query({ by: 'rank', from: 1, until: 3 }))).toEqual(['b', 'c', 'z']);
      expect(ids(await probes.query({ by: 'rank', after: 1 }))).toEqual(['c', 'z', 'a']);
      expect(ids(await probes.query({ by: 'rank', after: 1, owner: 'ann' }))).toEqual(['c', 'a']);
      expect(ids(await probes.query({ by: 'rank', from: 0, limit: 2 }))).toEqual(['b', 'c']);
      expect(await probes.query({ by: 'rank', from: 6 })).toEqual([]);
      expect(await probes.query({ by: 'rank', owner: 'carol' })).toEqual([]);
    });

    it('model store: records by fields equal to a value or among a list (longer than one Firestore `in`)', async () => {
      await putRanked();
      const ids = (records: Probe[]) => records.map((p) => p.id);
      expect(ids(await probes.query({ where: { active: false } }))).toEqual(['a', 'b', 'c', 'z']);
      expect(ids(await probes.query({ where: { rank: 3 } }))).toEqual(['c', 'z']);
      expect(ids(await probes.query({ where: { rank: 3, active: false }, owner: 'bob' }))).toEqual(['z']);
      // 40 values: two `in` queries on Firestore, merged in the order and limited.
      const ranks = [5, 3, ...Array.from({ length: 38 }, (_, i) => 100 + i)];
      expect(ids(await probes.query({ where: { rank: ranks }, by: 'rank' }))).toEqual(['c', 'z', 'a']);
      expect(ids(await probes.query({ where: { rank: ranks }, by: 'rank', limit: 2 }))).toEqual(['c', 'z']);
      expect(await probes.query({ where: { rank: 42 } })).toEqual([]);
    });

    it('model store: a range query’s next page starts after its cursor, ties broken by the key', async () => {
      await putRanked();
      const page = async (cursor?: { value: number; key: string }) =>
        (await probes.query({ by: 'rank', from: 1, limit: 2, ...(cursor ? { cursor } : {}) })).map((p) => p.id);
      expect(await page()).toEqual(['b', 'c']);
      expect(await page({ value: 3, key: 'c' })).toEqual(['z', 'a']); // z at the same rank, then a
      expect(await page({ value: 5, key: 'a' })).toEqual([]);
    });

    it('model store: a transaction writes its records and its mail together, the mail once per key', async () => {
      const answer = await sut.transaction(async (tx) => {
        expect(await tx.get(PROBE_MODEL, 't1')).toBeNull();
        tx.put(PROBE_MODEL, probe('t1', 1), 'ann');
        tx.mail(mail('probe:t1'), NOW);
        return 'written';
      });
      expect(answer).toBe('written');
      expect(await probes.get('t1', 'ann')).toEqual(probe('t1', 1));
      expect(await sut.mailKeys()).toEqual(['probe:t1']);
      // The same key again is not a second message; the record is replaced.
      await sut.transaction(async (tx) => {
        const read = await tx.get(PROBE_MODEL, 't1');
        tx.put(PROBE_MODEL, { ...read!, rank: 2 }, 'ann');
        tx.mail(mail('probe:t1', 'someone@example.com'), NOW);
      });
      expect(await probes.get('t1', 'ann')).toMatchObject({ rank: 2 });
      expect(await sut.mailKeys()).toEqual(['probe:t1']);
      // A decision that fails after asking for writes writes nothing, mail included.
      await expect(
        sut.transaction(async (tx) => {
          tx.put(PROBE_MODEL, probe('t2', 1), 'ann');
          tx.mail(mail('probe:t2'), NOW);
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await probes.get('t2', 'ann')).toBeNull();
      expect(await sut.mailKeys()).toEqual(['probe:t1']);
    });

    it('model store: a transaction queries in its reads and removes with its writes', async () => {
      await putRanked();
      const removed = await sut.transaction(async (tx) => {
        const head = await tx.query(PROBE_MODEL, { where: { rank: 3 }, limit: 1 });
        for (const p of head) tx.remove(PROBE_MODEL, p.id);
        tx.remove(PROBE_MODEL, 'never-there'); // nothing to delete: nothing happens
        return head.map((p) => p.id);
      });
      expect(removed).toEqual(['c']);
      expect((await probes.query({ by: 'rank' })).map((p) => p.id)).toEqual(['b', 'z', 'a']);
    });

    it('model store: a partial model updates its fields in place, never creates or deletes a record', async () => {
      const view = sut.stores(PROBE_VIEW_MODEL);
      const full = probe('v1', 2, { note: 'kept', tags: ['x'] });
      await put('ann', full);
      expect(await view.get('v1')).toEqual({ id: 'v1', rank: 2, active: true });
      expect(await view.update('v1', (v) => v && { ...v, rank: 7, active: false })).toEqual({
        id: 'v1',
        rank: 7,
        active: false,
      });
      // The fields it does not name, and the owner, are the record's still.
      expect(await probes.get('v1', 'ann')).toEqual({ ...full, rank: 7, active: false });
      await expect(view.update('v2', () => ({ id: 'v2', rank: 1, active: true }))).rejects.toThrow(/never created/);
      await expect(view.update('v1', () => null)).rejects.toThrow(/never deleted/);
      expect(await view.get('v2')).toBeNull();
      expect(await probes.get('v1', 'ann')).toMatchObject({ rank: 7 });
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
