import type { ProfileUpdateInput, UserInfo } from '@domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { isFirebase, loadFirebase } from '@/lib/backend';
import { setUserInfo } from '@/lib/session';

/** PUT /api/users/profile: name, email and (when not empty) a new password; answers the user with a fresh token. */
export async function updateProfile(input: ProfileUpdateInput): Promise<UserInfo> {
  const user = await api<UserInfo>('/api/users/profile', { method: 'PUT', body: input });
  if (isFirebase) {
    const [fb, { refreshAfterProfileUpdate }] = await Promise.all([loadFirebase(), import('./firebaseAuth')]);
    return refreshAfterProfileUpdate(fb, user, input.password || undefined);
  }
  return user;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUserInfo(user) });
}
