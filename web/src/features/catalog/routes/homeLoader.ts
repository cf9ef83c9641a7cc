import type { Product, ProductPage } from '@domain';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getProducts } from '../api/getProducts';
import { getTopProducts } from '../api/getTopProducts';

export interface HomeData {
  keyword: string;
  page: number;
  /** Not awaited: the page renders at once and shows a spinner where the data will be. */
  products: Promise<ProductPage>;
  top: Promise<Product[]> | null;
}

const handled = <T,>(p: Promise<T>) => {
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
    products: handled(getProducts({ keyword, pageNumber: page }, request.signal)),
    top: keyword ? null : handled(getTopProducts(request.signal)),
  };
}
