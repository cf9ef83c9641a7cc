import { useLiveProductPage } from '@/lib/live/useLiveProductPage';
import type { ProductPage } from '@domain';
import { isFiltered } from '@domain/catalogQuery';
import { lazy, Suspense } from 'react';
import { Await, Link, useAsyncError, useLoaderData } from 'react-router-dom';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { Paginate } from '@/components/ui/Paginate';
import { paths } from '@domain/routes';
import { errorMessage } from '@/lib/api';
import { shop } from '@/lib/shop';
import { useLiveCatalogPage } from '../api/useLiveCatalog';
import { CarouselPoster } from '../components/CarouselPoster';
import { CatalogNotices } from '../components/CatalogNotices';
import { catalogHref } from '../catalogUrl';
import { CatalogFilters } from '../components/CatalogFilters';
import { ProductCard } from '../components/ProductCard';
import { PRODUCT_GRID_CLASS } from '../components/productGrid';
import { ProductGridSkeleton } from '../components/Skeletons';
import { Slice } from '@/lib/firstRender';
import type { CatalogData } from './catalogLoader';

// The carousel (and its slide transitions) is its own chunk, loaded in parallel with the products.
const ProductCarousel = lazy(() => import('../components/ProductCarousel'));
// Only a search or filter that finds nothing shows it: its own chunk keeps it off every other first paint.
const NoResults = lazy(() => import('../components/NoResults').then((m) => ({ default: m.NoResults })));

function LoadError() {
  return <Message variant="danger">{errorMessage(useAsyncError())}</Message>;
}

function ProductGrid({ data: loaded, catalog }: { data: ProductPage; catalog: CatalogData }) {
  const { keyword, view, help } = catalog;
  // The page's query followed where the client can (Firestore), else each card's stock, price and rating (SSE).
  const data = useLiveProductPage(useLiveCatalogPage(loaded, keyword, view), { off: shop.catalog.followsQueries });
  if (data.products.length === 0) {
    if (data.page > 1 && data.pages > 0) {
      // Past the last page (an old link, a hand-typed URL): say where the list ends.
      return (
        <Message variant="info">
          Page {data.page} of {data.pages} — <Link to={catalogHref({ keyword, view })}>go to page 1</Link>
        </Message>
      );
    }
    if (keyword || isFiltered(view))
      return (
        <Suspense fallback={null}>
          <NoResults keyword={keyword} view={view} help={help} didYouMean={data.didYouMean} />
        </Suspense>
      );
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
      {data.total !== undefined && <p className="text-muted">{data.total} found</p>}
      <CatalogNotices data={data} />
      <ul className={PRODUCT_GRID_CLASS} aria-label="Products">
        {data.products.map((product, i) => (
          <li key={product._id} className="col">
            {/* The first card's image is the largest paint on phones, unless the carousel is above it (its
                first slide is then, preloaded by the page): fetched first. */}
            <Slice>
              <ProductCard product={product} eager={i < 4} priority={i === 0 && !catalog.top} />
            </Slice>
          </li>
        ))}
      </ul>
      <Paginate
        pages={data.pages}
        page={data.page}
        keyword={keyword}
        hrefFor={(n) => catalogHref({ keyword, page: n, view })}
      />
    </>
  );
}

/** /, /page/:pageNumber, /search/:keyword(/page/:pageNumber) and /category/:category(/page/:pageNumber), with the
 *  filters and sort of the URL query (data from catalogLoader). */
export function CatalogPage() {
  const catalog = useLoaderData() as CatalogData;
  const { keyword, view, page, products, top, facets } = catalog;
  const category = keyword ? undefined : view.category;
  return (
    <>
      <Meta title={keyword ? `Search: ${keyword}` : category} />
      {top ? (
        <Suspense fallback={<div className="carousel-placeholder mb-4" aria-hidden="true" />}>
          <Await resolve={top} errorElement={<LoadError />}>
            {(list) => (
              <Suspense fallback={<CarouselPoster product={list[0]} />}>
                <ProductCarousel products={list} />
              </Suspense>
            )}
          </Await>
        </Suspense>
      ) : category !== undefined ? (
        <nav aria-label="Breadcrumb" className="mb-2">
          <ol className="breadcrumb mb-0">
            <li className="breadcrumb-item">
              <Link to={paths.home.href()}>Home</Link>
            </li>
            <li className="breadcrumb-item active" aria-current="page">
              {category}
            </li>
          </ol>
        </nav>
      ) : (
        <Link to={paths.home.href()} className="btn btn-light mb-3">
          Go Back
        </Link>
      )}
      <h1 className="section-title">{keyword ? `Results for “${keyword}”` : (category ?? 'Latest Products')}</h1>
      <Slice>
        <CatalogFilters keyword={keyword} view={view} facets={facets} />
      </Slice>
      {/* Keyed by the page shown: another page, search or filter shows the skeleton at once, not the old cards. */}
      <Suspense key={`${keyword}/${page}/${JSON.stringify(view)}`} fallback={<ProductGridSkeleton />}>
        <Await resolve={products} errorElement={<LoadError />}>
          {(data) => <ProductGrid data={data} catalog={catalog} />}
        </Await>
      </Suspense>
    </>
  );
}
