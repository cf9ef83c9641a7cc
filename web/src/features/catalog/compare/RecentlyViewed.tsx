// Issue 41: "Recently viewed", a row of the products this browser viewed last (recentlyViewed.ts), on the product
// page (without the product shown) and the home page (lazily, in the compareUi chunk). Nothing when there are none.
import { paths } from '@domain/routes';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ProductImage } from '@/components/ui/ProductImage';
import { formatPrice } from '@/lib/format';
import { recentlyViewed } from './recentlyViewed';
import './compare.css';

export function RecentlyViewed({ without }: { without?: string }) {
  // Read once when shown: the product page records its product after this list is read, so it never lists itself.
  const [products] = useState(() => recentlyViewed().filter((p) => p._id !== without));
  if (products.length === 0) return null;
  return (
    <section className="recently-viewed" aria-labelledby="recently-viewed-title" data-testid="recently-viewed">
      <h2 id="recently-viewed-title" className="section-title">
        Recently viewed
      </h2>
      <ul className="recently-viewed-list list-unstyled">
        {products.map((p) => (
          <li key={p._id} className="recently-viewed-item">
            <Link to={paths.product.href(p.slug ?? p._id)} className="recently-viewed-link">
              <ProductImage src={p.image} alt="" />
              <span className="recently-viewed-name">{p.name}</span>
              <span className="fw-semibold">{formatPrice(p.price)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
