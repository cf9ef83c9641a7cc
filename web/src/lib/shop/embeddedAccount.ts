// The embedded server's calls for a shopper's account, an admin's upload and the signed-in cart: loaded on first use
// (lib/shop/embedded.ts), so a visitor's first page does without them.
import type { LoginInput, RegisterInput, UserInfo } from '@domain';
import type { StoredCart } from '@domain/cart';
import { IMAGE_TOO_BIG_MESSAGE } from '@domain/limits';
import { api, upload } from '@/lib/api';
import type { WatchLive } from '@/lib/live/types';
import type { CartRemote } from './types';

export const login = (input: LoginInput) => api<UserInfo>('/api/users/login', { method: 'POST', body: input });

export const register = (input: RegisterInput) => api<UserInfo>('/api/users', { method: 'POST', body: input });

export const exportData = () => api<unknown>('/api/users/profile/export');

export const deleteAccount = (password: string) =>
  api<{ message: string }>('/api/users/profile', { method: 'DELETE', body: { password } });

/** POST /api/users/password-reset: 202, the same answer whether or not the address has an account. */
export const requestPasswordReset = (email: string) =>
  api<{ message: string }>('/api/users/password-reset', { method: 'POST', body: { email } });

/** POST /api/upload (admin): multipart, the file in the field `image`; answers the stored path as text. */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  return upload('/api/upload', form, { onProgress, statusMessages: { 413: IMAGE_TOO_BIG_MESSAGE } });
}

/** The account's cart on the server (GET/PUT /api/cart), followed by the live source's cart events (`watchLive`:
 *  lib/live's watch, or a test's). */
export function serverCartRemote(uid: string, watchLive: WatchLive): CartRemote {
  return {
    load: () => api<StoredCart>('/api/cart').then((stored) => stored.items),
    save: (lines) => api<StoredCart>('/api/cart', { method: 'PUT', body: { items: lines } }).then(() => undefined),
    watch: ({ onChange, onResync }) => watchLive((live) => live.watchCart(uid, { onChange, onResync })),
  };
}
