import { Message } from '@/components/ui/Message';
import type { CatalogPageView } from '../api/useLiveCatalog';

/** What a narrowed query tells the shopper (Firebase build: a long keyword checked in a window, a price range
 *  sorted by price, a count that stops at the cap). Empty pages have their own messages. */
export function CatalogNotices({ data }: { data: CatalogPageView }) {
  if (!data.notices?.length || data.products.length === 0) return null;
  return (
    <Message variant="info">
      {data.notices.map((notice) => (
        <span key={notice} className="d-block" data-testid="catalog-notice">
          {notice}
        </span>
      ))}
    </Message>
  );
}
