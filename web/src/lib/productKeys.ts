// The products' TanStack Query keys (re-exported by queryKeys.ts), apart from the other groups: the catalogue's
// loader is in the home page's first bundle, and a module shared with the lazy screens would bring all of them.
import { catalogSearchParams, type CatalogView } from '@domain/catalogQuery';
import { catalogKeys } from '@domain/inlineData';

export interface ProductListParams {
  keyword?: string;
  pageNumber?: number;
  /** Filters and sort (the URL query of the page); none: the plain list. */
  view?: Partial<CatalogView>;
}

export const productKeys = {
  all: ['products'] as const,
  // The catalogue's keys are the domain's (catalogKeys): the server inlines the first answers under them.
  list: ({ keyword = '', pageNumber = 1, view = {} }: ProductListParams) =>
    catalogKeys.list(keyword, pageNumber, catalogSearchParams(view, keyword).toString()),
  facets: ({ keyword = '', view = {} }: Omit<ProductListParams, 'pageNumber'>) =>
    catalogKeys.facets(keyword, catalogSearchParams(view, keyword).toString()),
  detail: catalogKeys.detail,
  /** A product without its reviews (the cart's lines). */
  alone: (id: string) => [...productKeys.all, 'alone', id] as const,
  top: catalogKeys.top,
};
