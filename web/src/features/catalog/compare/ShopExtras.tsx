// Issue 41: what the layout shows on every shop page after the page itself (lazily, lazyCompare.tsx): the compare
// tray (fixed at the bottom) and, on the home page, "Recently viewed". One lazy place in the layout instead of one
// per page keeps the first bundle from growing.
import { paths } from '@domain/routes';
import { useLocation } from 'react-router-dom';
import { CompareTray } from './CompareTray';
import { RecentlyViewed } from './RecentlyViewed';

export function ShopExtras() {
  const { pathname } = useLocation();
  return (
    <>
      {pathname === paths.home.path && <RecentlyViewed />}
      <CompareTray />
    </>
  );
}
