// Issue 41: "Compare" on a product card and on the product page: a checkbox adding the product to the compare tray
// (compareList.ts). Lazy (lazyCompare.tsx): the home page's first bundle does not carry it.
import { useId } from 'react';
import { toggleCompare, useCompareState, type ComparedProduct } from './compareList';
import './compare.css';

export function CompareToggle({ product }: { product: ComparedProduct }) {
  const { products } = useCompareState();
  const id = useId();
  const checked = products.some((p) => p._id === product._id);
  return (
    <div className="form-check compare-toggle">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        checked={checked}
        onChange={() => toggleCompare(product)}
        data-testid="compare-toggle"
      />
      <label className="form-check-label" htmlFor={id}>
        Compare
        <span className="visually-hidden"> {product.name}</span>
      </label>
    </div>
  );
}
