// Issue 41's storefront extras as one chunk: loaded lazily by the cards and the layout (lazyCompare.tsx), statically
// by the product and compare pages, which import these from here so that no smaller chunks split off.
export { CompareToggle } from './CompareToggle';
export { ShopExtras } from './ShopExtras';
export { RecentlyViewed } from './RecentlyViewed';
export { rememberViewed } from './recentlyViewed';
export { removeCompared } from './compareList';
