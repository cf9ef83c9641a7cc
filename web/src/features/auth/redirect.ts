import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useUserInfo } from '@/lib/session';

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;
const ORIGIN = 'https://voltshop.invalid';

/**
 * The `redirect` query of /login and /register: where to go after signing in (default /).
 * Only paths inside the shop are followed ("shipping" and "/shipping" both mean /shipping); anything
 * that could leave the site (//evil.example, https://..., /\evil.example) falls back to /. Control characters
 * are removed first: the browser's URL parser drops tab, CR and LF, so `/\t/evil.example` means `//evil.example`.
 */
export function safeRedirect(raw: string | null | undefined): string {
  const cleaned = raw?.replace(CONTROL_CHARACTERS, '');
  if (!cleaned) return '/';
  const path = cleaned.startsWith('/') ? cleaned : `/${cleaned}`;
  if (path.startsWith('//') || path.startsWith('/\\') || /^\/*[a-z][a-z0-9+.-]*:/i.test(path.slice(1))) return '/';
  // Same origin as the URL parser resolves it (the last word on what the browser would open).
  try {
    if (new URL(path, ORIGIN).origin !== ORIGIN) return '/';
  } catch {
    return '/';
  }
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
