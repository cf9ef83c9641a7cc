// The embedded server's calls for a shopper's account, an admin's upload and the signed-in cart: loaded on first use
// (lib/shop/embedded.ts), so a visitor's first page does without them.
import type { LoginInput, RegisterInput } from '@domain';

import { IMAGE_TOO_BIG_MESSAGE } from '@domain/limits';
import { call } from '@/lib/api';
import { upload } from '@/lib/fileTransfer';
import {
  cartGet,
  cartPut,
  imageUpload,
  login as loginCall,
  passwordResetRequest,
  profileDelete,
  profileExport,
  register as registerCall,
} from '@/lib/endpoints.gen';
import type { WatchLive } from '@/lib/live/types';
import type { CartRemote } from './types';

export const login = (input: LoginInput) => call(loginCall, { body: input });

export const register = (input: RegisterInput) => call(registerCall, { body: input });

export const exportData = () => call(profileExport);

export const deleteAccount = (password: string) => call(profileDelete, { body: { password } });

/** POST /api/users/password-reset: 202, the same answer whether or not the address has an account. */
export const requestPasswordReset = (email: string) => call(passwordResetRequest, { body: { email } });

/** POST /api/upload (admin): multipart, the file in the field `image`; answers the stored path as text. */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  return upload(imageUpload.path, form, { onProgress, statusMessages: { 413: IMAGE_TOO_BIG_MESSAGE } });
}

/** The account's cart on the server (GET/PUT /api/cart), followed by the live source's cart events (`watchLive`:
 *  lib/live's watch, or a test's). */
export function serverCartRemote(uid: string, watchLive: WatchLive): CartRemote {
  return {
    load: () => call(cartGet).then((stored) => stored.items),
    save: (lines) => call(cartPut, { body: { items: lines } }).then(() => undefined),
    watch: ({ onChange, onResync }) => watchLive((live) => live.watchCart(uid, { onChange, onResync })),
  };
}
