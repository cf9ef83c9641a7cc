import { useMutation } from '@tanstack/react-query';
import { signOut } from '@/lib/session';
import { shop } from '@/lib/shop';

/** "Delete my account" (shop.accounts.deleteAccount): once the server has deleted it, this browser signs out too. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => shop.accounts.deleteAccount(password),
    onSuccess: () => signOut(),
  });
}
