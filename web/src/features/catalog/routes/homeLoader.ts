import type { Product, ProductPage } from '@domain';
import { catalogKeys } from '@domain/inlineData';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { takeInlineData } from '@/lib/inlineData';
import { getProducts } from '../api/getProducts';
import { getTopProducts } from '../api/getTopProducts';

export interface HomeData {
  keyword: string;
  page: number;
  /** The answer the server put in the page (first load: shown at once), else a fetch not awaited: the page renders
   *  at once and shows a spinner where the data will be. */
  products: ProductPage | Promise<ProductPage>;
  top: Product[] | Promise<Product[]> | null;
}

const handled = <T>(p: Promise<T>) => {
  p.catch(() => undefined); // rejections are shown by <Await>; never "unhandled" when the user navigates away
  return p;
};

/** /, /page/:pageNumber, /search/:keyword(/page/:pageNumber): one page of products and, without a keyword, the top rated. */
export function homeLoader({ params, request }: LoaderFunctionArgs): HomeData {
  const keyword = params.keyword ?? '';
  const page = Math.max(1, Number.parseInt(params.pageNumber ?? '1', 10) || 1);
  return {
    keyword,
    page,
    products:
      takeInlineData<ProductPage>(catalogKeys.list(keyword, page)) ??
      handled(getProducts({ keyword, pageNumber: page }, request.signal)),
    top: keyword ? null : (takeInlineData<Product[]>(catalogKeys.top()) ?? handled(getTopProducts(request.signal))),
  };
}
