// The managed categories and brands (issue 29): the public lists (GET /api/categories, /api/brands, with each
// entry's product count) and the admin's writes. Their query keys live here, not in lib/queryKeys (the first
// bundle), as only the admin's screens read them.
import type { TaxonomyListEntry } from '@domain/taxonomy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import {
  brandCreate,
  brandList,
  brandMerge,
  brandRemove,
  brandRename,
  categoryCreate,
  categoryList,
  categoryMerge,
  categoryRemove,
  categoryRename,
} from '@/lib/endpoints.gen';
import { adminKeys } from '@/lib/queryKeys';

export type TaxonomyList = 'categories' | 'brands';

const taxonomyKey = [...adminKeys.all, 'taxonomy'] as const;
const listKey = (list: TaxonomyList) => [...taxonomyKey, list] as const;

const categories = {
  list: categoryList,
  create: categoryCreate,
  rename: categoryRename,
  merge: categoryMerge,
  remove: categoryRemove,
};
const brands = { list: brandList, create: brandCreate, rename: brandRename, merge: brandMerge, remove: brandRemove };
/** Each list's calls: the same inputs and answers at /api/categories and /api/brands (only the paths differ, which
 *  the routes carry at run time). */
const calls: Record<TaxonomyList, typeof categories> = { categories, brands: brands as unknown as typeof categories };

export function listEntries(list: TaxonomyList, signal?: AbortSignal): Promise<TaxonomyListEntry[]> {
  // Revalidated by its ETag each time (max-age=0), and the server's copy is cleared by every write: fresh.
  return call(calls[list].list, { signal });
}

export const createEntry = (list: TaxonomyList, name: string) => call(calls[list].create, { body: { name } });

const renameEntry = (list: TaxonomyList, id: string, name: string) =>
  call(calls[list].rename, { params: { id }, body: { name } });

const mergeEntry = (list: TaxonomyList, id: string, into: string) =>
  call(calls[list].merge, { params: { id }, body: { into } });

const deleteEntry = (list: TaxonomyList, id: string) => call(calls[list].remove, { params: { id } });

export function useTaxonomy(list: TaxonomyList) {
  return useQuery({ queryKey: listKey(list), queryFn: ({ signal }) => listEntries(list, signal) });
}

export type TaxonomyChange =
  | { op: 'create'; name: string }
  | { op: 'rename'; id: string; name: string }
  | { op: 'merge'; id: string; into: string }
  | { op: 'delete'; id: string };

/** Every write to a list; the lists are read again after it (only they: an open product form is left as loaded). */
export function useTaxonomyChange(list: TaxonomyList) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: TaxonomyChange): Promise<unknown> => {
      switch (change.op) {
        case 'create':
          return createEntry(list, change.name);
        case 'rename':
          return renameEntry(list, change.id, change.name);
        case 'merge':
          return mergeEntry(list, change.id, change.into);
        case 'delete':
          return deleteEntry(list, change.id);
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: taxonomyKey }),
  });
}
