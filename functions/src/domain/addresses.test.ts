import { describe, expect, it } from 'vitest';
import {
  addAddress,
  addressKey,
  applyBookChange,
  addressLines,
  editAddress,
  MAX_SAVED_ADDRESSES,
  rememberAddress,
  sortAddressBook,
  type SavedAddress,
} from './addresses.js';

const now = new Date('2026-03-01T10:00:00.000Z');
const home = {
  recipientName: 'Ada Lovelace',
  phone: '+44 20 7946 0000',
  address: '12 Crane St',
  city: 'London',
  postalCode: 'SW1A 1AA',
  country: 'GB',
};
const saved = (i: number, lastUsedAt: string | null = null): SavedAddress => ({
  ...home,
  address: `${i} Crane St`,
  _id: `a${i}`,
  createdAt: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`,
  updatedAt: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`,
  lastUsedAt,
});

describe('addresses', () => {
  it('shows an address as lines, the country by name; an older one without a recipient too', () => {
    expect(addressLines(home)).toEqual(['Ada Lovelace', '12 Crane St', 'London SW1A 1AA', 'United Kingdom']);
    expect(addressLines({ address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' })).toEqual([
      '1 Main St',
      'Springfield 12345',
      'United States',
    ]);
    // A country typed before the list stays as typed.
    expect(addressLines({ address: 'a', city: 'b', postalCode: 'c', country: 'Narnia' })[2]).toBe('Narnia');
  });

  it('one place whatever the case, spacing, phone punctuation or the spelling of the country', () => {
    expect(addressKey({ ...home, city: ' LONDON ', postalCode: 'sw1a1aa', country: 'United Kingdom' })).toBe(
      addressKey(home),
    );
    expect(addressKey({ ...home, phone: '+44 (20) 7946-0000' })).toBe(addressKey(home));
    expect(addressKey({ ...home, address: '13 Crane St' })).not.toBe(addressKey(home));
    expect(addressKey({ ...home, recipientName: 'Someone Else' })).not.toBe(addressKey(home));
  });

  it('refuses a duplicate and a full book; an edit keeps the id, creation and last use', () => {
    const book = [saved(0, '2026-02-01T00:00:00.000Z')];
    expect(() => addAddress(book, { ...book[0] }, 'x', now)).toThrow('This address is already saved');
    const full = Array.from({ length: MAX_SAVED_ADDRESSES }, (_, i) => saved(i));
    expect(() => addAddress(full, { ...home, address: 'New St' }, 'x', now)).toThrow(/At most 10/);
    const { put } = editAddress(book, 'a0', { ...home, address: 'Edited St' }, now);
    expect(put).toMatchObject({
      _id: 'a0',
      address: 'Edited St',
      createdAt: book[0].createdAt,
      lastUsedAt: '2026-02-01T00:00:00.000Z',
      updatedAt: now.toISOString(),
    });
    expect(() => editAddress(book, 'nope', home, now)).toThrow('Address not found');
    expect(() => editAddress([...book, saved(1)], 'a1', { ...book[0] }, now)).toThrow('This address is already saved');
  });

  it("an order's address: the saved one marked last used, else saved; a full book drops the stalest", () => {
    const book = [saved(0, '2026-02-01T00:00:00.000Z'), saved(1)];
    expect(rememberAddress(book, { ...book[1] }, 'x', now)).toEqual({
      put: { ...book[1], lastUsedAt: now.toISOString() },
      remove: [],
    });
    const full = Array.from({ length: MAX_SAVED_ADDRESSES }, (_, i) =>
      saved(i, i === 0 ? null : '2026-02-01T00:00:00.000Z'),
    );
    const change = rememberAddress(full, { ...home, address: 'New St' }, 'new', now);
    expect(change.remove).toEqual(['a0']); // never used, the oldest
    expect(change.put).toMatchObject({ _id: 'new', address: 'New St', lastUsedAt: now.toISOString() });
    // Without a recipient or phone (the original clients), nothing of them is stored.
    const bare = rememberAddress([], { address: '1 Main St', city: 'X', postalCode: '12345', country: 'US' }, 'b', now);
    expect(Object.keys(bare.put!)).not.toContain('recipientName');
  });

  it('a book after a change: the put replaces its id or is added, the removed ones are gone, the rest kept', () => {
    const book = [saved(0), saved(1), saved(2)];
    const used = { ...book[1]!, lastUsedAt: now.toISOString() };
    expect(applyBookChange(book, { put: used, remove: [] })).toEqual([book[0], book[2], used]);
    const added = saved(3);
    expect(applyBookChange(book, { put: added, remove: ['a0'] })).toEqual([book[1], book[2], added]);
    expect(applyBookChange(book, { put: null, remove: ['a2'] })).toEqual([book[0], book[1]]);
    // The same change applied to the result again changes nothing more (a batch keeps applying to its view).
    const once = applyBookChange(book, { put: added, remove: ['a0'] });
    expect(applyBookChange(once, { put: added, remove: ['a0'] })).toEqual(once);
  });

  it('lists the last used first, then the newest', () => {
    const book = [saved(0), saved(1, '2026-02-01T00:00:00.000Z'), saved(2)];
    expect(sortAddressBook(book).map((a) => a._id)).toEqual(['a1', 'a2', 'a0']);
  });
});
