import { DEFAULT_DESCRIPTION, DEFAULT_KEYWORDS, pageTitle } from '@domain/site';

export { DEFAULT_DESCRIPTION, DEFAULT_KEYWORDS, DEFAULT_TITLE, SITE_NAME } from '@domain/site';

/**
 * The page title ("{title} | Voltshop", or 'Welcome To Voltshop') and, when a page has its own, description and
 * keywords; React 19 hoists them into <head>. index.html carries the default description and keywords.
 */
export function Meta({ title, description, keywords }: { title?: string; description?: string; keywords?: string }) {
  const full = pageTitle(title);
  return (
    <>
      <title>{full}</title>
      {description && description !== DEFAULT_DESCRIPTION && <meta name="description" content={description} />}
      {keywords && keywords !== DEFAULT_KEYWORDS && <meta name="keywords" content={keywords} />}
    </>
  );
}
