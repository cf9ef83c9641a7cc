// What a search or filter that matched nothing shows: why, what to try, and ways on (popular categories, top products).
import type { CatalogView } from '@domain/catalogQuery';
import { Suspense } from 'react';
import { Await, Link } from 'react-router-dom';
import { paths } from '@domain/routes';
import { catalogHref, hasFilters, withoutFilters } from '../catalogUrl';
import type { NoResultsHelp } from '../routes/catalogLoader';
import { ProductCard } from './ProductCard';

const POPULAR_CATEGORIES = 6;

/** Ways on from an empty answer: the popular categories and the top products (each when there are any). */
function WaysOn({ help }: { help: NoResultsHelp }) {
  return (
    <>
      {help.categories.length > 0 && (
        <>
          <h3 className="h5 mt-4">Popular categories</h3>
          <ul className="list-unstyled d-flex flex-wrap gap-2" aria-label="Popular categories">
            {help.categories.slice(0, POPULAR_CATEGORIES).map((c) => (
              <li key={c.value}>
                <Link className="btn btn-light btn-sm border" to={paths.category.href(c.value)}>
                  {c.value}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {help.top.length > 0 && (
        <>
          <h3 className="h5 mt-4">Top products</h3>
          <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled" aria-label="Top products">
            {help.top.map((product) => (
              <li key={product._id} className="col">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

export function NoResults({
  keyword,
  view,
  help,
  didYouMean,
}: {
  keyword: string;
  view: CatalogView;
  help: Promise<NoResultsHelp | null>;
  /** The search corrected (a misspelt word), when that finds products. */
  didYouMean?: string;
}) {
  const filtered = hasFilters(keyword, view);
  return (
    <section className="no-results py-3" aria-labelledby="no-results-title" data-testid="no-results">
      <h2 id="no-results-title" className="h4">
        No products found
      </h2>
      {didYouMean && (
        <p className="lead" data-testid="did-you-mean">
          Did you mean <Link to={catalogHref({ keyword: didYouMean, view })}>{didYouMean}</Link>?
        </p>
      )}
      <p>
        {keyword ? `No products match “${keyword}”.` : 'No products match these filters.'}
        {keyword && filtered ? ' (with the filters you chose)' : ''}
      </p>
      <ul className="no-results-tips">
        {keyword && <li>Check the spelling, or try a shorter or more general word.</li>}
        {filtered && (
          <li>
            Try fewer filters:{' '}
            <Link to={catalogHref({ keyword, view: withoutFilters(keyword, view) })}>clear all filters</Link>.
          </li>
        )}
        <li>
          Browse <Link to={paths.home.href()}>all products</Link>.
        </li>
      </ul>
      <Suspense fallback={null}>
        <Await resolve={help} errorElement={<></>}>
          {(found: NoResultsHelp | null) => found && <WaysOn help={found} />}
        </Await>
      </Suspense>
    </section>
  );
}
