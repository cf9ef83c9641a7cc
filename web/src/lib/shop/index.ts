// The one place the web names its backend, fixed at build time (VITE_BACKEND=firebase npm run build -w web).
// Vite replaces import.meta.env at build time, so each build keeps one implementation and drops the other: the
// embedded build has no Firebase code at all (lib/firebase is reached only through firebaseShop).
import { firebaseShop } from '@/lib/firebase/client';
import { embeddedShop } from './embedded';
import type { ShopClient } from './types';

export type { CartRemote, CatalogPageView, CatalogRequest, ShopClient } from './types';

export const shop: ShopClient = import.meta.env.VITE_BACKEND === 'firebase' ? firebaseShop : embeddedShop;
