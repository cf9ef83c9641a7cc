import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@domain/routes';
import { useUserInfo } from '@/lib/session';

/** Signed-out visitors go to /login?redirect=<where they were>, and come back after signing in. */
export function RequireAuth() {
  const user = useUserInfo();
  const location = useLocation();
  if (!user) return <Navigate to={paths.login.href(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/** Admin pages: signed-out visitors go to the login page, signed-in non-admins go home. */
export function RequireAdmin() {
  const user = useUserInfo();
  const location = useLocation();
  if (!user) return <Navigate to={paths.login.href(location.pathname + location.search)} replace />;
  if (!user.isAdmin) return <Navigate to={paths.home.href()} replace />;
  return <Outlet />;
}
