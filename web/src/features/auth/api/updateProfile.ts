import type { ProfileUpdateInput, UserInfo } from '@domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { profileUpdate } from '@/lib/endpoints.gen';
import { shop } from '@/lib/shop';
import { setUserInfo } from '@/lib/session';

/** PUT /api/users/profile: name, email and (when not empty) a new password; answers the user with a fresh token. */
export async function updateProfile(input: ProfileUpdateInput): Promise<UserInfo> {
  const user: UserInfo = await call(profileUpdate, { body: input });
  return shop.auth.profileUpdated(user, input.password || undefined);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUserInfo(user) });
}
