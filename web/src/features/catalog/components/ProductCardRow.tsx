// The product page's rows of small product cards ("Works with", "Related", "Recently viewed", issue 40 and 41):
// one titled list of links, each with the picture, name and price (compare.css .recently-viewed).
import type { Product } from '@domain';
import { paths } from '@domain/routes';
import { Link } from 'react-router-dom';
import { ProductImage } from '@/components/ui/ProductImage';
import { formatPrice } from '@/lib/format';
import '../compare/compare.css';

/** A card links by the product's readable address when it is known (recently viewed entries saved before slugs lack it). */
export type CardProduct = Pick<Product, '_id' | 'name' | 'image' | 'price'> & { slug?: string };

export function ProductCardRow({
  title,
  titleId,
  testId,
  products,
}: {
  title: string;
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  testId: string;
  products: readonly CardProduct[];
}) {
  return (
    <section className="recently-viewed" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} className="section-title">
        {title}
      </h2>
      <ul className="recently-viewed-list list-unstyled">
        {products.map((p) => (
          <li key={p._id} className="recently-viewed-item">
            <Link to={paths.product.href(p.slug || p._id)} className="recently-viewed-link">
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
