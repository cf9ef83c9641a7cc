// A cart, order or wishlist line's link to its product page, on its variant (issue 29: the page keeps the choice in ?variant=),
// at its readable address (issue 40) when the line knows it; a line without (saved before, a placed order's) links
// the id, which the product page moves to the slug in place.
import { paths } from '@domain/routes';

export const productLink = (line: { product: string; slug?: string; variant?: string | null }) =>
  `${paths.product.href(line.slug || line.product)}${line.variant ? `?variant=${encodeURIComponent(line.variant)}` : ''}`;
