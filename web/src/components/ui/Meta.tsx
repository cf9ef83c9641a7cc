import { useLayoutEffect } from 'react';
import { DEFAULT_DESCRIPTION, DEFAULT_KEYWORDS, DEFAULT_TITLE, pageTitle } from '@domain/site';

export { DEFAULT_DESCRIPTION, DEFAULT_KEYWORDS, DEFAULT_TITLE, SITE_NAME } from '@domain/site';

/** Sets the content of one `<meta name>` of <head> (index.html and the server's page heads carry each). */
function setHeadMeta(name: 'description' | 'keywords', content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * The page title ("{title} | Voltshop", or 'Welcome To Voltshop') and, when a page has its own, description and
 * keywords, written into <head> while the page shows; the defaults (index.html's) when it goes. Written by effects
 * rather than rendered as <title> and <meta> elements: the shop's production build runs on Preact (docs/architecture.md),
 * which renders those where they stand, in <body>, and not into <head> as React 19 hoists them.
 */
export function Meta({ title, description, keywords }: { title?: string; description?: string; keywords?: string }) {
  const full = pageTitle(title);
  useLayoutEffect(() => {
    document.title = full;
    return () => void (document.title = DEFAULT_TITLE);
  }, [full]);
  useLayoutEffect(() => {
    setHeadMeta('description', description || DEFAULT_DESCRIPTION);
    return () => setHeadMeta('description', DEFAULT_DESCRIPTION);
  }, [description]);
  useLayoutEffect(() => {
    setHeadMeta('keywords', keywords || DEFAULT_KEYWORDS);
    return () => setHeadMeta('keywords', DEFAULT_KEYWORDS);
  }, [keywords]);
  return null;
}
