import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useUserInfo } from '@/lib/session';

/**
 * The `redirect` query of /login and /register: where to go after signing in (default /).
 * Only paths inside the shop are followed ("shipping" and "/shipping" both mean /shipping); anything
 * that could leave the site (//evil.example, https://...) falls back to /.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw) return '/';
  const path = raw.startsWith('/') ? raw : `/${raw}`;
  if (path.startsWith('//') || path.startsWith('/\\') || /^\/*[a-z][a-z0-9+.-]*:/i.test(path.slice(1))) return '/';
  return path;
}

/**
 * For /login and /register: the safe redirect target, whether one was asked for (to pass it on between the two
 * pages), and the move there as soon as someone is signed in (now, or already when the page opens).
 */
export function useRedirectWhenSignedIn(): { redirect: string; asked: boolean } {
  const [search] = useSearchParams();
  const raw = search.get('redirect');
  const redirect = safeRedirect(raw);
  const user = useUserInfo();
  const navigate = useNavigate();
  useEffect(() => {
    if (user) navigate(redirect, { replace: true });
  }, [user, redirect, navigate]);
  return { redirect, asked: !!raw };
}
