// Issue 40: a discount code's categories, picked from the managed list (GET /api/categories) instead of typed: a
// select adds one, each chosen one is a chip with its Remove button. An older code's free text shows as the entry it
// names (case and spacing aside, as the API matches it); a name the list no longer holds is flagged, to remove.
import { taxonomyKey } from '@domain/taxonomy';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useTaxonomy } from '../api/taxonomy';

export function CategoryScopeField({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (names: string[]) => void;
}) {
  const base = useId();
  const entries = useTaxonomy('categories');
  const names = entries.data ?? [];
  const byKey = new Map(names.map((e) => [taxonomyKey(e.name), e.name]));
  const chosen = new Set(value.map(taxonomyKey));
  const label = 'Only these categories';
  return (
    <div className="mb-3">
      <label htmlFor={`${base}-add`} className="form-label">
        {label}
      </label>
      {value.length > 0 && (
        <ul className="product-picker-chips list-unstyled" aria-label={`${label}: chosen`}>
          {value.map((name) => {
            const managed = byKey.get(taxonomyKey(name));
            const shown = managed ?? name;
            return (
              <li key={name} className="product-picker-chip">
                <span className="text-break">
                  {shown}
                  {entries.isSuccess && !managed && <span className="text-danger-emphasis"> (not in the list)</span>}
                </span>
                <button
                  type="button"
                  className="btn-close"
                  aria-label={`Remove ${shown}`}
                  onClick={() => onChange(value.filter((v) => v !== name))}
                />
              </li>
            );
          })}
        </ul>
      )}
      <Form.Select
        id={`${base}-add`}
        value=""
        disabled={!entries.isSuccess}
        onChange={(e) => {
          if (e.target.value) onChange([...value, e.target.value]);
        }}
      >
        <option value="">{entries.isError ? 'Categories could not be loaded' : 'Add a category…'}</option>
        {names
          .filter((e) => !chosen.has(taxonomyKey(e.name)))
          .map((e) => (
            <option key={e._id} value={e.name}>
              {e.name}
              {e.productCount != null ? ` (${e.productCount})` : ''}
            </option>
          ))}
      </Form.Select>
    </div>
  );
}
