import type { CatalogFacets, Product, ProductPage } from '@domain';
import { catalogViewFromSearch, type CatalogView } from '@domain/catalogQuery';
import { paths } from '@domain/routes';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { takeInlineData } from '@/lib/inlineData';
import { productKeys } from '@/lib/productKeys';
import { shop } from '@/lib/shop';

export interface NoResultsHelp {
  /** Categories of the whole catalogue, most products first. */
  categories: CatalogFacets['categories'];
  top: Product[];
}

export interface CatalogData {
  keyword: string;
  page: number;
  /** The filters and sort of the URL (the category from the path on /category/:category). */
  view: CatalogView;
  /** The answer the server put in the page (first load: shown at once), else a fetch not awaited: the page renders
   *  at once and shows a placeholder where the data will be. */
  products: ProductPage | Promise<ProductPage>;
  facets: CatalogFacets | Promise<CatalogFacets>;
  top: Product[] | Promise<Product[]> | null;
  /** What the no-results page suggests, read only when nothing matched. */
  help: Promise<NoResultsHelp | null>;
}

const handled = <T>(p: Promise<T>) => {
  p.catch(() => undefined); // rejections are shown by <Await>; never "unhandled" when the user navigates away
  return p;
};

/** /, /page/:pageNumber, /search/:keyword(/page/:pageNumber), /category/:category(/page/:pageNumber), with the filters
 *  and sort of the URL query: one page of products, the filter bar's counts and, on home, the top rated. A category
 *  page's segment is the category's slug: an old slug (renamed, merged) or a name moves to the slug. */
export function catalogLoader(args: LoaderFunctionArgs): CatalogData | Promise<CatalogData> {
  const segment = args.params.category;
  if (segment === undefined) return loadCatalog(args);
  return shop.catalog.category(segment, args.request.signal).then(
    ({ entry, redirect: moved }) => {
      if (!moved) return loadCatalog(args, entry.name);
      const page = Number.parseInt(args.params.pageNumber ?? '1', 10) || 1;
      throw redirect(paths.category.href(entry.slug, page) + new URL(args.request.url).search);
    },
    () => loadCatalog(args, segment), // no such category: the page says nothing matched
  );
}

function loadCatalog({ params, request }: LoaderFunctionArgs, category?: string): CatalogData {
  const keyword = params.keyword ?? '';
  const page = Math.max(1, Number.parseInt(params.pageNumber ?? '1', 10) || 1);
  const view = catalogViewFromSearch(new URL(request.url).searchParams, category, keyword);
  const withTop = !keyword && params.category === undefined; // the spec's carousel: home without a keyword
  const products =
    takeInlineData<ProductPage>(productKeys.list({ keyword, pageNumber: page, view })) ??
    handled(shop.catalog.page({ keyword, pageNumber: page, view }, request.signal));
  const top = withTop
    ? (takeInlineData<Product[]>(productKeys.top()) ?? handled(shop.catalog.top(request.signal)))
    : null;
  return {
    keyword,
    page,
    view,
    products,
    facets:
      takeInlineData<CatalogFacets>(productKeys.facets({ keyword, view })) ??
      handled(shop.catalog.facets({ keyword, view }, request.signal)),
    top,
    help: handled(
      Promise.resolve(products).then(async (found) => {
        if (found.pages > 0) return null;
        const [all, best] = await Promise.all([
          shop.catalog.facets({}, request.signal),
          top ?? shop.catalog.top(request.signal),
        ]);
        return { categories: all.categories, top: best };
      }),
    ),
  };
}
