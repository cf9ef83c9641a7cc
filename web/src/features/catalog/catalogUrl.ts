// Where a catalogue view lives: the spec's path forms (/, /page/N, /search/kw(/page/N)) and /category/c(/page/N),
// with the filters and the sort in the URL query (domain catalogSearchParams), so links, back and forward work.
import { catalogSearchParams, type CatalogView } from '@domain/catalogQuery';
import { paths } from '@/config/paths';

export interface CatalogLocation {
  keyword?: string;
  page?: number;
  view: Partial<CatalogView>;
}

/** The URL of a catalogue view. With a keyword the category is a query parameter (search within a category). */
export function catalogHref({ keyword = '', page = 1, view }: CatalogLocation): string {
  const { category, ...rest } = view;
  let path: string;
  let query: URLSearchParams;
  if (keyword) {
    path = paths.search.href(keyword, page);
    query = catalogSearchParams(view);
  } else if (category) {
    path = paths.category.href(category, page);
    query = catalogSearchParams(rest);
  } else {
    path = page > 1 ? paths.page.href(page) : paths.home.href();
    query = catalogSearchParams(rest);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The view with its filters cleared: the sort stays, and so does the category of a category page (no keyword:
 *  the category is the page itself, in its path). */
export function withoutFilters(keyword: string, view: Partial<CatalogView>): Partial<CatalogView> {
  return { sort: view.sort, category: keyword ? undefined : view.category };
}

/** Whether the shopper narrowed the page beyond what it is (on a category page: a brand or a price). */
export function hasFilters(keyword: string, view: Partial<CatalogView>): boolean {
  return catalogSearchParams({ ...view, sort: undefined, category: keyword ? view.category : undefined }).size > 0;
}
