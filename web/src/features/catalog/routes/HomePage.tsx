import { useLiveProductPage } from '@/lib/live/hooks';
import type { ProductPage } from '@domain';
import { lazy, Suspense } from 'react';
import { Await, Link, useAsyncError, useLoaderData } from 'react-router-dom';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { Paginate } from '@/components/ui/Paginate';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';
import { ProductCard } from '../components/ProductCard';
import type { HomeData } from './homeLoader';

// The carousel (and its slide transitions) is its own chunk, loaded in parallel with the products.
const ProductCarousel = lazy(() => import('../components/ProductCarousel'));

function LoadError() {
  return <Message variant="danger">{errorMessage(useAsyncError())}</Message>;
}

function ProductGrid({ data: loaded, keyword }: { data: ProductPage; keyword: string }) {
  const data = useLiveProductPage(loaded);
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
      <ul className="row row-cols-1 row-cols-sm-2 row-cols-md-3 row-cols-lg-4 g-4 list-unstyled" aria-label="Products">
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
  const { keyword, products, top } = useLoaderData() as HomeData;
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
      <Suspense fallback={<Loader label="Loading products" fill={!keyword} />}>
        <Await resolve={products} errorElement={<LoadError />}>
          {(data) => <ProductGrid data={data} keyword={keyword} />}
        </Await>
      </Suspense>
    </>
  );
}
