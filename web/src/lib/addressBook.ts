// The signed-in account's saved addresses (issue 30: GET/POST/PUT/DELETE /api/users/profile/addresses, the same
// API on both backends), for the Shipping step (pick one, the last used preselected) and the Profile page (edit,
// delete). Lazy pages only.

import type { ShippingAddress } from '@domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { addressAdd, addressList, addressRemove, addressUpdate } from '@/lib/endpoints.gen';
import { addressKeys } from '@/lib/queryKeys';

export function useAddressBook(enabled = true) {
  return useQuery({
    queryKey: addressKeys.all,
    queryFn: ({ signal }) => call(addressList, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** Add (no id) or edit (an id) one address; the book is read again after. */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, address }: { id?: string; address: ShippingAddress }) =>
      id ? call(addressUpdate, { params: { id }, body: address }) : call(addressAdd, { body: address }),
    onSuccess: () => client.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(addressRemove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
