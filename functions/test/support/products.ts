// Product fields the tests create products with.
import type { ProductUpdateInput } from '../../src/domain/index.js';

/** A test product's fields: `name`, the sample image, brand B, category C, description D; price 10 and stock 100
 *  unless `over` says otherwise. */
export const productInput = (name: string, over: Partial<ProductUpdateInput> = {}): ProductUpdateInput => ({
  name,
  price: 10,
  image: '/images/sample.svg',
  brand: 'B',
  category: 'C',
  description: 'D',
  countInStock: 100,
  ...over,
});
