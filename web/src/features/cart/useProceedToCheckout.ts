import { useNavigate } from 'react-router-dom';
import { paths } from '@domain/routes';
import { useUserInfo } from '@/lib/session';

/** Proceed To Checkout (spec: /shipping with a stored user, else /login back to /shipping). */
export function useProceedToCheckout(): () => void {
  const user = useUserInfo();
  const navigate = useNavigate();
  return () => navigate(user ? paths.shipping.href() : paths.login.href(paths.shipping.href()));
}
