// Issue 41: products show their 30-day low only where the owner's settings ask for it. The embedded server drops it
// from its answers (features/products); the Firebase build reads product documents straight from Firestore, so its
// one mapping (mapping.ts productOrNull) drops it here until the public settings say to show it. Hidden is the
// default: a figure the owner turned off is never shown, at worst one the owner wants appears a moment later.
import { withoutLowestPrice } from '@domain/lowestPrice';
import type { Product } from '@domain';
import { call } from '@/lib/api';
import { settingsPublic } from '@/lib/endpoints.gen';

let shown = false;
let asked: Promise<void> | undefined;

/** Records what the settings in force say (also for tests). */
export function setLowestPriceShown(value: boolean) {
  shown = value;
}

/** Asks the public settings once (the Firebase client calls it when it starts; a failure is asked again later). The
 *  rule and its country tables load with the answer, never with the first paint. */
export function askLowestPriceSetting(): Promise<void> {
  asked ??= Promise.all([call(settingsPublic), import('@domain/priceHistory')])
    .then(([settings, rule]) => setLowestPriceShown(rule.showsLowestPrice(settings)))
    .catch(() => {
      asked = undefined;
    });
  return asked;
}

/** The product as the settings allow it to be shown. */
export function asSettingsAllow<P extends Product>(product: P): P {
  return shown ? product : withoutLowestPrice(product);
}
