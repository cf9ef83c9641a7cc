import { describe, expect, it } from 'vitest';
import { newDraftDoc, newProductDoc, publishedDoc } from './products.js';

// products/{id} is public (firestore.rules: anyone may get and list products): it must not carry the uid of the
// admin who created it. Drafts (server only) keep their creator; publishing drops it.
const input = {
  name: 'Volt Lamp',
  image: '/images/lamp.jpg',
  brand: 'Volt',
  category: 'Home',
  description: 'A lamp',
  price: 19.99,
  countInStock: 3,
};

describe('product documents', () => {
  it('a new product carries no admin uid', () => {
    const doc = newProductDoc(input, '2026-11-25T00:00:00.000Z');
    expect(doc).not.toHaveProperty('user');
    expect(JSON.stringify(doc)).not.toContain('admin-uid');
    expect(doc).toMatchObject({ name: 'Volt Lamp', priceCents: 1999, numReviews: 0 });
  });

  it('a draft keeps its creator, and loses it when published', () => {
    const draft = newDraftDoc(input, 'admin-uid', '2026-11-25T00:00:00.000Z');
    expect(draft.user).toBe('admin-uid');
    const published = publishedDoc(draft);
    expect(published).not.toHaveProperty('user');
    expect(published).toEqual(newProductDoc(input, '2026-11-25T00:00:00.000Z'));
  });
});
