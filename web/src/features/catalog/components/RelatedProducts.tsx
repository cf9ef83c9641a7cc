// Issue 40: the product page's "Related" row (lazy: its own chunk, loaded after the page). The candidates are the
// first catalogue page of the product's category and of its brand (the shop client's reads, so both backends and
// the category page's cache serve them); @domain/related ranks them. Nothing while loading, on an error or with none.
import type { Product } from '@domain';
import { relatedProducts } from '@domain/related';
import { useQueries } from '@tanstack/react-query';
import { productKeys } from '@/lib/queryKeys';
import { getProducts } from '../api/getProducts';
import { ProductCardRow } from './ProductCardRow';

type Subject = Pick<Product, '_id' | 'category' | 'brand'>;

export function RelatedProducts({ product }: { product: Subject }) {
  const views = [{ category: product.category }, { brand: product.brand }].filter(
    (view) => Object.values(view)[0] !== '',
  );
  const pages = useQueries({
    queries: views.map((view) => ({
      queryKey: productKeys.list({ view }),
      queryFn: ({ signal }: { signal: AbortSignal }) => getProducts({ view }, signal),
      staleTime: 60_000,
    })),
  });
  if (pages.some((page) => page.isPending)) return null;
  const candidates = pages.flatMap((page) => page.data?.products ?? []);
  const related = relatedProducts(product, candidates);
  if (related.length === 0) return null;
  return <ProductCardRow title="Related" titleId="related-title" testId="related-products" products={related} />;
}
