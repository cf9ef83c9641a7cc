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
