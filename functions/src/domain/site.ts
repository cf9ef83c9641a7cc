// The shop's name and default page texts: the web's <Meta> and the server-rendered page heads (features/pages).
export const SITE_NAME = 'Voltshop';
export const DEFAULT_TITLE = `Welcome To ${SITE_NAME}`;
export const DEFAULT_DESCRIPTION = 'Voltshop: the best tech products at the best prices';
export const DEFAULT_KEYWORDS = 'electronics, buy electronics, cheap electronics, tech, gadgets';

/** A page's full title: "{title} | Voltshop", or the default title. */
export const pageTitle = (title?: string) => (title ? `${title} | ${SITE_NAME}` : DEFAULT_TITLE);

/** The shop's postal address, as the contact page, invoices and packing slips print it (placeholder: spec 1). */
export const SHOP_ADDRESS = ['Voltshop Ltd.', '123 Circuit Avenue', 'Springfield, ST 12345', 'United States'] as const;

/** The shop's customer-service address (placeholder), as the contact page and the policies give it. */
export const CONTACT_EMAIL = 'support@voltshop.example';

/** The shop's phone number (placeholder), until the owner sets theirs (settings.store.phone, issue 40). */
export const SHOP_PHONE = '+1 (555) 010-0199';
