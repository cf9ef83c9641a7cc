// The signed-in account's saved addresses (issue 30: GET/POST/PUT/DELETE /api/users/profile/addresses, the same
// API on both backends), for the Shipping step (pick one, the last used preselected) and the Profile page (edit,
// delete). Lazy pages only.
import type { SavedAddress } from '@domain/addresses';
import type { ShippingAddress } from '@domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { addressKeys } from '@/lib/queryKeys';

const BOOK = '/api/users/profile/addresses';

export function useAddressBook(enabled = true) {
  return useQuery({
    queryKey: addressKeys.all,
    queryFn: ({ signal }) => api<SavedAddress[]>(BOOK, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** Add (no id) or edit (an id) one address; the book is read again after. */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, address }: { id?: string; address: ShippingAddress }) =>
      id
        ? api<SavedAddress>(`${BOOK}/${encodeURIComponent(id)}`, { method: 'PUT', body: address })
        : api<SavedAddress>(BOOK, { method: 'POST', body: address }),
    onSuccess: () => client.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`${BOOK}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
