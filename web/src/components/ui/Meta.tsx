export const SITE_NAME = 'Voltshop';
export const DEFAULT_TITLE = `Welcome To ${SITE_NAME}`;
export const DEFAULT_DESCRIPTION = 'Voltshop: the best tech products at the best prices';
export const DEFAULT_KEYWORDS = 'electronics, buy electronics, cheap electronics, tech, gadgets';

/**
 * The page title ("{title} | Voltshop", or 'Welcome To Voltshop') and, when a page has its own, description and
 * keywords; React 19 hoists them into <head>. index.html carries the default description and keywords.
 */
export function Meta({ title, description, keywords }: { title?: string; description?: string; keywords?: string }) {
  const full = title ? `${title} | ${SITE_NAME}` : DEFAULT_TITLE;
  return (
    <>
      <title>{full}</title>
      {description && description !== DEFAULT_DESCRIPTION && <meta name="description" content={description} />}
      {keywords && keywords !== DEFAULT_KEYWORDS && <meta name="keywords" content={keywords} />}
    </>
  );
}
