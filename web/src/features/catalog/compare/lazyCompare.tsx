// Issue 41: the compare toggles, and the shop's extras (the compare tray, the home page's "Recently viewed"), lazily:
// the first bundle holds only these declarations; the cards, the product page and the layout share the one chunk
// (compareUi.ts), loaded after the page has rendered.
import { lazy } from 'react';

const load = () => import('./compareUi');
export const LazyCompareToggle = lazy(() => load().then((m) => ({ default: m.CompareToggle })));
export const LazyShopExtras = lazy(() => load().then((m) => ({ default: m.ShopExtras })));
