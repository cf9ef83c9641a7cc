// Issue 41: "Recently viewed", a row of the products this browser viewed last (recentlyViewed.ts), on the product
// page (without the product shown) and the home page (lazily, in the compareUi chunk). Nothing when there are none.
import { useState } from 'react';
import { ProductCardRow } from '../components/ProductCardRow';
import { recentlyViewed } from './recentlyViewed';

export function RecentlyViewed({ without }: { without?: string }) {
  // Read once when shown: the product page records its product after this list is read, so it never lists itself.
  const [products] = useState(() => recentlyViewed().filter((p) => p._id !== without));
  if (products.length === 0) return null;
  return (
    <ProductCardRow
      title="Recently viewed"
      titleId="recently-viewed-title"
      testId="recently-viewed"
      products={products}
    />
  );
}
