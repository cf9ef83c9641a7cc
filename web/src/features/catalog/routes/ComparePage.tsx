// Issue 41: /compare?ids=a,b,c: 2-4 products side by side, their spec rows aligned by name (domain/specCompare.ts,
// computed by the API), the best value of a row marked (products of one category only), "Show differences only". On phones the table scrolls
// sideways with the spec names kept in view (compare.css).
import { MAX_COMPARED, MIN_COMPARED, type ProductComparison } from '@domain/specCompare';
import { paths } from '@domain/routes';
import { useState, type CSSProperties } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router-dom';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { ProductImage } from '@/components/ui/ProductImage';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { Rating } from '@/components/ui/Rating';
import { formatPrice } from '@/lib/format';
import { compareIdsOf, useComparison } from '../api/getComparison';
import { removeCompared } from '../compare/compareUi';

export function ComparePage() {
  const [search, setSearch] = useSearchParams();
  const ids = compareIdsOf(search.get('ids'));
  const valid = ids.length >= MIN_COMPARED && ids.length <= MAX_COMPARED;
  const comparison = useComparison(ids, valid);
  const [differencesOnly, setDifferencesOnly] = useState(false);

  // Taking a product out of the page takes it out of the tray too, and out of the shared address.
  const remove = (id: string) => {
    removeCompared(id);
    setSearch({ ids: ids.filter((other) => other !== id).join(',') }, { replace: true });
  };

  return (
    <div className="compare-page">
      <Meta title="Compare products" />
      <Breadcrumbs items={[{ label: 'Home', to: paths.home.href() }, { label: 'Compare' }]} />
      <h1 className="h3 mb-3">Compare products</h1>
      {!valid ? (
        <Message variant="info">
          {ids.length > MAX_COMPARED
            ? `You can compare up to ${MAX_COMPARED} products at once.`
            : `Choose at least ${MIN_COMPARED} products to compare: tick “Compare” on their cards or pages.`}{' '}
          <Link to={paths.home.href()}>Browse products</Link>
        </Message>
      ) : (
        <QueryBoundary query={comparison}>
          {(answer) => (
            <>
              <Meta title={`Compare ${answer.products.map((p) => p.name).join(' vs ')}`} />
              {answer.missing.length > 0 && (
                <Message variant="warning">
                  {answer.missing.length === 1
                    ? '1 product is no longer available and is not shown.'
                    : `${answer.missing.length} products are no longer available and are not shown.`}
                </Message>
              )}
              <Form.Check
                type="switch"
                id="compare-differences"
                className="mb-3"
                label="Show differences only"
                checked={differencesOnly}
                onChange={(e) => setDifferencesOnly(e.target.checked)}
                data-testid="compare-differences"
              />
              {answer.bestMarked === false && (
                <p className="text-muted small" data-testid="compare-no-best">
                  These products are of different categories, so no value is marked “Best”.
                </p>
              )}
              <CompareTable answer={answer} differencesOnly={differencesOnly} onRemove={remove} />
            </>
          )}
        </QueryBoundary>
      )}
    </div>
  );
}

function CompareTable({
  answer,
  differencesOnly,
  onRemove,
}: {
  answer: ProductComparison;
  differencesOnly: boolean;
  onRemove: (id: string) => void;
}) {
  const { products } = answer;
  const rows = differencesOnly ? answer.rows.filter((row) => row.differs) : answer.rows;
  if (products.length === 0) return <Message variant="info">None of these products is available any more.</Message>;
  return (
    <div className="compare-scroll" tabIndex={0} role="region" aria-label="Comparison table">
      <table
        className="table compare-table"
        style={{ '--compare-columns': products.length } as CSSProperties}
        data-testid="compare-table"
      >
        <caption className="visually-hidden">
          Specifications of {products.map((p) => p.name).join(', ')}
          {answer.bestMarked !== false ? '; the best value of a row is marked “Best”.' : '.'}
        </caption>
        <thead>
          <tr>
            <td className="compare-name" />
            {products.map((p) => (
              <th key={p._id} scope="col">
                <div className="compare-product-head">
                  <ProductImage src={p.image} alt="" />
                  <Link to={paths.product.href(p.slug)}>{p.name}</Link>
                  <span className="fw-semibold">{formatPrice(p.price)}</span>
                  <Rating value={p.rating} text={`${p.numReviews} ${p.numReviews === 1 ? 'review' : 'reviews'}`} />
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 align-self-start"
                    onClick={() => onRemove(p._id)}
                  >
                    Remove<span className="visually-hidden"> {p.name}</span>
                  </button>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} data-testid="compare-row">
              <th scope="row" className="compare-name">
                {row.name}
              </th>
              {row.cells.map((cell, i) => (
                <td key={products[i]!._id} className={cell.best ? 'compare-best' : undefined}>
                  {cell.value ?? <span className="text-muted">—</span>}
                  {cell.best && (
                    <span className="badge text-bg-success ms-1" data-testid="compare-best">
                      Best
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={products.length + 1} className="text-muted">
                {differencesOnly ? 'These products have the same specifications.' : 'No specifications listed.'}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
