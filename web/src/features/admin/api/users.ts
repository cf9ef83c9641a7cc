import type { AdminUserUpdateInput, OpenOrders, UserPage, UserSummary } from '@domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionStore, setUserInfo } from '@/lib/session';
import { call } from '@/lib/api';
import { userDelete, userGet, userList, userOpenOrders, userPasswordReset, userUpdate } from '@/lib/endpoints.gen';
import { userKeys } from '@/lib/queryKeys';

/** GET /api/users?pageNumber=… (admin): one page of 50 users (_id, name, email, isAdmin), searched by the server. */
export function getUserPage(params: { pageNumber: number; search?: string }, signal?: AbortSignal) {
  return call(userList, { query: params, signal }) as Promise<UserPage>;
}

/** GET /api/users/:id (admin). */
export function getUser(id: string, signal?: AbortSignal): Promise<UserSummary> {
  return call(userGet, { params: { id }, signal });
}

/** GET /api/users/:id/open-orders (admin): the user's unpaid (still held) and paid, undelivered orders. */
export function getOpenOrders(id: string, signal?: AbortSignal): Promise<OpenOrders> {
  return call(userOpenOrders, { params: { id }, signal });
}

/** PUT /api/users/:id (admin): name, email, isAdmin. 400 when an admin removes their own admin rights. */
export function updateUser(id: string, input: AdminUserUpdateInput): Promise<UserSummary> {
  return call(userUpdate, { params: { id }, body: { _id: id, ...input } });
}

/** DELETE /api/users/:id (admin). 400 'You cannot delete your own account' for the caller's own id. */
export function deleteUser(id: string): Promise<{ message: string }> {
  return call(userDelete, { params: { id } });
}

export function useUserPage(params: { pageNumber: number; search?: string }) {
  return useQuery({
    queryKey: [...userKeys.list(), params],
    queryFn: ({ signal }) => getUserPage(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string) {
  return useQuery({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });
}

export function useUpdateUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUserUpdateInput) => updateUser(id, input),
    onSuccess: (user) => {
      // An admin renaming themselves sees the new name in the header at once (the token stays valid).
      const me = sessionStore.get();
      if (me && me._id === user._id) setUserInfo({ ...me, name: user.name, email: user.email, isAdmin: user.isAdmin });
      client.setQueryData(userKeys.detail(id), user);
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteUser(id),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /api/users/:id/password-reset (admin): emails the user a password reset link. */
export function useSendPasswordResetLink(id: string) {
  return useMutation({
    mutationFn: () => call(userPasswordReset, { params: { id } }),
  });
}
