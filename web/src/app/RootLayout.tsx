import { Suspense, useState } from 'react';
import { matchPath, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { Loader } from '@/components/ui/Loader';
import { paths } from '@domain/routes';
import { ProductPageSkeleton } from '@/features/catalog/components/Skeletons';
import { LazyShopExtras } from '@/features/catalog/compare/lazyCompare';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { Slice } from '@/lib/firstRender';

/**
 * Header, the page (with its own error boundary, see router.tsx) and footer. Pages set their own title with
 * <Meta>; without one, index.html's default title, description and keywords apply.
 *
 * `hydrating`: while the first page's code loads (the router's hydration fallback, e.g. a product page opened
 * directly), the same header and footer around a spinner a screen high, so the shop shows at once. Being the same
 * component, the header stays in place when the page arrives; the main area and footer are new then (`key`), as
 * the page replaces the spinner (the footer, kept below the screen by the spinner, then shows under a short page).
 */
/** While the first page's code loads: the product page's skeleton for a product, else a spinner. The skeleton shows
 *  the page's largest paint, the gallery's first picture, where the server's HTML announces it (features/pages
 *  productHead: `<link rel=preload as=image>`, already fetched), so it paints with the layout, not after the page's
 *  code. */
function HydratingPlaceholder() {
  const { pathname } = useLocation();
  const [image] = useState(
    () => document.querySelector('link[rel=preload][as=image]')?.getAttribute('href') ?? undefined,
  );
  return matchPath(paths.product.path, pathname) ? <ProductPageSkeleton withTopbar image={image} /> : <Loader fill />;
}

export function RootLayout({ hydrating = false }: { hydrating?: boolean }) {
  const navigation = useNavigation();
  const phase = hydrating ? 'hydrating' : 'ready';
  return (
    <div className="d-flex flex-column min-vh-100">
      {navigation.state !== 'idle' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <Slice>
        <Header />
      </Slice>
      <main key={`main-${phase}`} id="main" className="py-4 flex-grow-1" tabIndex={-1}>
        <div className="container">
          <Slice>{hydrating ? <HydratingPlaceholder /> : <Outlet />}</Slice>
          {/* Issue 41: the compare tray, and the home page's "Recently viewed" (lazy) */}
          <Suspense>{!hydrating && <LazyShopExtras />}</Suspense>
        </div>
      </main>
      <Slice key={`footer-${phase}`}>
        <Footer />
      </Slice>
      <ScrollRestoration />
    </div>
  );
}
