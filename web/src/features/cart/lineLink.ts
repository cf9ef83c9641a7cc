// A cart or order line's link to its product page, on its variant (issue 29: the page keeps the choice in ?variant=).
import { paths } from '@domain/routes';

export const productLink = (line: { product: string; variant?: string }) =>
  `${paths.product.href(line.product)}${line.variant ? `?variant=${encodeURIComponent(line.variant)}` : ''}`;
