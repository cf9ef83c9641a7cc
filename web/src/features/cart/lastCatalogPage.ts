// Where "Continue shopping" goes back to (issue 30): the last catalogue page (a listing, a search, a category or a
// product) in this tab's history before the cart, else home. Read from the browser's Navigation API history
// (navigation.entries()), so no page has to record its visits (the catalogue's listing pages are in the home page's
// first bundle, which has no room); a browser without the API goes home.
import { paths } from '@domain/routes';
import { matchPath } from 'react-router-dom';

const CATALOG_PATHS = [
  paths.home.path,
  paths.page.path,
  paths.search.path,
  paths.searchPage.path,
  paths.category.path,
  paths.categoryPage.path,
  paths.product.path,
];

interface HistoryEntry {
  url: string | null;
}
interface NavigationHistory {
  entries(): HistoryEntry[];
  currentEntry: { index: number } | null;
}

export function isCatalogPath(pathname: string): boolean {
  return CATALOG_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}

export function lastCatalogPage(
  navigation = (globalThis as { navigation?: NavigationHistory }).navigation,
  origin = globalThis.location?.origin,
): string {
  const current = navigation?.currentEntry;
  if (!navigation || !current) return paths.home.href();
  const earlier = navigation.entries().slice(0, current.index).reverse();
  for (const entry of earlier) {
    if (!entry.url) continue;
    const url = new URL(entry.url);
    if (url.origin === origin && isCatalogPath(url.pathname)) return url.pathname + url.search;
  }
  return paths.home.href();
}
