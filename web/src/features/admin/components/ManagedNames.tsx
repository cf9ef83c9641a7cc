// The product form's category and brand come from the managed lists (issue 29): the field offers the list's names
// (a datalist), and a value not in the list offers to create it through the API (the save would be refused
// otherwise: the admin's form takes only managed values).
import Button from 'react-bootstrap/Button';
import { errorMessage } from '@/lib/api';
import { useTaxonomy, useTaxonomyChange, type TaxonomyList } from '../api/taxonomy';

const ONE = { categories: 'category', brands: 'brand' } as const;

/** The datalist `id` names (the field's `list`), and the "create it" offer for `value` when it is new. */
export function ManagedNames({ list, id, value }: { list: TaxonomyList; id: string; value: string }) {
  const entries = useTaxonomy(list);
  const create = useTaxonomyChange(list);
  const names = entries.data?.map((e) => e.name) ?? [];
  const typed = value.trim();
  const known = typed === '' || names.some((n) => n.toLowerCase() === typed.toLowerCase());
  return (
    <>
      <datalist id={id}>
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      {entries.isSuccess && !known && (
        <p className="small mt-n2 mb-3">
          “{typed}” is not a {ONE[list]} yet.{' '}
          <Button
            variant="link"
            size="sm"
            className="p-0 align-baseline"
            disabled={create.isPending}
            onClick={() => create.mutate({ op: 'create', name: typed })}
          >
            Create {ONE[list]} “{typed}”
          </Button>
          {create.isError && (
            <span role="alert" className="text-danger ms-2">
              {errorMessage(create.error)}
            </span>
          )}
        </p>
      )}
    </>
  );
}
