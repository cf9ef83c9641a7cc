// The header menus' lazy parts, in one chunk loaded when a menu is first pointed at or focused, so the home page's
// first bundle carries only their buttons: the open list (DropdownList.tsx) and the category menu's entries (issue 40:
// browse). One chunk, not two: Rolldown allows 6-character hashes for at most 64 chunks (vite.config.ts).
// The categories and their counts are the whole catalogue's facet counts (GET /api/products/facets, both backends),
// most products first.
import { paths } from '@domain/routes';
import { shop } from '@/lib/shop';
import type { MenuEntry } from './DropdownMenu';

export { DropdownList } from './DropdownList';

let loaded: Promise<MenuEntry[]> | undefined;

/** The entries, asked for once; a failure says so, and the next interest asks again. */
export function categoryEntries(): Promise<MenuEntry[]> {
  loaded ??= shop.catalog.facets({}).then(
    ({ categories }) => [
      { label: 'All products', to: paths.home.href() },
      ...categories.map((c) => ({ label: `${c.value} (${c.count})`, to: paths.category.href(c.value) })),
    ],
    () => {
      loaded = undefined;
      return [{ label: 'Categories could not be loaded' }];
    },
  );
  return loaded;
}
