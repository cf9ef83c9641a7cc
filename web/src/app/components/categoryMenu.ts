// The header's category menu (issue 40: browse): its entries, in a chunk of their own loaded when the menu is first
// pointed at or focused, so the home page's first bundle carries only the button. The categories and their counts are
// the whole catalogue's facet counts (GET /api/products/facets, both backends), most products first.
import { paths } from '@domain/routes';
import { shop } from '@/lib/shop';
import type { MenuEntry } from './DropdownMenu';

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
