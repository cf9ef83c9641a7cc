import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@domain/routes';
import { signOut } from '@/lib/session';
import { shop } from '@/lib/shop';

/** What the sign-in page says after a deletion (issue 40: it was a bare sign-in page). */
export const ACCOUNT_DELETED_NOTICE = 'Your account was deleted. Thank you for shopping with us.';

/** "Delete my account" (shop.accounts.deleteAccount): once the server has deleted it, this browser signs out too
 *  and lands on the sign-in page, which says the account was deleted (the notice rides in the history state). */
export function useDeleteAccount() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (password: string) => shop.accounts.deleteAccount(password),
    onSuccess: () => {
      // First away from the signed-in page, so its guard does not send the shopper to sign in for it.
      navigate(paths.login.href(), { replace: true, state: { notice: ACCOUNT_DELETED_NOTICE } });
      signOut();
    },
  });
}
