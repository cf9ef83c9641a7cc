// The product page's 30-day low as the owner's settings decide it (issue 41): its own lazy chunk, because the
// settings' rule (domain/priceHistory.ts showsLowestPrice: 'auto' looks for an EU country among the settings'
// countries) brings the country list (8.5 KB) that nothing else on the page uses. Loaded only for a price that
// shows a low (a compare-at price above it), after the page's first render.
import { showsLowestPrice } from '@domain/priceHistory';
import type { ShopSettings } from '@domain/settings';
import { LowestPrice } from './LowestPrice';

export function SettingsLowestPrice({
  settings,
  ...price
}: {
  settings: ShopSettings;
  price: number;
  compareAtPrice?: number;
  lowest?: number;
}) {
  return <LowestPrice {...price} lowest={showsLowestPrice(settings) ? price.lowest : undefined} />;
}
