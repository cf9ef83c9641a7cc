// Where a catalogue view lives: its path from the route table (domain/routes.ts catalogPath), with the filters and
// the sort in the URL query (domain catalogSearchParams), so links, back and forward work.
import { catalogSearchParams, type CatalogView } from '@domain/catalogQuery';
import { catalogPath } from '@domain/routes';

export interface CatalogLocation {
  keyword?: string;
  page?: number;
  view: Partial<CatalogView>;
}

/** The URL of a catalogue view. With a keyword the category is a query parameter (search within a category). */
export function catalogHref({ keyword = '', page = 1, view }: CatalogLocation): string {
  const { category, ...rest } = view;
  const path = catalogPath({ keyword, category, page });
  const search = catalogSearchParams(keyword ? view : rest, keyword).toString();
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
