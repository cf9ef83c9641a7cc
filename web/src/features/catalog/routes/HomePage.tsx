import type { ProductPage } from '@domain';
import { lazy, Suspense } from 'react';
import { Await, Link, useAsyncError, useLoaderData } from 'react-router-dom';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { Paginate } from '@/components/ui/Paginate';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';
import { useLiveCatalogPage } from '../api/useLiveCatalog';
import { CatalogNotices } from '../components/CatalogNotices';
import { ProductCard } from '../components/ProductCard';
import { PRODUCT_GRID_CLASS } from '../components/productGrid';
import { ProductGridSkeleton } from '../components/Skeletons';
import type { HomeData } from './homeLoader';

// The carousel (and its slide transitions) is its own chunk, loaded in parallel with the products.
const ProductCarousel = lazy(() => import('../components/ProductCarousel'));

function LoadError() {
  return <Message variant="danger">{errorMessage(useAsyncError())}</Message>;
}

function ProductGrid({ data: loaded, keyword }: { data: ProductPage; keyword: string }) {
  const data = useLiveCatalogPage(loaded, keyword);
  if (data.products.length === 0) {
    if (keyword) return <Message variant="info">No products match “{keyword}”.</Message>;
    if (data.page > 1) {
      return (
        <Message variant="info">
          There is no page {data.page}. <Link to={paths.home.href()}>See the first page</Link>
        </Message>
      );
    }
    return <Message variant="info">No products yet.</Message>;
  }
  return (
    <>
      <CatalogNotices data={data} />
      <ul className={PRODUCT_GRID_CLASS} aria-label="Products">
        {data.products.map((product, i) => (
          <li key={product._id} className="col">
            {/* The first card's image is the largest paint on phones: fetched first. */}
            <ProductCard product={product} eager={i < 4} priority={i === 0} />
          </li>
        ))}
      </ul>
      <Paginate pages={data.pages} page={data.page} keyword={keyword} />
    </>
  );
}

/** /, /page/:pageNumber, /search/:keyword and /search/:keyword/page/:pageNumber (data from homeLoader). */
export function HomePage() {
  const { keyword, page, products, top } = useLoaderData() as HomeData;
  return (
    <>
      <Meta title={keyword ? `Search: ${keyword}` : undefined} />
      {top ? (
        <Suspense fallback={<div className="carousel-placeholder mb-4" aria-hidden="true" />}>
          <Await resolve={top} errorElement={<LoadError />}>
            {(list) => <ProductCarousel products={list} />}
          </Await>
        </Suspense>
      ) : (
        <Link to={paths.home.href()} className="btn btn-light mb-3">
          Go Back
        </Link>
      )}
      <h1 className="section-title">Latest Products</h1>
      {keyword && (
        <p className="text-muted" data-testid="search-summary">
          Results for “{keyword}”
        </p>
      )}
      {/* Keyed by the page shown: another page or search shows the skeleton at once, not the old cards. */}
      <Suspense key={`${keyword}/${page}`} fallback={<ProductGridSkeleton />}>
        <Await resolve={products} errorElement={<LoadError />}>
          {(data) => <ProductGrid data={data} keyword={keyword} />}
        </Await>
      </Suspense>
    </>
  );
}
