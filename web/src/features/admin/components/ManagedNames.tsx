// The product form's category and brand come from the managed lists (issue 29): the field offers the list's names
// (a datalist). A value not in the list is created when the form is saved (issue 40, the spec's one Update button:
// ProductForm `createNewNames`); a near miss of a managed name ("Accesories") is pointed out first.
import { isNewManagedName, nearManagedName } from '@domain/taxonomy';
import { useTaxonomy, type TaxonomyList } from '../api/taxonomy';

const ONE = { categories: 'category', brands: 'brand' } as const;

/** The datalist `id` names (the field's `list`), and for a new `value` what Update will do (and any near miss). */
export function ManagedNames({ list, id, value }: { list: TaxonomyList; id: string; value: string }) {
  const entries = useTaxonomy(list);
  const names = entries.data ?? [];
  const typed = value.trim();
  const isNew = entries.isSuccess && isNewManagedName(names, typed);
  const near = isNew ? nearManagedName(names, typed) : undefined;
  return (
    <>
      <datalist id={id}>
        {names.map((n) => (
          <option key={n.name} value={n.name} />
        ))}
      </datalist>
      {isNew && (
        <p className={`small mt-n2 mb-3${near ? ' text-warning-emphasis' : ''}`} data-testid={`new-${ONE[list]}`}>
          {near && <strong>Did you mean “{near}”? </strong>}“{typed}” is not a {ONE[list]} yet: Update creates it.
        </p>
      )}
    </>
  );
}
