import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@domain/routes';

/** The friendly 404 page for unknown routes. */
export function NotFoundPage() {
  return (
    <section className="text-center py-5">
      <Meta title="Page not found" />
      <p className="display-1 fw-bold text-secondary mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="h3">Page not found</h1>
      <p className="text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home.href()} className="btn btn-primary">
        Back to the shop
      </Link>
    </section>
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message)) {
    return 'A new version of the shop is available. Please reload the page.';
  }
  return 'An unexpected error happened while showing this page.';
}

/** Error boundary of the pages: keeps header and footer, offers a way out. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="text-center py-5" role="alert">
      <Meta title="Something went wrong" />
      <h1 className="h3">Something went wrong</h1>
      <p className="text-muted">{describe(error)}</p>
      <button type="button" className="btn btn-primary me-2" onClick={() => window.location.reload()}>
        Reload
      </button>
      <Link to={paths.home.href()} className="btn btn-outline-secondary">
        Home
      </Link>
    </section>
  );
}

/** Last-resort boundary when the layout itself fails: plain page, no header. */
export function RootError() {
  const error = useRouteError();
  return (
    <main className="container py-5 text-center" role="alert">
      <h1 className="h3">Voltshop could not load</h1>
      <p className="text-muted">{describe(error)}</p>
      <a href="/" className="btn btn-primary">
        Reload the shop
      </a>
    </main>
  );
}
