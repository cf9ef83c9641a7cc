import { lazy, Suspense, useState } from 'react';
import { useMiniCartOpen } from '../miniCart';

// The panel (and react-bootstrap's Offcanvas) loads on the first open, keeping it out of every page's first load.
const MiniCartPanel = lazy(() => import('./MiniCartPanel'));

/** The header's mini-cart: nothing until the shopper first opens it, then the offcanvas panel. */
export function MiniCart() {
  const open = useMiniCartOpen();
  const opened = useOpenedOnce(open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <MiniCartPanel />
    </Suspense>
  );
}

/** True from the first time `open` is true (so the panel can play its closing transition afterwards). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
