// The documents of products/{id} and drafts/{id} as a save writes them (the ProductStore's, store/products.ts).
import { searchKey, type ProductUpdateInput } from '../../../domain/index.js';
import { editedDocFields } from '../../../firestore/schema.js';
import { searchKeysOf } from '../../../firestore/searchIndex.js';
import type { DraftDoc, ProductDoc } from './mapping.js';

/** The fields an admin's save writes, with the search keys made from them. */
export function editedProductDoc(input: ProductUpdateInput) {
  const nameKey = searchKey(input.name);
  const { brand, category, description } = input;
  return {
    ...editedDocFields(input),
    nameKey,
    searchKeys: searchKeysOf({ nameKey, brand, category, description }),
  };
}

/** A new product's document, unreviewed. Products are public (firestore.rules): no admin uid in them. `slug`: the
 *  one its save claimed (store/slugs.ts); none for a draft, which answers a provisional one until published. */
export function newProductDoc(input: ProductUpdateInput, now: string, slug = ''): ProductDoc {
  return {
    slug,
    specs: [],
    images: [],
    accessories: [],
    ...editedProductDoc(input),
    // Issue 40: its variants' (store/variants.ts) replace it when it has some.
    lowestStock: input.countInStock,
    ratingSum: 0,
    numReviews: 0,
    rating: 0,
    createdAt: now,
    updatedAt: now,
  };
}

/** A new draft's document: the product's, and who created it (drafts are server only). */
export const newDraftDoc = (input: ProductUpdateInput, ownerId: string, now: string): DraftDoc => ({
  ...newProductDoc(input, now),
  user: ownerId,
});

/** The public document a draft becomes: everything but its creator. */
export function publishedDoc(draft: DraftDoc | ProductDoc): ProductDoc {
  const { user: _creator, ...product } = draft as DraftDoc;
  return product;
}
