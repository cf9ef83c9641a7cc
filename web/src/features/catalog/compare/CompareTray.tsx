// Issue 41: the compare tray, a bar at the bottom of every shop page while the compare list holds a product: the
// products (each removable), "Compare" to the /compare page, and why a product was not added (the list is full).
// Lazy, through ShopExtras (lazyCompare.tsx).
import { MAX_COMPARED, MIN_COMPARED } from '@domain/specCompare';
import { isAdminPath, paths } from '@domain/routes';
import { Link, useLocation } from 'react-router-dom';
import { ProductImage } from '@/components/ui/ProductImage';
import { clearCompared, removeCompared, useCompareState } from './compareList';
import './compare.css';

export function CompareTray() {
  const { products, notice } = useCompareState();
  const { pathname } = useLocation();
  // The compare page shows them itself; the admin area is no shop page.
  if (pathname === paths.compare.path || isAdminPath(pathname)) return null;
  if (products.length === 0 && !notice) return null;
  const ready = products.length >= MIN_COMPARED;
  return (
    <aside className="compare-tray" aria-label="Compare products" data-testid="compare-tray">
      <div className="container compare-tray-inner">
        <ul className="compare-tray-items list-unstyled mb-0">
          {products.map((p) => (
            <li key={p._id} className="compare-tray-item">
              <ProductImage src={p.image} alt="" className="compare-tray-thumb" />
              <span className="compare-tray-name">{p.name}</span>
              <button
                type="button"
                className="btn-close btn-sm"
                aria-label={`Remove ${p.name} from compare`}
                onClick={() => removeCompared(p._id)}
              />
            </li>
          ))}
        </ul>
        <div className="compare-tray-actions">
          {ready ? (
            <Link
              className="btn btn-primary btn-sm"
              to={paths.compare.href(products.map((p) => p._id))}
              data-testid="compare-link"
            >
              Compare ({products.length}/{MAX_COMPARED})
            </Link>
          ) : (
            <span className="small text-muted">Add {MIN_COMPARED - products.length} more to compare</span>
          )}
          <button type="button" className="btn btn-link btn-sm" onClick={clearCompared}>
            Clear
          </button>
        </div>
        <p className="compare-tray-notice small mb-0" role="status" data-testid="compare-notice">
          {notice}
        </p>
      </div>
    </aside>
  );
}
